import { expect as baseExpect, expectToast, login, test } from "./fixtures";
import { memberInOwnContext } from "./live-helpers";

const expect = baseExpect.configure({ timeout: 15_000 });
const local = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);

test("a premiere plays as live for everyone at the same position, with the chat beside it: members talk, an admin hides a message, slow mode refuses", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await login(page, { username: "pastordavid", password: "Blessed2026" });

  // An admin schedules a recorded sermon to premiere a few seconds from now.
  await page.goto("/streaming");
  const admin = page.getByRole("region", { name: "Manage live streaming" });
  await admin.getByLabel("Video to premiere").selectOption({ label: "Grace That Finds Us" });
  const startsAt = new Date(Date.now() + 8_000);
  await admin.getByLabel("Premiere starts").fill(local(startsAt));
  await admin.getByRole("button", { name: "Schedule premiere" }).click();
  await expectToast(page, "Premiere Scheduled");

  const ruth = await memberInOwnContext(browser, baseURL!);
  const boaz = await memberInOwnContext(browser, baseURL!);
  try {
    await ruth.page.goto("/streaming");
    await boaz.page.goto("/streaming");

    // It starts: LIVE on /streaming (told over the live link), and both members play it from the same moment.
    const videos = [ruth, boaz].map((member) => member.page.getByTestId("premiere-video"));
    for (const video of videos) await expect(video).toBeVisible({ timeout: 20_000 });
    const position = (index: number) =>
      videos[index]!.evaluate((element: HTMLVideoElement) => {
        element.muted = true;
        void element.play();
        return element.currentTime;
      });
    await expect.poll(() => position(0)).toBeGreaterThan(0.5);
    await expect.poll(() => position(1)).toBeGreaterThan(0.5);
    // Each player seeks back to the shared position when it drifts by more than a second (buffering after the seek).
    const apart = async () => Math.abs((await position(0)) - (await position(1)));
    await expect.poll(apart).toBeLessThan(1.5);
    const [a, b] = [await position(0), await position(1)];
    const expected = (Date.now() - startsAt.getTime()) / 1000;
    console.info(`premiere positions ${a.toFixed(2)} s and ${b.toFixed(2)} s, ${expected.toFixed(2)} s after the start`);
    expect(Math.abs(a - expected)).toBeLessThan(2.5);

    // The home hero says LIVE NOW during the premiere.
    await page.goto("/");
    const hero = page.getByRole("region").filter({ has: page.getByRole("link", { name: "Join Now" }) });
    await expect(hero.getByText("LIVE NOW")).toBeVisible();
    await expect(hero.getByRole("heading", { level: 2 })).toHaveText("Grace That Finds Us");
    await page.goto("/streaming");

    // Two members talk in the chat beside it.
    const chatOf = (p: typeof page) => p.getByRole("region", { name: "Live chat" });
    const say = async (p: typeof page, text: string) => {
      await chatOf(p).getByRole("textbox", { name: "Chat message" }).fill(text);
      await chatOf(p).getByRole("button", { name: "Send" }).click();
    };
    await say(ruth.page, "Good morning from row three!");
    await expect(chatOf(boaz.page).getByRole("log").getByText("Good morning from row three!")).toBeVisible();
    await say(boaz.page, "Amen, good to see you");
    await expect(chatOf(ruth.page).getByRole("log").getByText("Amen, good to see you")).toBeVisible();

    // The admin hides Ruth's message: it disappears for everyone at once.
    const adminChat = chatOf(page);
    await expect(adminChat.getByRole("log").getByText("Good morning from row three!")).toBeVisible();
    await adminChat.getByRole("button", { name: `Hide message from ${ruth.displayName}` }).click();
    await expect(chatOf(boaz.page).getByRole("log").getByText("Good morning from row three!")).toHaveCount(0);
    await expect(chatOf(ruth.page).getByRole("log").getByText("Good morning from row three!")).toHaveCount(0);
    await expect(chatOf(ruth.page).getByRole("log").getByText("Amen, good to see you")).toBeVisible();

    // Slow mode: Boaz wrote seconds ago, so the server refuses his next message within the window, with a clear message.
    await adminChat.getByRole("combobox", { name: "Slow mode" }).selectOption("30");
    await expect(chatOf(boaz.page).getByText("Slow mode: one message every 30 seconds.")).toBeVisible();
    await say(boaz.page, "Second thought");
    await expect(chatOf(boaz.page).getByRole("alert")).toHaveText(/^Slow mode is on: you can send another message in \d+ seconds?\.$/);
    await expect(chatOf(ruth.page).getByRole("log").getByText("Second thought")).toHaveCount(0);

    // Request prayer: privately to the care team.
    await chatOf(ruth.page).getByRole("button", { name: "Request prayer" }).click();
    await chatOf(ruth.page)
      .getByLabel(/Prayer request/)
      .fill("Please pray for my father's recovery.");
    await chatOf(ruth.page).getByRole("button", { name: "Send to the care team" }).click();
    await expectToast(ruth.page, "Prayer Request Sent");
  } finally {
    // Leave nothing live for the other journeys.
    const premieres = (await (await page.request.get("/api/streaming/premieres")).json()) as { id: number }[];
    for (const premiere of premieres) await page.request.delete(`/api/streaming/premieres/${premiere.id}`);
    await ruth.context.close();
    await boaz.context.close();
  }
});
