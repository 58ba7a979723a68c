import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export { expect, test } from "@playwright/test";

export type Member = { username: string; password: string; email: string; displayName: string };

let sequence = 0;

/** A member no other test (or earlier run on the same database) has used. */
export function newMember(): Member {
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${(sequence++).toString(36)}`;
  return {
    username: `member_${id}`,
    password: "Grace2Peace",
    email: `member_${id}@example.com`,
    displayName: `Ruth ${id.slice(-5)}`,
  };
}

/**
 * Registers a new member and leaves the page signed in as them: through the register form
 * (`via: "ui"`), or through the API with the page's own cookie jar (the default, faster).
 */
export async function register(page: Page, options: { via?: "ui" | "api"; member?: Member } = {}): Promise<Member> {
  const member = options.member ?? newMember();
  if (options.via === "ui") {
    await page.goto("/auth/register");
    await page.getByLabel("Full Name").fill(member.displayName);
    await page.getByLabel("Username").fill(member.username);
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/");
    return member;
  }
  const response = await page.request.post("/api/auth/register", {
    data: { username: member.username, email: member.email, password: member.password, displayName: member.displayName },
  });
  expect(response.status(), await response.text()).toBe(201);
  return member;
}

/** Signs in through the Sign In form and waits for the home page. */
export async function login(page: Page, credentials: { username: string; password: string }): Promise<void> {
  await page.goto("/auth/login");
  await page.getByLabel("Username").fill(credentials.username);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL("/");
}

/** Fails on any serious or critical axe violation of the page as it is now. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const summaries = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => `${node.target.join(" ")}${node.failureSummary ? ` [${node.failureSummary.replace(/\s+/g, " ")}]` : ""}`)
        .join("; ")}`,
  );
  expect(summaries, `axe violations on ${page.url()}`).toEqual([]);
}

/** Waits for a toast with this title (and description) in Radix's toast region ("Notifications (F8)"). */
export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const region = page.getByRole("region", { name: "Notifications (F8)" });
  const toast = region.getByRole("listitem").filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description !== undefined) await expect(toast.first()).toContainText(description);
}
