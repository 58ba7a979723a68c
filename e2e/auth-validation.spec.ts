import { messages } from "../src/shared/messages";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

/** The field shows `message` under it and points to it with aria-describedby. */
async function expectFieldError(page: Page, field: Locator, message: string) {
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  const ids = describedBy.split(" ").filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
}

test.describe("the auth page's validation", () => {
  test("Sign In: required fields on submit, re-checked on change", async ({ page }) => {
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/login")) calls.push(request.url());
    });
    await page.goto("/auth/login");
    const username = page.getByLabel("Username");
    const password = page.getByLabel("Password", { exact: true });

    // Nothing is said before the first submit.
    await username.fill("x");
    await username.fill("");
    await expect(page.getByText(messages.usernameRequired)).toHaveCount(0);

    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectFieldError(page, username, messages.usernameRequired);
    await expectFieldError(page, password, messages.passwordRequired);
    await expectNoA11yViolations(page);

    await username.fill("ruth");
    await expect(page.getByText(messages.usernameRequired)).toHaveCount(0);
    await expect(username).not.toHaveAttribute("aria-invalid", "true");
    await password.fill("secret");
    await expect(page.getByText(messages.passwordRequired)).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test("Register: every rule's message on submit, re-checked on change", async ({ page }) => {
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/register")) calls.push(request.url());
    });
    await page.goto("/auth/register");
    const displayName = page.getByLabel("Full Name");
    const username = page.getByLabel("Username");
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password", { exact: true });
    const terms = page.getByRole("checkbox", { name: /I agree to the Terms of Service and Privacy Policy/ });

    await page.getByRole("button", { name: "Create Account" }).click();
    await expectFieldError(page, displayName, messages.displayNameRequired);
    await expectFieldError(page, username, messages.usernameMin);
    await expectFieldError(page, email, messages.emailInvalid);
    await expectFieldError(page, password, messages.passwordMin);
    await expectFieldError(page, terms, messages.termsRequired);
    await expectNoA11yViolations(page);

    await displayName.fill("Ruth Naomi");
    await expect(page.getByText(messages.displayNameRequired)).toHaveCount(0);

    await username.fill("ru");
    await expect(page.getByText(messages.usernameMin)).toBeVisible();
    await username.fill("ruth");
    await expect(page.getByText(messages.usernameMin)).toHaveCount(0);

    await email.fill("ruth@");
    await expect(page.getByText(messages.emailInvalid)).toBeVisible();
    await email.fill("ruth@example.com");
    await expect(page.getByText(messages.emailInvalid)).toHaveCount(0);

    await password.fill("Abc1");
    await expect(page.getByText(messages.passwordMin)).toBeVisible();
    await password.fill("abcdefg1");
    await expect(page.getByText(messages.passwordUpper)).toBeVisible();
    await password.fill("ABCDEFG1");
    await expect(page.getByText(messages.passwordLower)).toBeVisible();
    await password.fill("Abcdefgh");
    await expect(page.getByText(messages.passwordNumber)).toBeVisible();
    await password.fill("Abcdefg1");
    for (const message of [messages.passwordMin, messages.passwordUpper, messages.passwordLower, messages.passwordNumber]) {
      await expect(page.getByText(message)).toHaveCount(0);
    }

    await terms.check();
    await expect(page.getByText(messages.termsRequired)).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test("the tabs follow the route", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByRole("tab", { name: "Register" }).click();
    await expect(page).toHaveURL("/auth/register");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/auth/login");
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("link", { name: "Register now" }).click();
    await expect(page).toHaveURL("/auth/register");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});
