import { exitOf, hasFfmpeg, pushTestPattern } from "../src/server/test/rtmp";
import { expect as baseExpect, expectToast, login, test } from "./fixtures";

// Pages wait on a real encoder and packager here; a busy shared machine needs more than the default 7.5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** playwright.config.ts starts the server with RTMP_PORT = the web port + 10000. */
const RTMP = `rtmp://127.0.0.1:${PORT + 10_000}/live`;

test.skip(!hasFfmpeg(), "ffmpeg is not installed (apt-get install ffmpeg): the live-stream journey needs an encoder");

test("a church goes live: a wrong key is refused, LIVE NOW shows only while live, Chromium plays the HLS, the replay becomes a draft", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, { username: "pastordavid", password: "Blessed2026" });

  // An admin creates a stream and schedules the service.
  await page.goto("/streaming");
  const admin = page.getByRole("region", { name: "Manage live streaming" });
  const streamName = `Sanctuary ${Date.now().toString(36)}`;
  await admin.getByLabel("New stream name").fill(streamName);
  await admin.getByRole("button", { name: "Create stream" }).click();
  const streamCard = admin.getByRole("listitem").filter({ hasText: streamName });
  const key = (await streamCard.getByTestId("stream-key").textContent())!.trim();
  expect(key).toMatch(/^[\w-]{20,}$/);

  const title = `Sunday Live ${Date.now().toString(36)}`;
  const starts = new Date(Date.now() + 2 * 3_600_000);
  const local = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await admin.getByLabel("Service title").fill(title);
  await admin.getByLabel("Service starts").fill(local(starts));
  await admin.getByLabel("Service ends").fill(local(new Date(starts.getTime() + 3_600_000)));
  await admin.getByRole("button", { name: "Schedule service" }).click();
  await expectToast(page, "Service Scheduled");

  // Nothing is live: the hero counts down to the next service and Remind Me gives its calendar file.
  await page.goto("/");
  const hero = page.getByRole("region").filter({ has: page.getByRole("link", { name: "Join Now" }) });
  await expect(hero.getByRole("heading", { level: 2 })).toHaveText(title);
  await expect(hero.getByRole("timer")).toHaveText(/Starts in 1h 5\dm|Starts in 2h 00m/);
  await expect(hero.getByText("LIVE NOW")).toHaveCount(0);
  const download = page.waitForEvent("download");
  await hero.getByRole("button", { name: "Remind Me" }).click();
  const ics = await (await (await download).createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(ics).toContain(`SUMMARY:${title}`);

  // A wrong key is refused: the encoder is disconnected and nothing goes live.
  expect(await exitOf(pushTestPattern(`${RTMP}/not-the-key`, 5))).not.toBe(0);
  await expect(hero.getByText("LIVE NOW")).toHaveCount(0);
  await page.waitForTimeout(1500);

  // The encoder starts: the hero turns LIVE NOW within 10 s, told over the live link.
  const startedAt = Date.now();
  const encoder = pushTestPattern(`${RTMP}/${key}`, 40);
  await expect(hero.getByText("LIVE NOW")).toBeVisible({ timeout: 10_000 });
  console.info(`LIVE NOW shown ${Date.now() - startedAt} ms after the encoder started`);
  // The service starts in two hours, so this early broadcast goes by the stream's name; the sidebar says it too.
  await expect(hero.getByRole("heading", { level: 2 })).toHaveText(streamName);
  await expect(page.getByRole("link", { name: `LIVE NOW: ${streamName}` })).toBeVisible();

  // /streaming plays it: currentTime advances, the viewer is counted, and the audio-only switch plays sound only.
  await hero.getByRole("link", { name: "Join Now" }).click();
  const video = page.getByTestId("live-video");
  const playMuted = () =>
    video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      void element.play();
    });
  await playMuted();
  const time = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(1);
  const first = await time();
  await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(first + 2);
  await expect(page.getByText("1 watching")).toBeVisible();
  const latency = page.getByTestId("live-latency");
  await expect(latency).toBeVisible();
  // Ingest-to-screen: the wall-clock time the server stamped on the segment playing now, against the clock.
  const latencyMs = () => latency.getAttribute("data-latency-ms").then(Number);
  console.info(`ingest-to-screen latency on joining ${await latencyMs()} ms`);
  await expect.poll(latencyMs, { timeout: 20_000 }).toBeLessThan(10_000);
  console.info(`ingest-to-screen latency settled at ${await latencyMs()} ms`);

  await page.getByRole("button", { name: "Audio only" }).click();
  await expect(page.getByText("Listening to the sound only")).toBeVisible();
  await playMuted();
  const audioStart = await time();
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(audioStart + 1);

  // The encoder stops: LIVE NOW goes away and the recording waits as a draft replay with a thumbnail.
  encoder.kill("SIGINT");
  await exitOf(encoder);
  await page.goto("/");
  await expect(hero.getByText("LIVE NOW")).toHaveCount(0, { timeout: 15_000 });
  await page.goto("/streaming");
  const replay = admin.getByRole("listitem", { name: new RegExp(`Replay ${streamName}|Replay ${title}`) }).first();
  await expect(replay).toBeVisible({ timeout: 20_000 });
  await expect(replay.getByText("Draft")).toBeVisible();
  await expect(replay.locator("img")).toHaveAttribute("src", /\/media\/replays\/broadcast-\d+\.jpg$/);
  await replay.getByLabel("Replay title").fill(`${title} (replay)`);
  await replay.getByRole("button", { name: "Publish as sermon" }).click();
  await expectToast(page, "Replay Published");

  // Leave the schedule as it was for the other journeys.
  const services = await page.request.get("/api/streaming/services");
  for (const service of (await services.json()) as { id: number; title: string }[])
    if (service.title === title) expect((await page.request.delete(`/api/streaming/services/${service.id}`)).status()).toBe(204);
});
