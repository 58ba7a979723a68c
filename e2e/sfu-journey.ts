import { test } from "./fixtures";
import { type RoomMember, fakeMediaArgs } from "./room-call";
import { freePort } from "../src/server/test/processes";
import { type JanusInstance, janusMissing, startJanus } from "../src/server/test/janus";
import { type Service, startPlatform } from "./services";

/** What a journey through the SFU holds: its platform's address once started, and the members it seated. */
export interface SfuJourney {
  url: string;
  members: RoomMember[];
}

/** The browser of a journey through the SFU, for the spec file's top-level `test.use`: fake cameras. */
export const sfuBrowser = {
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: fakeMediaArgs },
  // A trace's screenshots are a screencast of every page: with six pages it took half the fake cameras' frames
  // (decision 0028). The trace keeps its snapshots.
  trace: { mode: "retain-on-failure" as const, screenshots: false },
};

/**
 * A journey through Janus VideoRoom (decision 0018): a Janus and a platform instance of the describe block's own
 * (`env` adds to the platform's), started before its tests and stopped after. What each member's page warned of (a
 * failed SFU call, a subscription made again) goes to the log of a failed test.
 */
export function sfuJourney(env: Record<string, string> = {}): SfuJourney {
  const journey: SfuJourney = { url: "", members: [] };
  let janus: JanusInstance | undefined;
  let platform: Service | undefined;
  test.skip(janusMissing !== "", `SFU journey skipped: ${janusMissing}.`);

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    janus = await startJanus();
    platform = await startPlatform(await freePort(), { JANUS_URL: janus.url, JANUS_ADMIN_KEY: janus.adminKey, ...env });
    journey.url = platform.url;
  });

  // A test's members leave before the next test: their fake cameras would take the machine's time from it.
  test.afterEach(async () => {
    const { status, expectedStatus } = test.info();
    if (status !== expectedStatus)
      for (const [i, member] of journey.members.entries())
        console.log(
          `member ${i + 1}'s warnings:\n${member.warnings.filter((line) => !line.includes("Service Worker")).join("\n") || "none"}`,
        );
    for (const member of journey.members) await member.context.close().catch(() => {});
    journey.members = [];
  });

  test.afterAll(async () => {
    await platform?.stop();
    await janus?.stop();
  });
  return journey;
}
