import { randomBytes } from "node:crypto";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";

/** A PostgreSQL schema holding a copy of the fixture's SQLite database, for the dialect rows; `drop` removes it. */
export interface PostgresCopy {
  url: string;
  schema: string;
  drop(): Promise<void>;
}

/**
 * Creates a schema of its own on `url`'s server, migrates it, and copies every table of the SQLite file into it
 * row for row (same ids, same timestamps), so both dialects answer the same data. Foreign keys are not checked
 * during the copy (`session_replication_role = replica`, which the server's superuser may set); sequences then
 * continue after the copied ids.
 */
export async function copyToPostgres(sqliteFile: string, url: string): Promise<PostgresCopy> {
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  const admin = openDatabase({ databaseUrl: url });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const drop = async () => {
    const cleanup = openDatabase({ databaseUrl: url });
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup.db);
    await cleanup.close();
  };
  try {
    const database = openDatabase({ databaseUrl: url, pgSchema: schema });
    await migrateToLatest(database);
    await database.close();
    await copyTables(sqliteFile, url, schema);
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, schema, drop };
}

async function copyTables(sqliteFile: string, url: string, schema: string) {
  const started = Date.now();
  const sqlite = new SQLite(sqliteFile, { readonly: true });
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  try {
    await client.query("set session_replication_role = replica");
    await client.query("begin");
    const tables = (
      sqlite
        .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`)
        .all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    for (const table of tables) {
      const { rows: columnRows } = await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = $1 and table_name = $2 and is_generated = 'NEVER'`,
        [schema, table],
      );
      const columns = columnRows.map((row) => row.column_name);
      if (columns.length === 0) continue;
      await client.query(`delete from ${quote(table)}`);
      const batch = Math.max(1, Math.floor(30_000 / columns.length));
      const select = sqlite.prepare(`select ${columns.map(quote).join(", ")} from ${quote(table)}`).raw(true);
      let values: unknown[] = [];
      const flush = async () => {
        if (values.length === 0) return;
        const rows = values.length / columns.length;
        const placeholders = Array.from(
          { length: rows },
          (_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(", ")})`,
        );
        await client.query(`insert into ${quote(table)} (${columns.map(quote).join(", ")}) values ${placeholders.join(", ")}`, values);
        values = [];
      };
      for (const row of select.iterate() as Iterable<unknown[]>) {
        values.push(...row);
        if (values.length >= batch * columns.length) await flush();
      }
      await flush();
      if (columns.includes("id")) {
        // A serial id continues after the copied ones (a text id, as sessions have, has no sequence).
        const { rows } = await client.query<{ name: string | null }>(`select pg_get_serial_sequence($1, 'id') as name`, [quote(table)]);
        const sequence = rows[0]?.name;
        if (sequence) await client.query(`select setval($1, coalesce(max(id), 0) + 1, false) from ${quote(table)}`, [sequence]);
      }
    }
    await client.query("commit");
    await client.query("analyze");
  } finally {
    await client.end();
    sqlite.close();
  }
  console.error(`fixture: copied to PostgreSQL schema ${schema} in ${Date.now() - started} ms`);
}
