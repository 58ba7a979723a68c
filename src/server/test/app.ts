import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { describe } from "vitest";
import { buildApp } from "../app";
import type { Clock } from "../clock";
import { loadConfig } from "../config";
import { type AppContext, createContext } from "../context";
import { type Database, type Dialect, openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

const pgUrl = process.env.TEST_DATABASE_URL;

/** The dialects this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dialects: Dialect[] = pgUrl ? ["sqlite", "postgres"] : ["sqlite"];
if (!pgUrl && !process.env.__PG_SKIP_NOTED) {
  process.env.__PG_SKIP_NOTED = "1";
  console.warn("TEST_DATABASE_URL is not set: PostgreSQL suites are skipped; SQLite suites run.");
}

/** Runs a suite once per database dialect. */
export function describeEachDatabase(name: string, suite: (dialect: Dialect) => void) {
  for (const dialect of dialects) describe(`${name} [${dialect}]`, () => suite(dialect));
}

/** Opens an isolated, migrated database: a fresh SQLite file, or a fresh PostgreSQL schema. */
export async function openTestDatabase(dialect: Dialect): Promise<{ database: Database; dataDir: string; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-test-"));
  if (dialect === "sqlite") {
    const database = openDatabase({ sqliteFile: path.join(dataDir, "test.db") });
    await migrateToLatest(database);
    return { database, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = openDatabase({ databaseUrl: pgUrl });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const database = openDatabase({ databaseUrl: pgUrl, pgSchema: schema });
  await migrateToLatest(database);
  return {
    database,
    dataDir,
    drop: async () => {
      const cleanup = openDatabase({ databaseUrl: pgUrl });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the real application over an isolated test database. */
export async function buildTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  setup?: (app: FastifyInstance) => void,
  /** The clock the app reads; a test passes a manual clock to order events without sleeping. */
  clock?: Clock,
): Promise<TestApp> {
  const { database, dataDir, drop } = await openTestDatabase(dialect);
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent", ...env });
  const ctx = createContext(config, database, clock);
  const app = await buildApp(ctx);
  setup?.(app);
  await app.ready();
  return {
    app,
    ctx,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** The session cookie an answer set, as a Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const setCookie = response.headers["set-cookie"];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const sid = list.map((value) => value.split(";")[0]).find((pair) => pair?.startsWith("sid="));
  if (!sid) throw new Error("no session cookie was set");
  return sid;
}

/** A request through the app as a member (their session cookie) or, with null, as a visitor; a body is sent as JSON. */
export function requestAs(app: FastifyInstance) {
  return (member: { cookie: string } | null, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: member ? { cookie: member.cookie } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}
