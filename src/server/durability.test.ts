import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "./db/database";
import { describeEachDatabase, openTestDatabase } from "./test/app";
import { TEST_PASSWORD } from "./test/factories";

/**
 * kill -9 during writes loses nothing that was acknowledged: the real server runs as a child process, members' posts
 * are written by concurrent clients, and the process is killed outright at a few points while writes are in flight.
 * After each kill every post that was answered 201 is in the database, and the server starts again on it.
 * (Measured by hand in issue 8: 2,966 acknowledged writes, 0 lost, on both dialects; this keeps it so in CI.)
 */
const KILL_AFTER_ACKNOWLEDGED = [40, 90, 150];
const WRITERS = 8;
const projectRoot = path.resolve(import.meta.dirname, "../..");

interface Running {
  child: ChildProcess;
  origin: string;
  exited: Promise<void>;
}

/** Starts `node src/server/main.ts` and resolves once it listens (PORT=0: the port comes from its log). */
function startServer(env: Record<string, string>): Promise<Running> {
  const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: projectRoot,
    env: { ...inherited, NODE_ENV: "production", LOG_LEVEL: "info", PORT: "0", HOST: "127.0.0.1", SEED_DEMO: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start within 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening?.[1]) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners("data");
        child.stdout?.resume();
        resolve({ child, origin: listening[1], exited });
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited before listening:\n${output}`));
    });
  });
}

/** Posts from several clients at once until `target` posts are acknowledged, then kills the server with SIGKILL. */
async function writeUntilKilled(server: Running, cookie: string, round: number, target: number): Promise<string[]> {
  const acknowledged: string[] = [];
  let sent = 0;
  let killed = false;
  const writer = async () => {
    while (!killed) {
      const content = `durability round ${round} post ${sent++}`;
      let response: Response;
      try {
        response = await fetch(`${server.origin}/api/posts`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify({ content }),
        });
        if (response.status !== 201) throw new Error(`POST /api/posts answered ${response.status}: ${await response.text()}`);
        const post = (await response.json()) as { content: string };
        expect(post.content).toBe(content);
      } catch (error) {
        if (killed) return; // in flight when the process died: never acknowledged
        throw error;
      }
      acknowledged.push(content);
      if (acknowledged.length >= target && !killed) {
        killed = true;
        server.child.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  await server.exited;
  return acknowledged;
}

describeEachDatabase("durability under kill -9", (dialect) => {
  let dataDir: string;
  let env: Record<string, string>;
  /** Opens the database the server writes, to look at it while the server is down. */
  let openStore: () => Database;
  let cleanup: () => Promise<void>;
  /** The server of the moment, killed after the test whatever happened. */
  let running: Running | undefined;

  beforeAll(async () => {
    if (dialect === "sqlite") {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-durability-"));
      env = { DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" };
      openStore = () => openDatabase({ sqliteFile: path.join(dataDir, "platform.db") });
      cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
      return;
    }
    const store = await openTestDatabase("postgres");
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.database.db);
    const schema = rows[0]?.schema;
    if (!schema) throw new Error("PostgreSQL did not name the current schema");
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set("options", `-c search_path=${schema}`);
    dataDir = store.dataDir;
    env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), REDIS_URL: "" };
    openStore = () => ({ ...store.database, close: async () => {} });
    cleanup = async () => {
      await store.database.close();
      await store.drop();
    };
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill("SIGKILL");
      await running.exited;
    }
    await cleanup();
  });

  it(
    "keeps every acknowledged post through SIGKILLs at three points mid-write, and starts again each time",
    { timeout: 180_000 },
    async () => {
      let server = (running = await startServer(env));
      const registered = await fetch(`${server.origin}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "steadfast", displayName: "Steadfast", email: "steadfast@example.org", password: TEST_PASSWORD }),
      });
      expect(registered.status).toBe(201);
      const cookie = registered.headers
        .getSetCookie()
        .find((value) => value.startsWith("sid="))!
        .split(";")[0]!;

      let total = 0;
      for (const [round, target] of KILL_AFTER_ACKNOWLEDGED.entries()) {
        const acknowledged = await writeUntilKilled(server, cookie, round, target);
        expect(acknowledged.length).toBeGreaterThanOrEqual(target);
        total += acknowledged.length;

        const store = openStore();
        const stored = new Set(
          (await store.db.selectFrom("posts").select("content").where("content", "like", `durability round ${round} %`).execute()).map(
            (row) => row.content,
          ),
        );
        await store.close();
        expect(acknowledged.filter((content) => !stored.has(content))).toEqual([]);

        if (round === KILL_AFTER_ACKNOWLEDGED.length - 1) break;
        server = running = await startServer(env);
        expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
        // The session, written before the first kill, survived too.
        expect((await fetch(`${server.origin}/api/auth/current`, { headers: { cookie } })).status).toBe(200);
      }
      expect(total).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED.reduce((sum, n) => sum + n, 0));
    },
  );
});
