import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/chromium";

/*
 * Browser journeys against the real server and a fresh database.
 * The server serves the built web app from dist/web, so run `npm run build` before `npx playwright test`.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

// The config is loaded again in every worker; the first load's folder travels to the others through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "gathering-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // axe passes over whole pages take seconds each on a small machine.
  timeout: 60_000,
  expect: { timeout: 7_500 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    // The app's service worker would hide requests from page.route and precache the shell in every test; the journeys
    // that exercise it (offline-downloads) allow it.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: "node --import tsx src/server/main.ts",
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The journeys register dozens of members from one address; the per-address cap is tested by the server's tests.
      REGISTER_MAX_PER_HOUR: "1000",
      // Email goes to the SMTP server that e2e/notifications-reach.spec.ts runs.
      SMTP_URL: `smtp://127.0.0.1:${PORT + 2000}`,
      MAIL_FROM: "Gathering <office@example.org>",
      // Live-stream journeys send RTMP here; beside the web port so parallel checkouts don't share it.
      RTMP_HOST: "127.0.0.1",
      RTMP_PORT: String(PORT + 10_000),
    },
  },
});
