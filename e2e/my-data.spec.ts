import fs from "node:fs";
import { expect, expectNoA11yViolations, login, register, test } from "./fixtures";

test("a member downloads their data, asks to delete their account, and signing in again cancels it", async ({ page }) => {
  // Two sign-ins, a download and an axe pass on a small, shared machine.
  test.slow();
  const member = await register(page);
  await page.request.post("/api/posts", { data: { content: "My first post, to take with me" } });
  await page.goto("/settings");
  // The settings page is a lazy chunk: on a loaded machine it may take a while to arrive.
  await expect(page.getByText("Download everything you created, or delete your account.")).toBeVisible({ timeout: 30_000 });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download My Data" }).click()]);
  expect(download.suggestedFilename()).toBe(`my-data-${member.username}.zip`);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  expect(bytes.includes(Buffer.from("data.json"))).toBe(true);

  await page.getByRole("button", { name: "Delete Account…" }).click();
  await expect(page.getByText(/deleted in 14 days/)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("Confirm with your password").fill("Wrong-password-1");
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page.getByText("Your password is incorrect.")).toBeVisible();
  await page.getByLabel("Confirm with your password").fill(member.password);
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page).toHaveURL(/\/\?deletion=/);
  await expect(page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Sign In" })).toBeVisible();
  expect((await page.request.get("/api/auth/current")).status()).toBe(401);

  // Signing in within the grace period keeps the account.
  await login(page, member);
  const status = await page.request.get("/api/me/deletion");
  expect(await status.json()).toEqual({ scheduledFor: null });
});
