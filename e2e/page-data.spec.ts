import { expect, register, test } from "./fixtures";

/**
 * Issue 9, goal 1: the route's data comes with the page. On the six first pages the server answers the first
 * screen's API reads itself and puts them in the page (src/shared/page-data.ts), so a phone draws the page without
 * another round trip, and a visitor's browser asks for no session (which would log a 401).
 */
const PAGES = ["/", "/sermons", "/music", "/podcasts", "/community", "/events"];

for (const signedIn of [false, true]) {
  test(`the first pages draw from the data they carry, signed ${signedIn ? "in" : "out"}`, async ({ page }) => {
    test.slow();
    if (signedIn) await register(page, { via: "api" });
    const reads: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) reads.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      // A warning that the browser drew part of the page again: its first render differed from the server's.
      if (message.type() === "error" || message.text().includes("drawn again")) consoleErrors.push(message.text());
    });
    for (const path of PAGES) {
      reads.length = 0;
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // A member's live link re-reads the live state once it connects, to catch what changed since the page was made.
      const expected = signedIn ? reads.filter((read) => read === "GET /api/streaming/state") : [];
      expect(reads, `${path} asked the API for`).toEqual(expected);
    }
    expect(consoleErrors).toEqual([]);
  });
}

test("a drawn page holds back clicks and typing until the app has taken it over", async ({ page }) => {
  // The app's entry never arrives, so the page stays as the server drew it, with only /boot.js run.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  const entryAsked = page.waitForRequest(/\/assets\/index-[^/]+\.js$/);
  await page.goto("/sermons");
  // Asked for by /boot.js once the drawn page has been painted; the page itself names no module script.
  await entryAsked;
  const search = page.getByRole("searchbox", { name: "Search sermons" });
  await search.focus();
  await page.keyboard.type("grace");
  await expect(search).toHaveValue("");
  // A click as a finger would make it, wherever the page is: Playwright itself waits for a disabled page to be enabled.
  const signIn = await page.getByRole("link", { name: "Sign In" }).first().boundingBox();
  if (!signIn) throw new Error("the drawn page has no Sign In link");
  await page.mouse.click(signIn.x + signIn.width / 2, signIn.y + signIn.height / 2);
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/sermons$/);
  await expect(page.locator("#root")).toHaveAttribute("aria-disabled", "true");
});

test("a drawn page asks for the app's scripts only once its first screen is on the screen", async ({ page }) => {
  // When each module script is added, against the first contentful paint's time, on the page's own clock.
  await page.addInitScript(() => {
    const added: number[] = [];
    Object.assign(window, { scriptsAddedAt: added });
    const append = Node.prototype.appendChild;
    Node.prototype.appendChild = function <T extends Node>(this: Node, child: T): T {
      if (child instanceof HTMLScriptElement && child.type === "module") added.push(performance.now());
      return append.call(this, child) as T;
    };
  });
  for (const path of ["/", "/sermons", "/community"]) {
    await page.goto(path);
    await expect(page.locator("#root")).not.toHaveAttribute("aria-disabled");
    const { paintedAt, addedAt } = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      addedAt: (window as unknown as { scriptsAddedAt: number[] }).scriptsAddedAt,
    }));
    expect(paintedAt, `${path} painted`).toBeDefined();
    expect(addedAt, `${path}: boot.js added the entry once`).toHaveLength(1);
    expect(addedAt[0]!, `${path}: the entry asked for after the first paint`).toBeGreaterThanOrEqual(paintedAt!);
  }
});

test.describe("before any script has run", () => {
  test.use({ javaScriptEnabled: false });

  for (const signedIn of [false, true]) {
    test(`the first pages are already drawn, signed ${signedIn ? "in" : "out"}`, async ({ page }) => {
      const content = `Drawn by the server ${Date.now()}`;
      if (signedIn) {
        const member = await register(page, { via: "api" });
        expect((await page.request.post("/api/posts", { data: { content } })).status()).toBe(201);
        await page.goto("/");
        await expect(page.getByRole("heading", { level: 1 })).toContainText(member.displayName);
      }
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
        await expect(page.getByRole("status", { name: "Loading page…" })).toHaveCount(0);
      }
      await page.goto("/community");
      if (signedIn) await expect(page.getByText(content)).toBeVisible();
      else await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    });
  }
});

test.describe("with the service worker installed", () => {
  test.use({ serviceWorkers: "allow" });

  test("an online page still comes from the server with its data; the worker's copy is for offline", async ({ page }) => {
    await register(page, { via: "api" });
    await page.goto("/");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    });
    const reads: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) reads.push(url.pathname);
    });
    await page.goto("/sermons");
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.locator("#initial-state").count()).toBe(1);
    expect(reads).not.toContain("/api/auth/current");
  });
});
