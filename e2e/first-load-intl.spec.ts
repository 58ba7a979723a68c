import { expect, register, test } from "./fixtures";

/**
 * Issue 9, goal 1: a page's first Intl formatter costs 30–100 ms of a phone's main thread (ICU loads the locale's
 * data) while the page is being taken over. The six pages Lighthouse measures write their dates, times and counts
 * with `@shared/format` instead; this journey fails, naming the caller, when one of them makes an Intl formatter (or
 * a `toLocale…String`, which makes one) while it loads, signed out or signed in.
 */
const PAGES = ["/", "/sermons", "/music", "/podcasts", "/community", "/events"];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { intlCalls: string[] }).intlCalls = calls;
    const caller = (name: string) => `${name} from ${new Error().stack?.split("\n")[3]?.trim() ?? "?"}`;
    for (const name of ["DateTimeFormat", "NumberFormat", "Collator", "PluralRules", "RelativeTimeFormat", "ListFormat"] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = function (...args: unknown[]) {
        calls.push(caller(`Intl.${name}`));
        return new Original(...args);
      };
    }
    const methods: [object, string][] = [
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [Date.prototype, "toLocaleTimeString"],
      [Number.prototype, "toLocaleString"],
      [String.prototype, "localeCompare"],
    ];
    for (const [prototype, name] of methods) {
      const original = (prototype as Record<string, (...args: unknown[]) => unknown>)[name]!;
      (prototype as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        calls.push(caller(name));
        return original.apply(this, args);
      };
    }
  });
});

for (const signedIn of [false, true]) {
  test(`the six main pages make no Intl formatter while they load, signed ${signedIn ? "in" : "out"}`, async ({ page }) => {
    if (signedIn) await register(page);
    for (const path of PAGES) {
      await page.goto(path);
      // Taken over: the drawn page answers clicks again.
      await expect(page.locator("#root")).not.toHaveAttribute("aria-disabled", "true");
      await page.waitForLoadState("networkidle");
      const calls = await page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls);
      expect(calls, `${path} signed ${signedIn ? "in" : "out"}`).toEqual([]);
    }
  });
}
