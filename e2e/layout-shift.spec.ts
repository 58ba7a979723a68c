import type { Page } from "@playwright/test";
import { expect, register, test } from "./fixtures";

/**
 * Issue 9, goal 1: nothing moves while a page loads (CLS ≤ 0.05) on the six pages Lighthouse measures, on a phone,
 * signed out and signed in. Every API answer is held back a little so the placeholders are on screen before the data
 * replaces them, the way they are on a slow phone; a placeholder of another size than its content then shows as a shift.
 */
const PAGES = ["/", "/sermons", "/music", "/podcasts", "/community", "/events"];
const API_DELAY_MS = 400;

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });

/** Records layout shifts not caused by input, from the page's first paint. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) => (source.node?.textContent ?? "").trim().slice(0, 60)),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.route("**/api/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.fallback();
  });
}

async function cumulativeShift(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts);
}

for (const signedIn of [false, true]) {
  test(`pages keep their layout while loading on a phone, signed ${signedIn ? "in" : "out"}`, async ({ page }) => {
    test.slow();
    if (signedIn) {
      await register(page, { via: "api" });
      // The first visit after signing in teaches the page this browser belongs to a member.
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("!");
    }
    await recordShifts(page);
    for (const path of PAGES) {
      const shifts = await cumulativeShift(page, path);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, `${path} shifted: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.05);
    }
  });
}
