import { request } from "@playwright/test";
import { expect, expectNoA11yViolations, expectToast, register, test } from "./fixtures";

test("a member subscribes to a private calendar of the events they are going to, then revokes it", async ({ page, baseURL }) => {
  await register(page);
  await page.goto("/events");
  const card = page.locator("[id^=event-]").first();
  const title = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("button", { name: "Going", exact: true }).click();
  await expectToast(page, "You're Going!");

  const schedule = page.getByRole("region", { name: "My Schedule" });
  await schedule.getByRole("button", { name: "Create Private Link" }).click();
  await expectToast(page, "Private link ready");
  const address = await schedule.getByRole("textbox", { name: "Your private schedule link" }).inputValue();
  expect(address).toMatch(new RegExp(`^${baseURL}/api/events/schedule/[\\w-]{43}\\.ics$`));
  await expect(schedule.getByRole("link", { name: "Add to Calendar App" })).toHaveAttribute("href", address.replace(/^http:/, "webcal:"));
  await expectNoA11yViolations(page);

  // A calendar app holds no session: the address alone opens the schedule.
  const calendarApp = await request.newContext();
  const feed = await calendarApp.get(address);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = (await feed.text()).replace(/\r\n /g, "");
  expect(text).toContain(`SUMMARY:${title.replace(/([,;])/g, "\\$1")}`);
  expect(text.match(/BEGIN:VEVENT/g)?.length).toBe(1);

  await schedule.getByRole("button", { name: "Revoke Link" }).click();
  await expectToast(page, "Link revoked");
  await expect(schedule.getByRole("button", { name: "Create Private Link" })).toBeVisible();
  expect((await calendarApp.get(address)).status()).toBe(404);
  await calendarApp.dispose();
});
