import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  type DefaultQueryCompiler,
  Kysely,
  type LimitNode,
  type OffsetNode,
  type OperationNode,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  PostgresQueryCompiler,
  SqliteDialect,
  SqliteQueryCompiler,
  ValueNode,
  sql,
} from "kysely";
import pg from "pg";
import type { DB } from "./schema";
import { sqliteKysely } from "./sqlite-driver";

export type Dialect = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Closes every connection. */
  close(): Promise<void>;
}

// COUNT(*) and bigint columns arrive as strings from pg; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export interface DatabaseOptions {
  databaseUrl?: string;
  /** SQLite file; ":memory:" for a throwaway database. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  pgSchema?: string;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new Postgres({ pool: withPreparedStatements(pool) }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ":memory:";
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = sqliteKysely<DB>(sqlite, new Sqlite(sqlite));
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/** The whole number a limit or offset holds, when the query passed one as a value. */
const wholeNumber = (node: OperationNode) => (ValueNode.is(node) && Number.isSafeInteger(node.value) ? String(node.value) : null);

/**
 * Limits and offsets go into the SQL text instead of being bound: SQLite runs a list whose `limit` is a bound
 * parameter 30–70 µs slower (the contacts list 123 µs against 50 µs, the media list 72 µs against 43 µs), and
 * PostgreSQL plans a bound limit without knowing it. Raw SQL writes them with `sql.lit` for the same reason. Page
 * sizes are few, so each list still has a handful of texts for the statement caches.
 */
// TypeScript requires a mixin's constructor to take `any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function withLiteralLimits<T extends new (...args: any[]) => DefaultQueryCompiler>(Base: T) {
  return class extends Base {
    protected override visitLimit(node: LimitNode) {
      const limit = wholeNumber(node.limit);
      if (limit === null) super.visitLimit(node);
      else this.append(`limit ${limit}`);
    }
    protected override visitOffset(node: OffsetNode) {
      const offset = wholeNumber(node.offset);
      if (offset === null) super.visitOffset(node);
      else this.append(`offset ${offset}`);
    }
  };
}
const SqliteCompiler = withLiteralLimits(SqliteQueryCompiler);
const PostgresCompiler = withLiteralLimits(PostgresQueryCompiler);
class Sqlite extends SqliteDialect {
  constructor(sqlite: SQLite.Database) {
    super({ database: sqlite });
  }
  override createQueryCompiler() {
    return new SqliteCompiler();
  }
}
class Postgres extends PostgresDialect {
  override createQueryCompiler() {
    return new PostgresCompiler();
  }
}

const PREPARED_LIMIT = 1000;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL parses and plans an unnamed statement on every query; a named one is parsed once per connection and its
 * plan kept (after five runs PostgreSQL may settle on a generic plan when it costs no more than the custom ones).
 * Each distinct SQL text of a query gets a name of its own, never reused for another text (pg keeps the parsed
 * statements per connection under that name); past the limit, new texts run unnamed as before. Kysely passes the
 * values apart from the text, so the texts are the code's queries, not the members' input.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameFor = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < PREPARED_LIMIT && PREPARABLE.test(text)) names.set(text, (name = `q${names.size + 1}`));
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      return {
        query: ((text: unknown, values?: unknown[]) =>
          typeof text === "string"
            ? client.query({ text, values, name: nameFor(text) })
            : client.query(text as pg.Submittable)) as unknown as PostgresPoolClient["query"],
        release: (destroy?: boolean) => client.release(destroy),
      };
    },
    end: () => pool.end(),
  };
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
