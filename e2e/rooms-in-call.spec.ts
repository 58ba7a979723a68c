import { expect, test } from "./fixtures";
import { type SignedIn, memberInOwnContext } from "./live-helpers";

// A fake camera, microphone and screen, granted without a prompt.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      "--auto-select-desktop-capture-source=Entire screen",
    ],
  },
});

async function enterRoom(member: SignedIn, roomCode: string, name: string) {
  await member.page.goto("/video-conference");
  await member.page.getByRole("tab", { name: "Join Conference" }).click();
  await member.page.getByLabel("Room Code").fill(roomCode);
  await member.page.getByRole("button", { name: "Join Conference" }).click();
  await expect(member.page.getByRole("heading", { name: `Conference Room: ${name}` })).toBeVisible();
}

test("in a call: raise a hand, share a screen, speaker view, link quality and device choice", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const host = await memberInOwnContext(browser, baseURL!);
  const guest = await memberInOwnContext(browser, baseURL!);
  const room = await (await host.page.request.post("/api/rooms", { data: { name: "Bible Study" } })).json();
  await enterRoom(host, room.roomCode, "Bible Study");
  await enterRoom(guest, room.roomCode, "Bible Study");
  const guestTileAtHost = host.page.getByTestId("video-tile").filter({ hasText: guest.displayName });
  await expect
    .poll(() => host.page.getByLabel(`${guest.displayName}'s video`).evaluate((video: HTMLVideoElement) => video.videoWidth > 0), {
      timeout: 20_000,
    })
    .toBe(true);

  // The guest raises a hand: the host sees it on the tile and in the participants list; lowering clears it.
  await guest.page.getByRole("button", { name: "Raise hand" }).click();
  await expect(guest.page.getByRole("button", { name: "Lower hand" })).toHaveAttribute("aria-pressed", "true");
  await expect(guestTileAtHost).toHaveAttribute("data-hand", "raised");
  await expect(guestTileAtHost.getByText("Hand raised")).toBeVisible();
  const hostPanel = host.page.getByRole("region", { name: "Participants" });
  await expect(
    hostPanel.getByTestId("participant").filter({ hasText: guest.displayName }).getByRole("img", { name: "Hand raised" }),
  ).toBeVisible();
  await guest.page.getByRole("button", { name: "Lower hand" }).click();
  await expect(guestTileAtHost).toHaveAttribute("data-hand", "down");

  // Each remote tile shows the link's quality, measured from WebRTC's statistics.
  await expect(guestTileAtHost).toHaveAttribute("data-quality", /good|fair|poor/, { timeout: 10_000 });
  await expect(guestTileAtHost.getByRole("img", { name: /^Connection (good|fair|poor)$/ })).toBeVisible();

  // The host shares a screen: the guest sees it marked, and in the speaker view it holds the stage.
  const cameraSize = await guest.page
    .getByLabel(`${host.displayName}'s video`)
    .evaluate((video: HTMLVideoElement) => `${video.videoWidth}x${video.videoHeight}`);
  await host.page.getByRole("button", { name: "Share screen" }).click();
  await expect(host.page.getByRole("button", { name: "Stop sharing screen" })).toBeVisible();
  const hostTileAtGuest = guest.page.getByTestId("video-tile").filter({ hasText: host.displayName });
  await expect(hostTileAtGuest).toHaveAttribute("data-screen", "on");
  await expect(hostTileAtGuest.getByRole("img", { name: "Sharing screen" })).toBeVisible();
  // The frames the guest receives are now the screen's, not the camera's.
  await expect
    .poll(
      () =>
        guest.page
          .getByLabel(`${host.displayName}'s video`)
          .evaluate((video: HTMLVideoElement) => `${video.videoWidth}x${video.videoHeight}`),
      { timeout: 15_000 },
    )
    .not.toBe(cameraSize);
  await guest.page.getByRole("button", { name: "Speaker view" }).click();
  await expect(guest.page.getByTestId("speaker-view")).toBeVisible();
  await expect(guest.page.getByTestId("video-tile").filter({ hasText: host.displayName })).toHaveAttribute("data-size", "stage");
  await expect(guest.page.getByTestId("video-tile").filter({ hasText: `${guest.displayName} (You)` })).toHaveAttribute(
    "data-size",
    "strip",
  );
  await host.page.getByRole("button", { name: "Stop sharing screen" }).click();
  await expect(hostTileAtGuest).toHaveAttribute("data-screen", "off");
  await guest.page.getByRole("button", { name: "Grid view" }).click();
  await expect(guest.page.getByTestId("video-grid")).toBeVisible();

  // Camera and microphone choice lists the browser's devices; picking another microphone keeps the call going.
  await guest.page.getByRole("button", { name: "Camera and microphone settings" }).click();
  const devices = guest.page.getByRole("region", { name: "Camera and microphone" });
  await expect(devices.getByRole("combobox", { name: "Camera" })).toBeEnabled();
  await devices.getByRole("combobox", { name: "Microphone" }).click();
  const options = guest.page.getByRole("option");
  expect(await options.count()).toBeGreaterThan(0);
  await options.last().click();
  await expect(guest.page.getByRole("button", { name: "Mute microphone" })).toBeEnabled();
  await expect
    .poll(() => host.page.getByLabel(`${guest.displayName}'s video`).evaluate((video: HTMLVideoElement) => video.readyState >= 2))
    .toBe(true);

  await host.context.close();
  await guest.context.close();
});
