import { expect, test } from "./fixtures";

/**
 * Issue 9, goal 1: on a phone the home page fetches each uploaded picture as a small AVIF copy sized for its box, not
 * the original JPEG, and no picture moves the page when it arrives.
 */
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });

test("the home page loads its thumbnails as small AVIF copies with their size set, and no image shifts the layout", async ({ page }) => {
  const images: { url: string; type: string; bytes: number }[] = [];
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/media/")) return;
    images.push({ url: url.pathname, type: response.headers()["content-type"] ?? "", bytes: (await response.body()).length });
  });
  await page.addInitScript(() => {
    const shifted: string[] = [];
    (window as unknown as { imageShifts: string[] }).imageShifts = shifted;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { hadRecentInput: boolean; sources: { node?: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        // A shift whose moved nodes hold a picture, or are one.
        for (const source of entry.sources) {
          const node = source.node;
          if (node instanceof Element && (node.matches("img, picture") || node.querySelector("img")))
            shifted.push(node.outerHTML.slice(0, 120));
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Recent Sermons" })).toBeVisible();
  // Lazy pictures load as they near the screen: scroll down the page and back.
  for (let y = 0; y < 6000; y += 600) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState("networkidle");

  const pictures = page.locator("main picture img");
  expect(await pictures.count()).toBeGreaterThanOrEqual(8);
  for (const img of await pictures.all()) {
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
  }
  const loaded = await pictures.evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).currentSrc));
  for (const src of loaded) expect(src).toMatch(/\.\d+w\.avif$/);

  const thumbnails = images.filter((image) => image.url.includes("thumb-"));
  expect(thumbnails.length).toBeGreaterThanOrEqual(8);
  for (const image of thumbnails) {
    expect(image.type, image.url).toBe("image/avif");
    expect(image.bytes, image.url).toBeLessThan(5 * 1024);
  }
  // The square artwork of 40–64 px boxes comes as the smallest copy.
  expect(thumbnails.some((image) => image.url.endsWith(".160w.avif"))).toBe(true);

  expect(await page.evaluate(() => (window as unknown as { imageShifts: string[] }).imageShifts)).toEqual([]);
});
