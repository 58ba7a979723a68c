import { GREETINGS } from "../src/shared/constants";
import { greetingFor } from "../src/web/features/home/greeting";
import { expect, expectNoA11yViolations, expectToast, login, newMember, register, test } from "./fixtures";

test("a new member registers, is greeted by name, logs out and logs back in", async ({ page }) => {
  // Four axe passes over full pages: give it room on a busy machine.
  test.setTimeout(120_000);
  const member = newMember();

  await page.goto("/auth/register");
  await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
  await expectNoA11yViolations(page);
  await register(page, { via: "ui", member });
  await expectToast(page, "Registration Successful", member.displayName);

  // The greeting: one of the spec's greetings addressed to the member, e.g. "Hello again, Ruth Jensen!".
  const greeting = page.getByRole("heading", { level: 1 });
  await expect(greeting).toContainText(member.displayName);
  const text = (await greeting.textContent()) ?? "";
  expect(GREETINGS.map((candidate) => greetingFor(candidate, member.displayName))).toContain(text);
  expect(text).not.toContain("!,");
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);

  // The sidebar's member card.
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await expect(sidebar).toContainText(member.displayName);
  await expect(sidebar).toContainText("Free Account");
  await expectNoA11yViolations(page);

  // The avatar menu: its code loads on first use, from the keyboard as from a click, and Escape gives focus back.
  const accountButton = page.getByRole("button", { name: /Account menu/ });
  await expect(accountButton).toHaveAttribute("aria-haspopup", "menu");
  await accountButton.focus();
  await page.keyboard.press("ArrowDown");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "My Account" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(accountButton).toBeFocused();
  await accountButton.click();
  for (const item of ["My Account", "Profile", "Settings", "Subscription", "Log out"]) {
    await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
  }
  await expect(menu.getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", /^\/profile\/\d+$/);
  await expectNoA11yViolations(page);
  await menu.getByRole("menuitem", { name: "Log out" }).click();
  await expectToast(page, "Logged Out", "You have been logged out successfully.");
  await expect(page.getByRole("region", { name: /Welcome to/ })).toBeVisible();

  // The session really ended on the server.
  const current = await page.request.get("/api/auth/current");
  expect(current.status()).toBe(401);

  await login(page, member);
  await expectToast(page, "Welcome back!", `You are now logged in as ${member.displayName}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(member.displayName);

  // A signed-in member who opens /auth is sent home.
  await page.goto("/auth/login");
  await expect(page).toHaveURL("/");
});

test("a wrong password shows the server's message in a Login Failed toast", async ({ page }) => {
  const member = await register(page);
  await page.request.post("/api/auth/logout");
  await page.goto("/auth/login");
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Password", { exact: true }).fill("Wrong-password-1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(page, "Login Failed", "Invalid username or password.");
  await expect(page).toHaveURL("/auth/login");
});

test("a taken username shows the server's message in a Registration Failed toast", async ({ page }) => {
  const existing = await register(page);
  await page.request.post("/api/auth/logout");
  const member = { ...newMember(), username: existing.username };
  await page.goto("/auth/register");
  await page.getByLabel("Full Name").fill(member.displayName);
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Registration Failed", "That username is already taken.");
  await expect(page).toHaveURL("/auth/register");
});

test("the password can be shown and hidden, and Remember me is sent", async ({ page }) => {
  const member = await register(page);
  await page.request.post("/api/auth/logout");
  await page.goto("/auth");
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill(member.password);
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  await page.getByLabel("Username").fill(member.username);
  await page.getByRole("checkbox", { name: "Remember me" }).check();
  const requestPromise = page.waitForRequest((request) => request.url().endsWith("/api/auth/login"));
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const request = await requestPromise;
  expect(request.postDataJSON()).toMatchObject({ username: member.username, rememberMe: true });
  await expect(page).toHaveURL("/");
});
