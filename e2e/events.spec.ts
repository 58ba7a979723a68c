import fs from "node:fs";
import { expect, expectNoA11yViolations, expectToast, login, register, test } from "./fixtures";

test("a member RSVPs to an event and downloads its .ics", async ({ page }) => {
  await register(page);
  await page.goto("/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  const card = page.locator("[id^=event-]").first();
  const title = (await card.getByRole("heading").textContent())!.trim();
  const going = card.getByRole("button", { name: "Going", exact: true });
  const before = Number((await card.getByText(/\d+ going/).textContent())!.match(/\d+/)![0]);
  await going.click();
  await expectToast(page, "You're Going!");
  await expect(going).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByText(`${before + 1} going`)).toBeVisible();
  await card.getByRole("button", { name: "Not Going" }).click();
  await expect(card.getByRole("button", { name: "Not Going" })).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByText(`${before} going`)).toBeVisible();

  const downloadPromise = page.waitForEvent("download");
  await card.getByRole("link", { name: /^Add to Calendar/ }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const text = fs.readFileSync((await download.path())!, "utf8");
  expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(text.replace(/\r\n /g, "")).toContain(`SUMMARY:${title.replace(/([,;])/g, "\\$1")}`);
  await expectNoA11yViolations(page);

  await card.getByRole("heading").getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${before} going`);
  await expect(dialog.getByRole("link", { name: "Add to Calendar" })).toHaveAttribute("href", /^\/api\/events\/\d+\.ics$/);
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await page.getByRole("tab", { name: "Past Events" }).click();
  await expect(page.getByRole("tabpanel")).toBeVisible();
});

test("the subscribable calendar feed is linked from /events", async ({ page }) => {
  await page.goto("/events");
  await expect(page.getByRole("link", { name: "Subscribe" })).toHaveAttribute("href", /^webcal:\/\/.+\/api\/events\/calendar\.ics$/);
  const feed = await page.request.get("/api/events/calendar.ics");
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toContain("BEGIN:VEVENT");
  await expect(page.getByRole("link", { name: "Sign in to RSVP" }).first()).toHaveAttribute("href", "/auth/login");
  await expectNoA11yViolations(page);
});

test("an admin creates, edits and cancels an event", async ({ page }) => {
  await login(page, { username: "pastordavid", password: "Blessed2026" });
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/events");
  const title = `Prayer Breakfast ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "New Event" }).click();
  const form = page.getByRole("dialog", { name: "New Event" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Location").fill("Fellowship Hall");
  await form.getByLabel("Starts").fill("2099-01-05T08:00");
  await form.getByLabel("Ends").fill("2099-01-05T07:00");
  await form.getByRole("button", { name: "Create Event" }).click();
  // The contract's rule, checked in the form before anything is sent, under the field it concerns.
  await expect(form.getByText("The event must end after it starts")).toBeVisible();
  await expect(form.getByLabel("Ends")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Ends").fill("2099-01-05T09:30");
  await form.getByRole("button", { name: "Create Event" }).click();
  await expectToast(page, "Event Created");
  const card = page.locator("[id^=event-]").filter({ hasText: title });
  await expect(card).toContainText("Fellowship Hall");

  await card.getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit Event" });
  await edit.getByLabel("Location").fill("Main Sanctuary");
  await edit.getByRole("button", { name: "Save Event" }).click();
  await expectToast(page, "Event Updated");
  await expect(card).toContainText("Main Sanctuary");

  await card.getByRole("button", { name: /^Cancel Event/ }).click();
  await expectToast(page, "Event Cancelled");
  await expect(page.locator("[id^=event-]").filter({ hasText: title })).toHaveCount(0);
});
