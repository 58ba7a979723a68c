import type { Page } from "@playwright/test";
import { expect, register, test } from "./fixtures";

/**
 * Issue 9, goal 7: every page at a phone's 390×844, signed out and signed in, with nothing wider than its column.
 * An element overflows when it reaches past the nearest ancestor that clips it (or the screen), unless that ancestor
 * scrolls sideways on purpose or truncates its text with an ellipsis.
 */
const ROUTES = [
  "/",
  "/discover",
  "/explore",
  "/podcasts",
  "/podcasts/host",
  "/music",
  "/sermons",
  "/video-conference",
  "/chat",
  "/community",
  "/favorites",
  "/playlists",
  "/history",
  "/search?q=grace",
  "/profile",
  "/settings",
  "/account",
  "/create",
  "/events",
  "/streaming",
  "/advertise",
  "/privacy",
  "/terms",
  "/contact",
  "/auth/login",
  "/auth/register",
  "/no-such-page",
];

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Descriptions of the elements wider than their column on the page as it is now. */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const screenRight = document.documentElement.clientWidth;
    const found: string[] = [];
    const reported = new Set<Element>();
    const describe = (element: Element) => {
      const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
      const classes = typeof element.className === "string" ? element.className.split(" ").slice(0, 4).join(".") : "";
      return `<${element.tagName.toLowerCase()} class="${classes}"> "${label}"`;
    };
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue; // screen-reader-only text and empty boxes
      if (element.closest("[inert], [aria-hidden='true'], [data-radix-popper-content-wrapper]")) continue;
      const style = getComputedStyle(element);
      if (style.position === "fixed" || style.visibility === "hidden") continue;
      let right = screenRight;
      let left = 0;
      let scrolls = false;
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        const ancestorStyle = getComputedStyle(ancestor);
        if (ancestorStyle.position === "fixed") break;
        const overflow = ancestorStyle.overflowX;
        if (overflow === "visible") continue;
        if (overflow === "auto" || overflow === "scroll" || ancestorStyle.textOverflow === "ellipsis") {
          scrolls = true;
          break;
        }
        const clip = ancestor.getBoundingClientRect();
        right = Math.min(right, clip.right);
        left = Math.max(left, clip.left);
        break;
      }
      if (scrolls) continue;
      if (box.right > right + 1 || box.left < left - 1) {
        reported.add(element);
        // The outermost element that overflows names the problem; its children overflow with it.
        if (element.parentElement && reported.has(element.parentElement)) continue;
        found.push(
          `${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} in a column of ${Math.round(left)}–${Math.round(right)}`,
        );
      }
    }
    return found;
  });
}

async function expectEveryRouteFits(page: Page) {
  for (const route of ROUTES) {
    await page.goto(route);
    await page.locator("main, form").first().waitFor();
    // Let the page's data arrive (no skeleton left) and lazy parts replace their placeholders.
    await page
      .waitForFunction(() => document.querySelectorAll(".animate-pulse").length === 0, undefined, { timeout: 5_000 })
      .catch(() => undefined);
    await page.waitForTimeout(300);
    const overflowing = await overflowingElements(page);
    expect.soft(overflowing, `elements wider than their column on ${route} at 390 px`).toEqual([]);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(pageWidth, `${route} scrolls sideways at 390 px`).toBeLessThanOrEqual(390);
  }
}

test("every page fits a phone's width, signed out", async ({ page }) => {
  test.setTimeout(600_000);
  await expectEveryRouteFits(page);
});

test("every page fits a phone's width, signed in", async ({ page }) => {
  test.setTimeout(600_000);
  await register(page);
  await expectEveryRouteFits(page);
});

test("picking a contact on /chat brings the conversation into view below the sticky header", async ({ page }) => {
  await register(page);
  await page.goto("/chat");
  await page.getByRole("list", { name: "Conversations" }).getByRole("button").first().click();
  const conversation = page.getByRole("region", { name: /^Conversation with / });
  await expect(conversation).toBeVisible();
  const header = page.locator("header").first();
  // The smooth scroll ends where it ends; wait until the panel stops moving, then compare with the header's bottom.
  await expect
    .poll(async () => {
      const before = (await conversation.boundingBox())!.y;
      await page.waitForTimeout(200);
      return before === (await conversation.boundingBox())!.y;
    })
    .toBe(true);
  const headerBottom = (await header.boundingBox())!.y + (await header.boundingBox())!.height;
  expect((await conversation.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
});
