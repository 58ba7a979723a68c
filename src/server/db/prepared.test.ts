import { afterAll, beforeAll, expect, it } from "vitest";
import { type Kysely, sql } from "kysely";
import { describeEachDatabase, openTestDatabase } from "../test/app";
import type { Database } from "./database";
import { preparedQuery } from "./prepared";

describeEachDatabase("preparedQuery", (dialect) => {
  let database: Database;
  let drop: () => Promise<void>;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(dialect));
    db = database.db as Kysely<unknown>;
    await sql`create table notes (id integer primary key, body text not null, pinned integer not null)`.execute(db);
    await sql`insert into notes (id, body, pinned) values (1, 'first', 1), (2, 'second', 0), (3, 'third', 1)`.execute(db);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  /** Notes after an id, optionally only the pinned ones: two shapes of one query, as a list's filters make them. */
  const notesAfter = (query: ReturnType<typeof preparedQuery<{ id: number }, unknown>>, after: number, pinned?: number) =>
    query(pinned === undefined ? "all" : "pinned", pinned === undefined ? [after] : [after, pinned], () => {
      const conditions = [sql`id > ${after}`];
      if (pinned !== undefined) conditions.push(sql`pinned = ${pinned}`);
      return sql<{ id: number }>`select id from notes where ${sql.join(conditions, sql` and `)} order by id`;
    });

  it("binds each run's own values to the text compiled once for its shape", async () => {
    const query = preparedQuery<{ id: number }, unknown>(db, "notes");
    expect((await notesAfter(query, 0)).map((row) => row.id)).toEqual([1, 2, 3]);
    expect((await notesAfter(query, 1)).map((row) => row.id)).toEqual([2, 3]);
    expect((await notesAfter(query, 0, 1)).map((row) => row.id)).toEqual([1, 3]);
    expect((await notesAfter(query, 1, 1)).map((row) => row.id)).toEqual([3]);
    expect((await notesAfter(query, 0, 0)).map((row) => row.id)).toEqual([2]);
    // The first shape again, after the second was compiled.
    expect((await notesAfter(query, 2)).map((row) => row.id)).toEqual([3]);
  });

  it("refuses a shape whose values are given in another order than the query binds them", async () => {
    const query = preparedQuery<{ id: number }, unknown>(db, "notes");
    await expect(
      query("swapped", [1, 0], () => sql<{ id: number }>`select id from notes where id > ${0} and pinned = ${1}`),
    ).rejects.toThrow("notes: the query binds its values in another order than the shape gives them");
  });
});
