import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../src/server/test/processes";

export { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium";

const root = path.resolve(import.meta.dirname, "..");

/** The pages issue 9 measures, each signed out and signed in. */
export const MAIN_PAGES = ["/", "/sermons", "/music", "/podcasts", "/community", "/events"];

export function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function waitForReady(origin: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 720; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server was not ready within three minutes");
}

/** Registers a fresh member and returns the session cookie to send with every page request. */
export async function signInCookie(origin: string): Promise<string> {
  const id = Date.now().toString(36);
  const response = await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username: `bench_${id}`,
      email: `bench_${id}@example.com`,
      password: "Grace2Peace",
      displayName: "Lydia Bench",
    }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/**
 * The compiled server, as `npm start` runs it (decision 0023), on a fresh data folder with the demo content; ready when
 * this resolves. `stop` ends it and removes the folder.
 */
export async function startWebServer(): Promise<{ origin: string; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gathering-pages-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(origin, server);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, stop };
}
