import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, register } from "./fixtures";

export type SignedIn = { context: BrowserContext; page: Page; id: number; displayName: string; username: string };

/** A new member signed in in a browser context of their own (with camera and microphone allowed). */
export async function memberInOwnContext(browser: Browser, baseURL: string, options: { refuseCamera?: boolean } = {}): Promise<SignedIn> {
  const context = await browser.newContext({ baseURL, permissions: ["camera", "microphone", "clipboard-read", "clipboard-write"] });
  if (options.refuseCamera) {
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
  }
  const page = await context.newPage();
  const member = await register(page);
  const current = await (await page.request.get("/api/auth/current")).json();
  return { context, page, id: current.id, displayName: member.displayName, username: member.username };
}

/** Waits until the page's live link is open (the chat page shows it). */
export async function expectConnected(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
}
