import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, expectToast, test } from "./fixtures";
import { expectConnected, memberInOwnContext } from "./live-helpers";

/*
 * Two instances of the platform sharing one PostgreSQL database and one Redis, as behind a load balancer:
 * a member on one instance chats with, and sees the video of, a member on the other.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skipReason = !pgUrl ? "TEST_DATABASE_URL is not set" : !redisUrl ? "TEST_REDIS_URL is not set" : "";
const basePort = Number(process.env.E2E_PORT ?? 3100);
const ports = [basePort + 1, basePort + 2] as const;
const urls = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`] as const;
const schema = `e2e_live_${randomBytes(5).toString("hex")}`;

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

test.describe("live link across two instances sharing PostgreSQL and Redis", () => {
  test.skip(!pgUrl || !redisUrl, `Two-instance journeys skipped: ${skipReason}.`);
  const servers: ChildProcess[] = [];
  let dataDir = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "gathering-e2e-two-"));
    const databaseUrl = `${pgUrl}${pgUrl!.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const prefix = `e2e-${randomBytes(5).toString("hex")}:`;
    for (const [index, port] of ports.entries()) {
      const child = spawn("node", ["--import", "tsx", "src/server/main.ts"], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: path.join(dataDir, String(index)),
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
          SEED_DEMO: "false",
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "ignore", "inherit"],
      });
      servers.push(child);
      // The second instance starts once the first has migrated the shared schema.
      await expect.poll(async () => (await fetch(`${urls[index]}/readyz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
    }
  });

  test.afterAll(async () => {
    for (const child of servers) child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (pgUrl) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("members on different instances message each other live", async ({ browser }) => {
    const ruth = await memberInOwnContext(browser, urls[0]);
    const boaz = await memberInOwnContext(browser, urls[1]);
    await boaz.page.goto("/chat");
    await expectConnected(boaz.page);
    await ruth.page.goto(`/chat?user=${boaz.id}`);
    await expectConnected(ruth.page);
    const panel = ruth.page.getByRole("region", { name: `Conversation with ${boaz.displayName}` });
    await expect(panel.getByTestId("peer-status")).toHaveText("");
    await panel.getByLabel(`Message ${boaz.displayName}`).fill("Hello from the other server");
    await panel.getByRole("button", { name: "Send message" }).click();
    // The first message makes them contacts: each sees the other's presence, across the instances.
    await expect(panel.getByTestId("peer-status")).toHaveText("Online");
    const contact = boaz.page.getByRole("button", { name: new RegExp(ruth.displayName) });
    await expect(contact.getByTestId("unread-badge")).toHaveText("1");
    await contact.click();
    await expect(
      boaz.page.getByRole("region", { name: `Conversation with ${ruth.displayName}` }).getByText("Hello from the other server"),
    ).toBeVisible();
    await expect(contact.getByTestId("unread-badge")).toHaveCount(0);
    await expect(panel.getByText("· Seen")).toBeVisible();
    await ruth.context.close();
    await boaz.context.close();
  });

  test("members on different instances meet in a video room by code and see each other", async ({ browser }) => {
    test.setTimeout(60_000);
    const host = await memberInOwnContext(browser, urls[0]);
    const guest = await memberInOwnContext(browser, urls[1]);
    await host.page.goto("/video-conference");
    await host.page.getByLabel("Conference Name").fill("Across Instances");
    await host.page.getByRole("button", { name: "Create Conference" }).click();
    await expect(host.page.getByRole("heading", { name: "Conference Room: Across Instances" })).toBeVisible();
    const code = (await host.page.getByRole("button", { name: /Copy room code/ }).innerText()).trim();

    await guest.page.goto("/video-conference");
    await guest.page.getByRole("tab", { name: "Join Conference" }).click();
    await guest.page.getByLabel("Room Code").fill(code);
    await guest.page.getByRole("button", { name: "Join Conference" }).click();
    await expect(guest.page.getByRole("heading", { name: "Conference Room: Across Instances" })).toBeVisible();
    for (const page of [host.page, guest.page]) await expect(page.getByTestId("video-tile")).toHaveCount(2);
    const playing = (page: typeof host.page, name: string) =>
      page.getByLabel(`${name}'s video`).evaluate((video: HTMLVideoElement) => video.videoWidth > 0 && video.readyState >= 2);
    await expect.poll(() => playing(host.page, guest.displayName), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => playing(guest.page, host.displayName), { timeout: 20_000 }).toBe(true);

    await guest.page.getByRole("button", { name: "Turn camera off" }).click();
    await expect(host.page.getByTestId("video-tile").filter({ hasText: guest.displayName })).toHaveAttribute("data-camera", "off");

    await host.page.getByRole("button", { name: "Leave Conference" }).click();
    await expectToast(guest.page, "Room Closed", "This room has been closed by the host.");
    await host.context.close();
    await guest.context.close();
  });
});
