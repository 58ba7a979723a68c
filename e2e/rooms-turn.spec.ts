import { expect, test } from "./fixtures";
import { memberInOwnContext } from "./live-helpers";
import { recordPeerConnections, selectedCandidatePairs } from "./rtc-stats";
import { freePort } from "../src/server/test/processes";
import { type Service, missingBinary, newSecret, startCoturn, startPlatform } from "./services";

/*
 * TURN with time-limited credentials (decision 0015): a coturn of the journey's own, sharing a secret with a platform
 * instance of its own that hands members credentials and asks browsers to relay everything
 * (ICE_TRANSPORT_POLICY=relay, no STUN). Two members still see each other, and WebRTC's statistics show the
 * call going through the relay.
 */
const missing = missingBinary("turnserver", "coturn");

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

test.describe("video rooms through TURN only", () => {
  test.skip(missing !== "", `Relay-only journey skipped: ${missing}.`);
  let coturn: Service | undefined;
  let platform: Service | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const secret = newSecret();
    coturn = await startCoturn(secret);
    platform = await startPlatform(await freePort(), {
      ICE_SERVERS: "[]",
      TURN_URLS: coturn.url,
      TURN_SECRET: secret,
      ICE_TRANSPORT_POLICY: "relay",
    });
  });

  test.afterAll(async () => {
    await platform?.stop();
    await coturn?.stop();
  });

  test("two members behind relay-only ICE see each other through coturn", async ({ browser }) => {
    test.setTimeout(90_000);
    const host = await memberInOwnContext(browser, platform!.url);
    const guest = await memberInOwnContext(browser, platform!.url);
    for (const member of [host, guest]) await recordPeerConnections(member.context);

    const ice = await (await host.page.request.get("/api/rooms/ice-servers")).json();
    expect(ice.iceTransportPolicy).toBe("relay");
    expect(ice.iceServers).toEqual([
      { urls: [coturn!.url], username: expect.stringMatching(new RegExp(`^\\d+:${host.id}$`)), credential: expect.any(String) },
    ]);

    const room = await (await host.page.request.post("/api/rooms", { data: { name: "Relay Prayer" } })).json();
    for (const member of [host, guest]) {
      await member.page.goto("/video-conference");
      await member.page.getByRole("tab", { name: "Join Conference" }).click();
      await member.page.getByLabel("Room Code").fill(room.roomCode);
      await member.page.getByRole("button", { name: "Join Conference" }).click();
      await expect(member.page.getByRole("heading", { name: "Conference Room: Relay Prayer" })).toBeVisible();
    }

    const playing = (page: typeof host.page, name: string) =>
      page.getByLabel(`${name}'s video`).evaluate((video: HTMLVideoElement) => video.videoWidth > 0 && video.readyState >= 2);
    await expect.poll(() => playing(host.page, guest.displayName), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => playing(guest.page, host.displayName), { timeout: 30_000 }).toBe(true);

    for (const member of [host, guest]) {
      const pairs = await selectedCandidatePairs(member.page);
      expect(pairs).toEqual([{ policy: "relay", local: "relay", remote: "relay" }]);
    }
    await host.context.close();
    await guest.context.close();
  });
});
