import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { expect, expectNoA11yViolations, expectToast, register, test } from "./fixtures";

const SERMON = "Walking Through the Psalms";

test.use({ serviceWorkers: "allow" });

test("a member downloads a sermon, plays and seeks it offline, and removes it", async ({ page, context }) => {
  // Installing the worker and precaching the shell takes a while on a small, busy machine.
  test.setTimeout(150_000);
  await register(page);
  await page.goto("/sermons");
  // The service worker installs and takes the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  });

  await page
    .getByRole("button", { name: `More options for ${SERMON}` })
    .first()
    .click();
  await page.getByRole("menuitem", { name: "Save for Offline" }).click();
  await expectToast(page, "Saved for offline");

  await page.goto("/downloads");
  const list = page.getByRole("list", { name: "Downloaded items" });
  const row = list.getByRole("listitem").filter({ hasText: SERMON });
  await expect(row).toContainText(/\d+(\.\d)? (KB|MB)/);
  await expectNoA11yViolations(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Downloads" })).toBeVisible();
  await expect(page.getByText("You are offline.")).toBeVisible();
  // Its artwork shows offline too: the copy its <picture> picks was saved with the file.
  await expect.poll(() => row.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await row.getByRole("button", { name: `Play ${SERMON}` }).click();

  // It plays from the device, and seeking lands where asked (the worker answers the player's Range requests).
  const audio = page.getByTestId("global-audio");
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  const target = await audio.evaluate(async (element: HTMLAudioElement) => {
    const to = Math.floor(element.duration * 0.6);
    const seeked = new Promise((resolve) => element.addEventListener("seeked", resolve, { once: true }));
    element.currentTime = to;
    await seeked;
    return to;
  });
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => (element.paused ? -1 : element.currentTime)), { timeout: 15_000 })
    .toBeGreaterThan(target + 0.3);

  // A page whose data this device never saved says it is offline instead of failing silently.
  await page.getByRole("link", { name: "Community" }).first().click();
  await expect(page.getByText("You are offline.")).toBeVisible();

  await page.getByRole("link", { name: "Your downloads" }).click();
  await row.getByRole("button", { name: `Remove ${SERMON}` }).click();
  await expectToast(page, "Download removed");
  await expect(page.getByText("No downloads yet")).toBeVisible();
  const stillCached = await page.evaluate(async () => {
    const names = await caches.keys();
    for (const name of names.filter((key) => key.includes("downloads"))) {
      const cache = await caches.open(name);
      if ((await cache.keys()).some((request) => request.url.includes("/media/") && request.url.endsWith(".mp3"))) return true;
    }
    return false;
  });
  expect(stillCached).toBe(false);
  await context.setOffline(false);
});

test("the app is installable: a manifest with its icons and a worker serving the shell", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: "Gathering", start_url: "/", display: "standalone" });
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.background_color).toMatch(/^#/);
  for (const size of ["192x192", "512x512"]) expect(manifest.icons.some((icon) => icon.sizes === size)).toBe(true);
  expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.headers()["content-type"]).toBe("image/png");
  }
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
});

test("Chrome's own installability checks pass", async ({ baseURL }, testInfo) => {
  // What Lighthouse's former PWA audit asked of Chrome. Chrome never offers to install from an incognito profile,
  // and every Playwright context is one, so this journey runs a browser with a profile of its own.
  const profile = mkdtempSync(path.join(os.tmpdir(), "gathering-installable-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: "allow",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
