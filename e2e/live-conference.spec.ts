import { expect, expectNoA11yViolations, expectToast, test } from "./fixtures";
import { memberInOwnContext } from "./live-helpers";

// A fake camera and microphone, granted without a prompt.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

/** True once the tile's <video> is playing real frames. */
async function tileShowsVideo(page: import("@playwright/test").Page, name: string) {
  return page.getByLabel(`${name}'s video`).evaluate((video: HTMLVideoElement) => video.videoWidth > 0 && video.readyState >= 2);
}

test.describe("Video conferences (/video-conference)", () => {
  test("a signed-out visitor sees the Sign In Required card", async ({ page }) => {
    await page.goto("/video-conference");
    await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" }).last()).toHaveAttribute("href", "/auth/login");
    await expectNoA11yViolations(page);
  });

  test("the lobby validates with the spec's toasts and forces the code to upper case", async ({ browser, baseURL }) => {
    const member = await memberInOwnContext(browser, baseURL!);
    const { page } = member;
    await page.goto("/video-conference");
    await expect(page.getByRole("tab", { name: "Create Conference" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Coming soon!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Upcoming Scheduled Conferences" })).toBeVisible();
    await page.getByRole("button", { name: "Create Conference" }).click();
    await expectToast(page, "Name Required", "Please provide a name for your conference.");

    await page.getByRole("tab", { name: "Join Conference" }).click();
    await expect(page.getByText("Enter the 6-digit code")).toBeVisible();
    await page.getByRole("button", { name: "Join Conference" }).click();
    await expectToast(page, "Room Code Required", "Please enter a valid room code.");
    await page.getByLabel("Room Code").fill("ab-c1 23x9");
    await expect(page.getByLabel("Room Code")).toHaveValue("ABC123");
    await page.getByRole("button", { name: "Join Conference" }).click();
    await expectToast(page, "Join Failed", "Invalid room code or room is no longer active.");
    await expectNoA11yViolations(page);
    await member.context.close();
  });

  test("two members meet by code: each sees the other's video, mute shows, copy code, host leaving closes the room", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const host = await memberInOwnContext(browser, baseURL!);
    const guest = await memberInOwnContext(browser, baseURL!);

    await host.page.goto("/video-conference");
    await host.page.getByLabel("Conference Name").fill("Friday Prayer");
    // Without the lobby (the default), the guest comes straight in with the code; the lobby has its own journey.
    await host.page.getByRole("button", { name: "Create Conference" }).click();
    await expectToast(host.page, "Conference Created");
    await expect(host.page.getByRole("heading", { name: "Conference Room: Friday Prayer" })).toBeVisible();
    const code = (await host.page.getByRole("button", { name: /Copy room code/ }).innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{6}$/);

    await host.page.getByRole("button", { name: /Copy room code/ }).click();
    await expectToast(host.page, "Copied!", "Room code copied to clipboard.");
    expect(await host.page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // The guest sees the room among the active conferences, and joins by typing its code.
    await guest.page.goto("/video-conference");
    await expect(guest.page.getByRole("button", { name: "Join Friday Prayer" }).first()).toBeVisible();
    await guest.page.getByRole("tab", { name: "Join Conference" }).click();
    await guest.page.getByLabel("Room Code").fill(code.toLowerCase());
    await guest.page.getByRole("button", { name: "Join Conference" }).click();
    await expectToast(guest.page, "Joining Conference", "Connecting to Friday Prayer...");
    await expect(guest.page.getByRole("heading", { name: "Conference Room: Friday Prayer" })).toBeVisible();

    for (const page of [host.page, guest.page]) {
      await expect(page.getByTestId("video-tile")).toHaveCount(2);
      await expect(page.getByTestId("video-grid")).toHaveAttribute("data-columns", "2");
    }
    const hostPanel = host.page.getByRole("region", { name: "Participants" });
    await expect(hostPanel.getByTestId("participant").filter({ hasText: host.displayName })).toContainText("Host");
    await expect(hostPanel.getByTestId("participant").filter({ hasText: guest.displayName })).not.toContainText("Host");

    // Real video both ways through the peer connection (fake camera).
    await expect.poll(() => tileShowsVideo(host.page, guest.displayName), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => tileShowsVideo(guest.page, host.displayName), { timeout: 20_000 }).toBe(true);

    // The guest mutes; the host sees it.
    await guest.page.getByRole("button", { name: "Mute microphone" }).click();
    await expect(guest.page.getByRole("button", { name: "Unmute microphone" })).toBeVisible();
    await expect(
      hostPanel.getByTestId("participant").filter({ hasText: guest.displayName }).getByRole("img", { name: "Microphone off" }),
    ).toBeVisible();
    await expect(host.page.getByTestId("video-tile").filter({ hasText: guest.displayName })).toHaveAttribute("data-microphone", "off");

    // Room chat.
    await guest.page.getByLabel("Message the room").fill("Amen!");
    await guest.page.getByLabel("Message the room").press("Enter");
    await expect(host.page.getByRole("region", { name: "Room chat" }).getByText("Amen!")).toBeVisible();

    await expectNoA11yViolations(guest.page);

    // The host leaves: the room closes for the guest.
    await host.page.getByRole("button", { name: "Leave Conference" }).click();
    await expect(host.page.getByRole("tab", { name: "Create Conference" })).toBeVisible();
    await expectToast(guest.page, "Room Closed", "This room has been closed by the host.");
    await expect(guest.page.getByRole("tab", { name: "Join Conference" })).toBeVisible();
    expect((await guest.page.request.get(`/api/rooms/${code}`)).status()).toBe(404);

    await host.context.close();
    await guest.context.close();
  });

  test("a member whose camera is refused gets Media Access Error and still joins to listen and chat", async ({ browser, baseURL }) => {
    const host = await memberInOwnContext(browser, baseURL!);
    const listener = await memberInOwnContext(browser, baseURL!, { refuseCamera: true });
    const room = await (await host.page.request.post("/api/rooms", { data: { name: "Choir Practice", maxParticipants: 10 } })).json();
    await host.page.goto("/video-conference");
    await host.page.getByRole("button", { name: "Join Choir Practice" }).click();
    await expect(host.page.getByRole("heading", { name: "Conference Room: Choir Practice" })).toBeVisible();

    await listener.page.goto("/video-conference");
    await listener.page.getByRole("tab", { name: "Join Conference" }).click();
    await listener.page.getByLabel("Room Code").fill(room.roomCode);
    await listener.page.getByRole("button", { name: "Join Conference" }).click();
    await expectToast(listener.page, "Media Access Error", "Could not access your camera or microphone. Please check permissions.");
    await expect(listener.page.getByRole("heading", { name: "Conference Room: Choir Practice" })).toBeVisible();
    await expect(listener.page.getByTestId("participant")).toHaveCount(2);
    await expect.poll(() => tileShowsVideo(listener.page, host.displayName), { timeout: 20_000 }).toBe(true);
    await expect(host.page.getByTestId("video-tile").filter({ hasText: listener.displayName })).toHaveAttribute("data-camera", "off");
    await host.context.close();
    await listener.context.close();
  });
});
