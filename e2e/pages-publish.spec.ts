import path from "node:path";
import { expect, expectNoA11yViolations, expectToast, login, register, test } from "./fixtures";

const ADMIN = { username: "pastordavid", password: "Blessed2026" };
const DEMO_MEDIA = path.resolve(import.meta.dirname, "../demo/media");

test("an admin publishes a sermon from /create and finds it on /sermons", async ({ page }) => {
  await login(page, ADMIN);
  await page.goto("/create");
  await expect(page.getByRole("heading", { name: "Create", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Publish media" });
  await expect(form).toBeVisible();
  await expectNoA11yViolations(page);

  // Submitting empty shows the contract's messages.
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(form.getByText("Title is required")).toBeVisible();
  await expect(form.getByText("Please choose a category")).toBeVisible();
  await expect(form.getByText("Please choose an audio or video file")).toBeVisible();

  const title = `Hope for the Harvest ${Date.now().toString(36)}`;
  await form.getByLabel("Type").selectOption("sermon");
  const category = form.getByLabel("Category");
  await expect(category.locator("option")).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Speaker").fill("Pastor David");
  await form.getByLabel("Description").fill("A word for the season of waiting and sowing.");
  await form.getByLabel("Audio or video file").setInputFiles(path.join(DEMO_MEDIA, "sermon-05-faith-in-the-waiting.mp3"));
  await form.getByLabel("Thumbnail (optional)").setInputFiles(path.join(DEMO_MEDIA, "thumb-sermon-05.jpg"));
  await form.getByRole("button", { name: "Publish" }).click();

  await expectToast(page, "Media Published", title);
  const viewLink = page.getByRole("link", { name: "View it in Sermons" });
  await expect(viewLink).toBeVisible();
  await viewLink.click();
  await expect(page).toHaveURL(/\/sermons\?play=\d+/);
  await expect(page.getByText(title).first()).toBeVisible();

  await page.goto("/sermons");
  await expect(page.getByText(title).first()).toBeVisible();

  // The creator's own list on /create deletes it again.
  await page.goto("/create");
  const mine = page.getByRole("region", { name: "Your published media" });
  await expect(mine.getByText(title)).toBeVisible();
  await mine.getByRole("button", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this media?" });
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Media Deleted", title);
  await expect(page.getByText(title)).toHaveCount(0);
  const list = await (await page.request.get("/api/content/media?type=sermon")).json();
  expect(list.map((item: { title: string }) => item.title)).not.toContain(title);
});

test("a plain member sees who can publish instead of the form", async ({ page }) => {
  await register(page);
  await page.goto("/create");
  await expect(page.getByRole("heading", { name: "Publish media" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Publish media" })).toHaveCount(0);
  await expect(page.getByText(/creator/).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask the church office" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("link", { name: "Go to Community" })).toHaveAttribute("href", "/community");
  await expectNoA11yViolations(page);
});
