import { expect, expectNoA11yViolations, register, test } from "./fixtures";

test("the bell shows the unread count, lists the items and clears the badge once opened", async ({ page }) => {
  await register(page);
  const answer = await (await page.request.get("/api/notifications")).json();
  await page.goto("/");

  const badge = page.getByTestId("notification-badge");
  if (answer.unreadCount > 0) {
    await expect(badge).toHaveText(String(answer.unreadCount > 99 ? "99+" : answer.unreadCount));
  } else {
    await expect(badge).toBeHidden();
  }

  const markRead = answer.unreadCount > 0 ? page.waitForRequest((request) => request.url().endsWith("/api/notifications/read")) : null;
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  if (answer.items.length > 0) {
    await expect(menu.getByRole("menuitem").first()).toContainText(answer.items[0].title);
  } else {
    await expect(menu).toContainText("You're all caught up.");
  }
  await expectNoA11yViolations(page);
  if (markRead) {
    const request = await markRead;
    expect(request.method()).toBe("POST");
    expect(request.postDataJSON()).toEqual({});
  }
  await page.keyboard.press("Escape");
  await expect(badge).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(badge).toBeHidden();
});
