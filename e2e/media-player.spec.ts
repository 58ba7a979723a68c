import { expect, expectNoA11yViolations, register, test } from "./fixtures";

const audioState = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>("audio[data-testid=global-audio]");
    return { paused: audio?.paused ?? true, time: audio?.currentTime ?? 0, src: audio?.currentSrc ?? "" };
  });

test("plays a song, its time advances, it seeks, and it keeps playing on another page", async ({ page }) => {
  await page.goto("/music");
  const player = page.getByTestId("audio-player");
  await expect(player.getByTestId("player-title")).toHaveText("Sunrise Praise");
  await expect(player.getByTestId("player-time")).toHaveText(/^0:00 \/ 0:\d\d$/);
  await expectNoA11yViolations(page);

  // Selecting a track in the Recent table marks it current and playing.
  await page.getByRole("table", { name: "Recent tracks" }).getByRole("button", { name: "Play Still Waters" }).click();
  await expect(player.getByTestId("player-title")).toHaveText("Still Waters");
  await expect(page.getByRole("table", { name: "Recent tracks" }).locator("tr[aria-current=true]")).toContainText("Still Waters");
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(player.getByTestId("player-time")).toHaveText(/^0:0[1-9] \//, { timeout: 10_000 });
  expect((await audioState(page)).src).toContain("/media/song-02-still-waters.mp3");

  // Seek with the keyboard: Page Up jumps ten steps of 0.1 s; End goes near the end.
  const seek = player.getByRole("slider", { name: "Seek" });
  const before = (await audioState(page)).time;
  await seek.focus();
  for (let i = 0; i < 5; i++) await seek.press("PageUp");
  await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(before + 4);
  // Volume: default 0.7, step 0.01, and ten steps with Shift.
  const volume = player.getByRole("slider", { name: "Volume" });
  await expect(volume).toHaveAttribute("aria-valuenow", "0.7");
  await volume.focus();
  await volume.press("ArrowLeft");
  await expect(volume).toHaveAttribute("aria-valuenow", "0.69");
  await volume.press("Shift+ArrowLeft");
  await expect(volume).toHaveAttribute("aria-valuenow", "0.59");
  await expect
    .poll(() => page.evaluate(() => document.querySelector<HTMLAudioElement>("audio[data-testid=global-audio]")!.volume))
    .toBeCloseTo(0.59);
  // Playback speed: the menu opens on the chosen rate, and the one picked is the audio's rate.
  const speed = player.getByRole("combobox", { name: "Playback speed" });
  await expect(speed).toHaveText("1×");
  await speed.click();
  await expect(page.getByRole("option", { name: "1×" })).toBeFocused();
  await page.getByRole("option", { name: "1.5×" }).click();
  await expect(speed).toHaveText("1.5×");
  await expect
    .poll(() => page.evaluate(() => document.querySelector<HTMLAudioElement>("audio[data-testid=global-audio]")!.playbackRate))
    .toBe(1.5);

  // Media Session: the lock screen and media keys know what is playing.
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe("Still Waters");
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.artist)).toBe("Naomi Asante");

  // Pause and resume with the play button.
  await player.getByRole("button", { name: "Pause" }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await player.getByRole("button", { name: "Play" }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);

  // Move to another page: the same audio keeps playing in the bottom bar.
  await page.getByRole("navigation").getByRole("link", { name: "Sermons" }).first().click();
  await expect(page).toHaveURL("/sermons");
  const bar = page.getByRole("region", { name: "Now playing" });
  await expect(bar.getByTestId("now-playing-title")).toHaveText("Still Waters");
  const onSermons = (await audioState(page)).time;
  await expect.poll(async () => (await audioState(page)).time, { timeout: 10_000 }).toBeGreaterThan(onSermons + 1);
  expect((await audioState(page)).paused).toBe(false);
  await expectNoA11yViolations(page);

  // Next in the queue.
  await bar.getByRole("button", { name: "Next track" }).click();
  await expect(bar.getByTestId("now-playing-title")).toHaveText("Evening Hymn");
});

test("at the end a track returns to paused at 0:00", async ({ page }) => {
  await page.goto("/music");
  const player = page.getByTestId("audio-player");
  await player.getByRole("button", { name: "Play" }).click();
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>("audio[data-testid=global-audio]")!;
    audio.currentTime = audio.duration - 0.3;
  });
  await expect(player.getByRole("button", { name: "Play" })).toBeVisible({ timeout: 10_000 });
  await expect(player.getByTestId("player-time")).toHaveText(/^0:00 \//);
});

test("shows the Playback Error toast when a file cannot be played", async ({ page }) => {
  await page.route("**/media/song-01-sunrise-praise.mp3", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/music");
  await page.getByTestId("audio-player").getByRole("button", { name: "Play" }).click();
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem");
  await expect(toast.filter({ hasText: "Playback Error" })).toContainText("Could not play the audio. Please try again.");
});

test("play counts rise when a member plays a song, and the Popular tab reflects them", async ({ page }) => {
  await register(page);
  await page.goto("/music");
  const before = await (await page.request.get("/api/content/media?type=song")).json();
  const target = before.find((item: { title: string }) => item.title === "Walk in the Light");
  await page.getByRole("button", { name: "Play Walk in the Light" }).first().click();
  await expect
    .poll(async () => (await (await page.request.get(`/api/content/media/${target.id}`)).json()).playCount)
    .toBe(target.playCount + 1);
  await page.getByRole("tab", { name: "Popular" }).click();
  await expect(page.getByRole("table", { name: "Popular tracks" })).toBeVisible();
  await page.getByRole("tab", { name: "Recommended" }).click();
  await expect(page.getByRole("table", { name: "Recommended tracks" })).toBeVisible();
  await expectNoA11yViolations(page);
});
