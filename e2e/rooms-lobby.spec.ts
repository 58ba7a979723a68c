import { expect, expectNoA11yViolations, expectToast, test } from "./fixtures";
import { type SignedIn, memberInOwnContext } from "./live-helpers";

// A fake camera and microphone, granted without a prompt.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

async function knock(member: SignedIn, roomCode: string) {
  await member.page.goto("/video-conference");
  await member.page.getByRole("tab", { name: "Join Conference" }).click();
  await member.page.getByLabel("Room Code").fill(roomCode);
  await member.page.getByRole("button", { name: "Join Conference" }).click();
}

test("rooms safe by default: knock and admit, knock and decline, lock, remove, mute everyone", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const host = await memberInOwnContext(browser, baseURL!);
  const ruth = await memberInOwnContext(browser, baseURL!);
  const orpah = await memberInOwnContext(browser, baseURL!);
  const boaz = await memberInOwnContext(browser, baseURL!);

  // The lobby is the host's choice when creating the room; joining by the code alone enters it (spec §4).
  await host.page.goto("/video-conference");
  await host.page.getByLabel("Conference Name").fill("Evening Prayer");
  await expect(host.page.getByLabel("Lobby: I admit each person who knocks")).not.toBeChecked();
  await host.page.getByLabel("Lobby: I admit each person who knocks").check();
  await host.page.getByRole("button", { name: "Create Conference" }).click();
  await expect(host.page.getByRole("heading", { name: "Conference Room: Evening Prayer" })).toBeVisible();
  const roomCode = (await host.page.getByRole("button", { name: /Copy room code/ }).innerText()).trim();
  const controls = host.page.getByRole("region", { name: "Host controls" });
  await expect(controls.getByText("Lobby on: you admit each person.")).toBeVisible();

  // Knock → admit.
  await knock(ruth, roomCode);
  await expect(ruth.page.getByRole("heading", { name: "Waiting for the host" })).toBeVisible();
  await expectNoA11yViolations(ruth.page);
  const lobby = controls.getByRole("region", { name: "Lobby" });
  await expect(lobby.getByTestId("knocker")).toHaveText([new RegExp(ruth.displayName)]);
  await expectNoA11yViolations(host.page);
  await lobby.getByRole("button", { name: `Admit ${ruth.displayName}` }).click();
  await expect(ruth.page.getByRole("heading", { name: "Waiting for the host" })).toHaveCount(0);
  await expect(ruth.page.getByText("2 participants")).toBeVisible();
  await expect(host.page.getByText("2 participants")).toBeVisible();

  // Knock → decline.
  await knock(orpah, roomCode);
  await expect(lobby.getByTestId("knocker")).toHaveText([new RegExp(orpah.displayName)]);
  await lobby.getByRole("button", { name: `Decline ${orpah.displayName}` }).click();
  await expectToast(orpah.page, "Not Admitted", "The host declined your request to join this conference.");
  await expect(orpah.page.getByRole("tab", { name: "Join Conference" })).toBeVisible();
  await expect(lobby.getByTestId("knocker")).toHaveCount(0);

  // Mute everyone: Ruth's microphone goes off, and she turns it on again herself.
  const ruthAtHost = host.page.getByTestId("participant").filter({ hasText: ruth.displayName });
  await expect(ruthAtHost.getByRole("img", { name: "Microphone on" })).toBeVisible();
  await controls.getByRole("button", { name: "Mute Everyone" }).click();
  await expectToast(ruth.page, "Muted by the Host");
  await expect(ruthAtHost.getByRole("img", { name: "Microphone off" })).toBeVisible();
  await ruth.page.getByRole("button", { name: "Unmute microphone" }).click();
  await expect(ruthAtHost.getByRole("img", { name: "Microphone on" })).toBeVisible();

  // Lock: nobody new can knock.
  await controls.getByRole("button", { name: "Lock Room" }).click();
  await expect(controls.getByText("Locked: nobody new can join or knock.")).toBeVisible();
  await knock(boaz, roomCode);
  await expectToast(boaz.page, "Error", "This conference is locked. The host is not letting anyone new in.");
  await expect(lobby.getByTestId("knocker")).toHaveCount(0);
  await controls.getByRole("button", { name: "Unlock Room" }).click();
  await expect(controls.getByText("Lobby on: you admit each person.")).toBeVisible();

  // Remove: Ruth is told and leaves; the host sees one participant.
  await controls.getByRole("button", { name: `Remove ${ruth.displayName}` }).click();
  await expectToast(ruth.page, "Removed", "The host removed you from this conference.");
  await expect(ruth.page.getByRole("tab", { name: "Join Conference" })).toBeVisible();
  await expect(host.page.getByText("1 participant", { exact: true })).toBeVisible();

  for (const member of [host, ruth, orpah, boaz]) await member.context.close();
});
