import { expect, expectNoA11yViolations, register, test } from "./fixtures";

test("the bell shows the unread count, lists the items and clears the badge with Mark all as read", async ({ page }) => {
  await register(page);
  const answer = await (await page.request.get("/api/notifications")).json();
  await page.goto("/");

  const badge = page.getByTestId("notification-badge");
  if (answer.unreadCount > 0) {
    await expect(badge).toHaveText(String(answer.unreadCount > 99 ? "99+" : answer.unreadCount));
  } else {
    await expect(badge).toBeHidden();
  }

  await page.getByRole("button", { name: /^Notifications/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  if (answer.items.length > 0) {
    await expect(menu.getByRole("menuitem").filter({ hasText: answer.items[0].title }).first()).toBeVisible();
  } else {
    await expect(menu).toContainText("You're all caught up.");
  }
  await expectNoA11yViolations(page);
  if (answer.unreadCount > 0) {
    // Opening the bell reads nothing by itself: each entry, or all at once, is marked read on purpose.
    expect((await (await page.request.get("/api/notifications")).json()).unreadCount).toBe(answer.unreadCount);
    const markRead = page.waitForRequest((request) => request.url().endsWith("/api/notifications/read"));
    await menu.getByRole("menuitem", { name: "Mark all as read" }).click();
    const request = await markRead;
    expect(request.method()).toBe("POST");
    expect(request.postDataJSON()).toEqual({});
    await expect(badge).toBeHidden();
    await expect(menu.getByRole("menuitem", { name: /^Mark as read/ })).toHaveCount(0);
  } else {
    await expect(menu.getByRole("menuitem", { name: "Mark all as read" })).toHaveCount(0);
  }
  await page.keyboard.press("Escape");
  await expect(badge).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(badge).toBeHidden();
});

test("a visitor's bell shows the next events as upcoming, with no unread badge and no 'just now'", async ({ page }) => {
  const answer = await (await page.request.get("/api/notifications")).json();
  expect(answer.unreadCount).toBe(0);
  expect(answer.items.length).toBeGreaterThan(0);
  await page.goto("/");

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toBeHidden();
  const bell = page.getByRole("button", { name: "Notifications", exact: true });
  await bell.click();
  const menu = page.getByRole("menu");
  await expect(menu).toContainText("Upcoming Events");
  const items = menu.getByRole("menuitem");
  await expect(items).toHaveCount(answer.items.length);
  await expect(items.first()).toContainText(answer.items[0].title);
  await expect(items.first().locator("time")).toHaveAttribute("datetime", answer.items[0].startsAt);
  await expect(items.first()).toContainText(/Starts \w{3}, \w{3} \d{1,2}/);
  await expect(menu).not.toContainText("just now");
  await expect(menu).not.toContainText("unread");
  await expectNoA11yViolations(page);
});
