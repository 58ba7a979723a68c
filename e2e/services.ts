import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect } from "./fixtures";
import { freePort, stopChild } from "../src/server/test/processes";

/*
 * Services a journey starts for itself (coturn, Janus, an extra platform instance), each on free ports and stopped
 * by the journey's afterAll.
 */

/** A TCP port nobody listens on right now. */

/** Why a binary can't be used, or "" when it is on the PATH. */
export function missingBinary(name: string, debianPackage: string): string {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
  return found ? "" : `${name} is not installed (Debian package ${debianPackage}; .ci/run installs it)`;
}

export interface Service {
  url: string;
  stop(): Promise<void>;
}

/**
 * coturn on loopback with the TURN REST API's shared secret. Loopback peers are allowed because both browsers of
 * the journey run on this machine; relay ports come from a small random range so parallel runs don't collide.
 */
export async function startCoturn(secret: string): Promise<Service & { port: number }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "gathering-coturn-"));
  const port = await freePort();
  const minPort = 50_000 + Math.floor(Math.random() * 150) * 100;
  const config = [
    `listening-port=${port}`,
    "listening-ip=127.0.0.1",
    "relay-ip=127.0.0.1",
    `min-port=${minPort}`,
    `max-port=${minPort + 99}`,
    "use-auth-secret",
    `static-auth-secret=${secret}`,
    "realm=gathering.test",
    "fingerprint",
    "allow-loopback-peers",
    "no-cli",
    "no-tls",
    "no-dtls",
    "no-tcp-relay",
    `userdb=${path.join(folder, "turndb")}`,
    `pidfile=${path.join(folder, "turnserver.pid")}`,
    "log-file=stdout",
    "simple-log",
  ];
  writeFileSync(path.join(folder, "turnserver.conf"), `${config.join("\n")}\n`);
  const child = spawn("turnserver", ["-c", path.join(folder, "turnserver.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`turnserver exited: ${log}`);
        return new Promise<boolean>((resolve) => {
          const socket = net.connect(port, "127.0.0.1", () => resolve(socket.end() && true));
          socket.once("error", () => resolve(false));
        });
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return { url: `turn:127.0.0.1:${port}?transport=udp`, port, stop: () => stopChild(child, folder) };
}

/** A platform instance of its own (SQLite in a fresh folder) with extra environment, e.g. TURN or Janus settings. */
export async function startPlatform(port: number, env: Record<string, string>): Promise<Service> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "gathering-e2e-platform-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn("node", ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: folder,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      REGISTER_MAX_PER_HOUR: "1000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect.poll(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
  return { url, stop: () => stopChild(child, folder) };
}

/** A secret for a service the journey starts. */
export const newSecret = () => randomBytes(24).toString("hex");
