import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("the sidebar", () => {
  test("below 768 px it hides behind the menu button", async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await page.goto("/music");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar).toBeHidden();

    const open = page.getByRole("button", { name: "Open menu" });
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await open.click();
    await expect(sidebar).toBeVisible();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(sidebar.getByRole("link", { name: "Music" })).toHaveAttribute("aria-current", "page");
    await expectNoA11yViolations(page);

    // Escape closes it; choosing a page closes it too.
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await page.getByRole("button", { name: "Open menu" }).click();
    await sidebar.getByRole("link", { name: "Community" }).click();
    await expect(page).toHaveURL("/community");
    await expect(sidebar).toBeHidden();

    // A visitor gets a Sign In button in the header on small screens.
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  });

  test("opens right below the header, whether it takes two rows or three", async ({ page }) => {
    const header = page.getByRole("banner");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    const drawerTop = async () => {
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(sidebar).toBeVisible();
      const [headerBox, sidebarBox] = [await header.boundingBox(), await sidebar.boundingBox()];
      await page.keyboard.press("Escape");
      return { headerBottom: Math.round(headerBox!.y + headerBox!.height), sidebarTop: Math.round(sidebarBox!.y) };
    };
    // A phone as Lighthouse's: the brand's name gives way, so the actions share the first row and the search has the
    // second; the stylesheet's height is already right, so the page is not restyled to say it again.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/music");
    await expect(page.locator("#root")).not.toHaveAttribute("aria-disabled");
    await expect.poll(() => header.evaluate((element) => (element as HTMLElement).offsetHeight)).toBe(117);
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--header-height"))).toBe("");
    const twoRows = await drawerTop();
    expect(twoRows.sidebarTop).toBe(twoRows.headerBottom);
    // At 320 px the actions wrap to a row of their own: the header says its height, and the drawer follows.
    await page.setViewportSize({ width: 320, height: 700 });
    await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue("--header-height"))).not.toBe("");
    const threeRows = await drawerTop();
    expect(threeRows.headerBottom).toBeGreaterThan(twoRows.headerBottom);
    expect(threeRows.sidebarTop).toBe(threeRows.headerBottom);
  });

  test("from 768 px it is always open and highlights the active route", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();

    for (const group of ["Main", "Connect", "Your Library"]) {
      await expect(sidebar.getByRole("heading", { name: group })).toBeVisible();
    }
    const labels = await sidebar.getByRole("navigation").getByRole("link").allTextContents();
    expect(labels.map((label) => label.trim())).toEqual([
      "Home",
      "Discover",
      "Podcasts",
      "Music",
      "Sermons",
      "Video Conferences",
      "Messaging",
      "Community",
      "Prayer",
      "Favorites",
      "Playlists",
      "History",
    ]);
    await expect(sidebar.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

    await sidebar.getByRole("link", { name: "Messaging" }).click();
    await expect(page).toHaveURL("/chat");
    await expect(page.getByRole("heading", { level: 1, name: "Messaging" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Messaging" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    await expectNoA11yViolations(page);

    // A detail route keeps its section highlighted.
    await page.goto("/playlists/1");
    await expect(sidebar.getByRole("link", { name: "Playlists" })).toHaveAttribute("aria-current", "page");
  });
});
