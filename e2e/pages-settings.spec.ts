import { expect, expectNoA11yViolations, expectToast, login, register, test } from "./fixtures";

test("a member changes their password in /settings and signs in with the new one", async ({ page }) => {
  const member = await register(page);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByText(member.displayName).first()).toBeVisible();
  await expect(page.getByRole("switch", { name: "Read receipts" })).toBeEnabled();
  await expectNoA11yViolations(page);

  // The spec's password rules, from the shared contract.
  await page.getByLabel("Current password").fill(member.password);
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("alllowercase1");
  await expect(page.getByText("Password must contain at least one uppercase letter")).toBeVisible();

  const newPassword = "Renewed2Hope";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expectToast(page, "Password Changed", /other devices/);

  // Sign out from settings, then the old password fails and the new one works.
  await page.getByRole("button", { name: "Log out" }).click();
  await expectToast(page, "Logged Out");
  const old = await page.request.post("/api/auth/login", { data: { username: member.username, password: member.password } });
  expect(old.status()).toBe(401);
  await login(page, { username: member.username, password: newPassword });
});

test("message preferences saved in /settings persist", async ({ page }) => {
  await register(page);
  await page.goto("/settings");
  const online = page.getByRole("switch", { name: "Online status" });
  await expect(online).toHaveAttribute("aria-checked", "true");
  await online.click();
  await expect(online).toHaveAttribute("aria-checked", "false");
  await expect.poll(async () => (await (await page.request.get("/api/messages/settings")).json()).onlineStatus).toBe(false);
  await page.reload();
  await expect(page.getByRole("switch", { name: "Online status" })).toHaveAttribute("aria-checked", "false");

  await page.getByRole("button", { name: "Dark", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Light", exact: true }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("signed out, /settings and /account ask to sign in; /account shows the plan when signed in", async ({ page }) => {
  for (const path of ["/settings", "/account"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth/login");
  }
  await expectNoA11yViolations(page);
  await register(page);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Subscription", level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByText("Free Account").first()).toBeVisible();
  await expect(page.getByRole("table")).toContainText("Premium Member badge");
  await expectNoA11yViolations(page);
});
