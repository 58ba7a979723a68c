import { expect, expectNoA11yViolations, test } from "./fixtures";

test("the header search goes to /search with the text URL-encoded and ignores blank text", async ({ page }) => {
  await page.goto("/");
  const search = page.getByPlaceholder("Search for sermons, music, podcasts...");

  await search.fill("   ");
  await search.press("Enter");
  await expect(page).toHaveURL("/");

  await search.fill("  grace & peace/hope  ");
  await search.press("Enter");
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent("grace & peace/hope")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("grace & peace/hope");
  await expectNoA11yViolations(page);
});
