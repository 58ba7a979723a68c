import { expect, test } from "./fixtures";
import { expectEveryoneSeesEveryone, fakeMediaArgs, fillRoom, measureRoom } from "./room-call";
import { freePort } from "../src/server/test/processes";
import { type JanusInstance, janusMissing, startJanus } from "../src/server/test/janus";
import { type Service, startPlatform } from "./services";

/*
 * Six members through Janus VideoRoom (decision 0018): a Janus and a platform instance of the journey's own. The
 * first four cameras meet in the mesh; the fifth moves the room to the SFU. WebRTC's statistics then show every
 * member decoding every other's video, and sending one video (in simulcast layers) instead of five.
 */

test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: fakeMediaArgs } });

const MEMBERS = 6;

test.describe("a room of six through the SFU", () => {
  test.skip(janusMissing !== "", `SFU journey skipped: ${janusMissing}.`);
  let janus: JanusInstance | undefined;
  let platform: Service | undefined;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    janus = await startJanus();
    platform = await startPlatform(await freePort(), { JANUS_URL: janus.url, JANUS_ADMIN_KEY: janus.adminKey });
  });

  test.afterAll(async () => {
    await platform?.stop();
    await janus?.stop();
  });

  test("six fake cameras each send one simulcast video and receive the five others", async ({ browser }) => {
    test.setTimeout(120_000);
    const members = await fillRoom(browser, platform!.url, MEMBERS, "Six Who Pray");
    const pages = members.map((member) => member.page);

    await expectEveryoneSeesEveryone(pages, 45_000);
    const traffic = await measureRoom(pages, 4);
    // The numbers go to the log: on a loaded machine they show where the frames went.
    console.log(JSON.stringify(traffic.map((t) => ({ ...t, receivedFps: t.receivedFps.map(Math.round) }))));
    const everyFps = traffic.flatMap((member) => member.receivedFps).sort((a, b) => a - b);
    expect(everyFps[Math.floor(everyFps.length / 2)], "the median video arrives at 12 fps or more").toBeGreaterThanOrEqual(12);
    for (const [i, member] of traffic.entries()) {
      const who = `member ${i + 1}`;
      expect(member.receivedFps, who).toHaveLength(MEMBERS - 1);
      expect(Math.min(...member.receivedFps), `${who} receives every video, none frozen`).toBeGreaterThanOrEqual(3);
      expect(member.uploadConnections, `${who} sends video on one connection`).toBe(1);
      expect(member.uploadStreams, `${who} sends its video in simulcast layers`).toBeGreaterThanOrEqual(2);
    }
    for (const member of members) await member.context.close();
  });
});
