import type { Locator, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, register, test } from "./fixtures";

/**
 * Makes every API call matching `pattern` fail with a 500, as a broken server or proxy would. A broken API also
 * leaves the page without the first screen's answers it would carry (src/server/http/app-shell.ts skips a failed
 * read), so the page is sent without them and asks for them itself.
 */
async function failApi(page: Page, ...patterns: string[]): Promise<void> {
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /(<script type="application\/json" id="initial-state">)(.*?)(<\/script>)/s,
      (_block, open: string, json: string, close: string) => {
        const { data: _carried, ...state } = JSON.parse(json) as { data?: unknown };
        return `${open}${JSON.stringify(state)}${close}`;
      },
    );
    await route.fulfill({ response, body });
  });
  for (const pattern of patterns) {
    await page.route(pattern, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Internal Server Error" }) }),
    );
  }
}

/** The shared error state: what could not be loaded, and Try Again. */
function errorState(scope: Page | Locator, title: string | RegExp): Locator {
  return scope.getByRole("alert").filter({ hasText: title });
}

async function expectErrorState(scope: Page | Locator, title: string | RegExp): Promise<void> {
  const alert = errorState(scope, title).first();
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("button", { name: "Try Again" })).toBeVisible();
}

/** Empty states that would be a lie while the API is down. */
async function expectNoFalseEmptyState(page: Page, ...texts: (string | RegExp)[]): Promise<void> {
  for (const text of texts) await expect(page.getByText(text)).toHaveCount(0);
}

test.describe("when the API fails, each page says so and offers Try Again instead of claiming it is empty", () => {
  test("/sermons", async ({ page }) => {
    await failApi(page, "**/api/content/**");
    await page.goto("/sermons");
    await expectErrorState(page.getByRole("tabpanel"), "The sermons could not be loaded.");
    await expectErrorState(page.getByRole("region", { name: "Bible Study Series" }), "The sermon categories could not be loaded.");
    await expectNoFalseEmptyState(page, "No Sermons Found", "No sermons match your search criteria.", /No sermon categories/);
    await expectNoA11yViolations(page);
  });

  test("/sermons loads after Try Again once the API is back", async ({ page }) => {
    await failApi(page, "**/api/content/media?**");
    await page.goto("/sermons");
    const grid = page.getByRole("tabpanel");
    await expectErrorState(grid, "The sermons could not be loaded.");
    await page.unrouteAll();
    await grid.getByRole("button", { name: "Try Again" }).click();
    await expect(grid.getByTestId("media-card").first()).toBeVisible();
    await expect(errorState(page, "The sermons could not be loaded.")).toHaveCount(0);
  });

  test("/podcasts", async ({ page }) => {
    await failApi(page, "**/api/content/**");
    await page.goto("/podcasts");
    await expectErrorState(page.getByRole("tabpanel"), "The podcasts could not be loaded.");
    await expectNoFalseEmptyState(page, "No Podcasts Found", "No podcasts match your search criteria.");
  });

  test("/music, with nothing typed, and no player claiming Nothing playing", async ({ page }) => {
    await failApi(page, "**/api/content/**");
    await page.goto("/music");
    await expectErrorState(page, "The music could not be loaded.");
    await expectErrorState(page.getByRole("tabpanel"), "The tracks could not be loaded.");
    await expectErrorState(page.getByRole("complementary", { name: "Music library" }), "The categories could not be loaded.");
    await expectNoFalseEmptyState(page, "No music tracks found matching your search.", "Nothing playing", "No categories available");
  });

  test("/community, for a visitor and for a member", async ({ page }) => {
    await failApi(page, "**/api/posts**", "**/api/community/**");
    await page.goto("/community");
    await expectErrorState(page, "The posts could not be loaded.");
    await expectNoFalseEmptyState(page, "No Posts Yet");

    await register(page);
    await page.goto("/community");
    await expectErrorState(page, "The feed could not be loaded.");
    const sidebar = page.getByRole("complementary", { name: "Community information" });
    await expectErrorState(sidebar, "The stats could not be loaded.");
    await expectErrorState(sidebar, "The topics could not be loaded.");
    await expectNoFalseEmptyState(page, "No Posts Yet", /No trending topics yet/, "No groups yet.");
  });

  test("/events", async ({ page }) => {
    await failApi(page, "**/api/events**");
    await page.goto("/events");
    await expectErrorState(page.getByRole("tabpanel"), "The events could not be loaded.");
    await expectNoFalseEmptyState(page, "No Upcoming Events");
  });

  test("the home page's sections", async ({ page }) => {
    await failApi(page, "**/api/content/**", "**/api/posts**", "**/api/events**");
    await page.goto("/");
    await expectErrorState(page.getByRole("region", { name: "Recent Sermons" }), "The sermons could not be loaded.");
    await expectErrorState(page.getByRole("region", { name: "Featured Podcasts" }), "The podcasts could not be loaded.");
    await expectErrorState(page.getByRole("region", { name: "Worship Music" }), "The songs could not be loaded.");
    await expectErrorState(page.getByRole("region", { name: "Community" }), "The community posts could not be loaded.");
    await expectErrorState(page.getByRole("region", { name: "Upcoming Events" }), "The events could not be loaded.");
    await expectNoFalseEmptyState(
      page,
      "No Sermons Found",
      "No Podcasts Found",
      "No music tracks yet",
      /No posts yet/,
      /No upcoming events/,
    );
    await expectNoA11yViolations(page);
  });

  test("/discover", async ({ page }) => {
    await failApi(page, "**/api/content/**");
    await page.goto("/discover");
    await expectErrorState(page.getByRole("region", { name: "Trending Now" }), "Trending items could not be loaded.");
    await expectErrorState(page.getByRole("region", { name: "Just Added" }), "New items could not be loaded.");
    await expectErrorState(page.getByRole("region", { name: "Popular Songs" }), "Songs could not be loaded.");
    await expectErrorState(page.getByRole("region", { name: "Browse by Category" }), "Categories could not be loaded.");
  });

  test("/favorites, /playlists and /history for a member", async ({ page }) => {
    await register(page);
    await failApi(page, "**/api/favorites**", "**/api/playlists**", "**/api/history**");
    await page.goto("/favorites");
    await expectErrorState(page, "Your favorites could not be loaded.");
    await expectNoFalseEmptyState(page, "No favorites yet");
    await page.goto("/playlists");
    await expectErrorState(page, "Your playlists could not be loaded.");
    await expectNoFalseEmptyState(page, "No Playlists Yet");
    await page.goto("/history");
    await expectErrorState(page, "Your history could not be loaded.");
    await expectNoFalseEmptyState(page, "Nothing played yet");
  });

  test("/search", async ({ page }) => {
    await failApi(page, "**/api/search**");
    await page.goto("/search?q=grace");
    await expectErrorState(page, "Search is unavailable right now");
    await expectNoFalseEmptyState(page, "No results found");
  });
});
