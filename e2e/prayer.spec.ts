import type { APIRequestContext } from "@playwright/test";
import { expect, expectNoA11yViolations, expectToast, login, newMember, test, type Member } from "./fixtures";

const ADMIN = { username: "pastordavid", password: "Blessed2026" };

async function registerVia(api: APIRequestContext, member: Member): Promise<number> {
  const response = await api.post("/api/auth/register", {
    data: { username: member.username, email: member.email, password: member.password, displayName: member.displayName },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test("a new member asks anonymously, the care team publishes it, another member prays, and the requester marks it answered", async ({
  page,
  playwright,
  baseURL,
}) => {
  // Several sign-ins and axe passes on a small, shared machine.
  test.slow();
  const requester = newMember();
  const carer = newMember();
  const friend = newMember();
  const content = `Please pray for my father's recovery ${Date.now()}`;
  const api = await playwright.request.newContext({ baseURL });
  await registerVia(api, requester);
  const carerId = await registerVia(api, carer);
  await registerVia(api, friend);
  await api.post("/api/auth/login", { data: ADMIN });
  expect((await api.put(`/api/care-team/${carerId}`)).status()).toBe(204);
  await api.dispose();

  // The requester is new: the wall request waits for the care team.
  await login(page, requester);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Prayer" }).click();
  await expect(page).toHaveURL("/prayer");
  await expect(page.getByRole("heading", { level: 1, name: "Prayer Requests" })).toBeVisible();
  await page.getByLabel("Your prayer request").fill(content);
  await page.getByLabel(/Post anonymously/).check();
  await page.getByRole("button", { name: "Ask for Prayer" }).click();
  await expectToast(page, "Prayer Request Received");
  await page.getByRole("tab", { name: "My Requests" }).click();
  const mine = page.getByRole("article").filter({ hasText: content });
  await expect(mine).toContainText("Waiting for review");
  await expectNoA11yViolations(page);

  // The care team sees who asked, and publishes it.
  await page.context().clearCookies();
  await login(page, carer);
  await page.goto("/prayer");
  await page.getByRole("tab", { name: "Review" }).click();
  const held = page.getByRole("article").filter({ hasText: content });
  await expect(held).toContainText(requester.displayName);
  await expectNoA11yViolations(page);
  await held.getByRole("button", { name: "Publish" }).click();
  await expectToast(page, "Request Published");

  // Another member sees it on the wall without a name, and prays.
  await page.context().clearCookies();
  await login(page, friend);
  await page.goto("/prayer");
  const onWall = page.getByRole("list", { name: "Prayer wall" }).getByRole("article").filter({ hasText: content });
  await expect(onWall.getByRole("heading", { name: "Anonymous" })).toBeVisible();
  await expect(onWall).not.toContainText(requester.displayName);
  await onWall.getByRole("button", { name: "I Prayed" }).click();
  await expect(onWall).toContainText("1 person prayed");
  await expect(onWall.getByRole("button", { name: "You prayed" })).toBeDisabled();
  await expectNoA11yViolations(page);

  // The requester hears of it and marks the request answered.
  await page.context().clearCookies();
  await login(page, requester);
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByText(`${friend.displayName} prayed for your request.`)).toBeVisible();
  await page.keyboard.press("Escape");
  await page.goto("/prayer");
  await page.getByRole("tab", { name: "My Requests" }).click();
  const answered = page.getByRole("article").filter({ hasText: content });
  await answered.getByRole("button", { name: "Mark Answered" }).click();
  await answered.getByLabel("Testimony (optional)").fill("He is home and walking again!");
  await answered.getByRole("button", { name: "Save Answer" }).click();
  await expectToast(page, "Marked Answered");
  await expect(answered).toContainText("He is home and walking again!");
  await expect(answered).toContainText("Answered");
});
