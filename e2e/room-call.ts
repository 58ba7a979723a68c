import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { type SignedIn, memberInOwnContext } from "./live-helpers";
import { recordPeerConnections, trafficBetween, videoTraffic } from "./rtc-stats";

/*
 * A room filled with fake-camera members, each in a browser context of their own, for the SFU journey and the rooms
 * bench (bench/rooms.ts): they join one after another, and their WebRTC statistics are read together.
 */

/** Chromium's switches for fake cameras and microphones that need no prompt. */
export const fakeMediaArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  // Small cameras still send three simulcast layers (Chromium otherwise drops layers below 640x360).
  "--force-fieldtrials=WebRTC-LegacySimulcastLayerLimit/Disabled/",
];

/** Makes every camera of the context 320x240, so a small machine can run many members. */
async function smallCameras(context: SignedIn["context"]) {
  await context.addInitScript(() => {
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints) =>
      original(
        constraints?.video
          ? { ...constraints, video: { ...(constraints.video === true ? {} : constraints.video), width: 320, height: 240 } }
          : constraints,
      );
  });
}

/** A member of the room, with what their page warned of (the SFU's fallbacks among it), for a failed journey's log. */
export type RoomMember = SignedIn & { warnings: string[] };

/**
 * Signs in `count` members, has the first create a room and everyone join it; resolves once all are in. `prepare`
 * may add init scripts to a member's context before their page opens.
 */
export async function fillRoom(
  browser: Browser,
  baseURL: string,
  count: number,
  name = "Ten Who Pray",
  prepare?: (member: RoomMember, index: number) => Promise<void>,
): Promise<RoomMember[]> {
  const members = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const member: RoomMember = { ...(await memberInOwnContext(browser, baseURL)), warnings: [] };
      member.page.on("console", (message) => {
        if (message.type() === "warning" || message.type() === "error")
          member.warnings.push(`${new Date().toISOString()} ${message.type()}: ${message.text()}`);
      });
      await recordPeerConnections(member.context);
      await smallCameras(member.context);
      await prepare?.(member, index);
      return member;
    }),
  );
  log("signed in");
  const room = await (await members[0]!.page.request.post("/api/rooms", { data: { name } })).json();
  for (const member of members) {
    await member.page.goto("/video-conference");
    log("page loaded");
    await member.page.getByRole("tab", { name: "Join Conference" }).click();
    await member.page.getByLabel("Room Code").fill(room.roomCode);
    await member.page.getByRole("button", { name: "Join Conference" }).click();
    log("join clicked");
    await expect(member.page.getByRole("heading", { name: `Conference Room: ${name}` })).toBeVisible({ timeout: 30_000 });
    log("joined");
  }
  for (const member of members) await expect(member.page.getByText(`${count} participants`)).toBeVisible({ timeout: 30_000 });
  return members;
}

const log = (what: string) => process.env.ROOM_CALL_DEBUG && console.log(what, new Date().toISOString());

export type MemberTraffic = ReturnType<typeof trafficBetween>;

/** Every member's traffic over the same window of `seconds`. */
export async function measureRoom(pages: Page[], seconds: number): Promise<MemberTraffic[]> {
  const before = await Promise.all(pages.map((page) => videoTraffic(page)));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = await Promise.all(pages.map((page) => videoTraffic(page)));
  return pages.map((_, i) => trafficBetween(before[i]!, after[i]!));
}

/** Waits until every member decodes video from each of the others (frames advancing), or fails after `timeoutMs`. */
export async function expectEveryoneSeesEveryone(pages: Page[], timeoutMs: number) {
  await expect
    .poll(
      async () => {
        const traffic = await measureRoom(pages, 1);
        return traffic.map((member) => member.receivedFps.filter((fps) => fps > 0).length);
      },
      { timeout: timeoutMs, intervals: [500] },
    )
    .toEqual(pages.map(() => pages.length - 1));
}
