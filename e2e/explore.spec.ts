import { expect, expectNoA11yViolations, register, test } from "./fixtures";

test("Explore content on an empty /favorites leads to /explore, which offers real content to play and save", async ({ page }) => {
  await register(page);
  await page.goto("/favorites");
  await expect(page.getByText("No favorites yet")).toBeVisible();
  await page.getByRole("link", { name: "Explore content" }).click();

  await expect(page).toHaveURL("/explore");
  await expect(page.getByRole("heading", { level: 1, name: "Explore" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toHaveCount(0);
  const libraries = page.getByRole("navigation", { name: "Libraries" });
  for (const [name, href] of [
    ["Sermons", "/sermons"],
    ["Music", "/music"],
    ["Podcasts", "/podcasts"],
  ] as const)
    await expect(libraries.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
  const trending = page.getByRole("list", { name: "Trending now" });
  await expect(trending.getByRole("listitem").first()).toBeVisible();
  await expect(trending.getByRole("button", { name: /^Play / }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Browse by Category" }).getByRole("link").first()).toBeVisible();
  await expectNoA11yViolations(page);

  // What a member finds there can be saved at once, and then it is no longer an empty favorites list.
  const first = trending.getByRole("listitem").first();
  await first.getByRole("button", { name: /^More options for / }).click();
  await page.getByRole("menuitem", { name: "Add to Favorites" }).click();
  await page.goto("/favorites");
  await expect(page.getByText("No favorites yet")).toHaveCount(0);
});

test("the profile's empty Favorites tab links to /explore too", async ({ page }) => {
  await register(page);
  await page.goto("/profile");
  await page.getByRole("tab", { name: "Favorites" }).click();
  await page.getByRole("link", { name: "Explore Content" }).click();
  await expect(page).toHaveURL("/explore");
  await expect(page.getByRole("heading", { level: 1, name: "Explore" })).toBeVisible();
});
