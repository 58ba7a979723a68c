import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp, describeEachDatabase, dialects } from "../test/app";

describeEachDatabase("database layer", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it("keeps a room message out of the receiver and group indexes, and a direct one out of the room and group ones", async () => {
    type Definition = { name: string; definition: string };
    const definitions =
      dialect === "postgres"
        ? sql<Definition>`select indexname as name, indexdef as definition from pg_indexes where tablename = 'messages' and schemaname = current_schema()`
        : sql<Definition>`select name, sql as definition from sqlite_master where type = 'index' and tbl_name = 'messages' and sql is not null`;
    const byName = Object.fromEntries(
      (await definitions.execute(t.database.db)).rows.map((row) => [row.name, row.definition.toLowerCase()]),
    );
    const filled = (definition: string | undefined) =>
      /where \(*"?(\w+)"? is not null\)*$/.exec(definition ?? "")?.[1]?.toLowerCase() ?? null;
    expect({
      messages_pair: filled(byName.messages_pair),
      messages_receiver_unread: filled(byName.messages_receiver_unread),
      messages_receiver_sender_unread: filled(byName.messages_receiver_sender_unread),
      messages_receiver_created: filled(byName.messages_receiver_created),
      messages_group: filled(byName.messages_group),
      messages_room: filled(byName.messages_room),
      messages_sender_created: filled(byName.messages_sender_created),
    }).toEqual({
      messages_pair: "receiverid",
      messages_receiver_unread: "receiverid",
      messages_receiver_sender_unread: "receiverid",
      messages_receiver_created: "receiverid",
      messages_group: "groupid",
      messages_room: "roomcode",
      messages_sender_created: null,
    });
  });

  it("writes a whole-number limit and offset into the SQL text, and still binds every other value", async () => {
    const db = t.database.db;
    const query = db.selectFrom("users").select("id").where("username", "=", "nobody").orderBy("id").limit(5).offset(10);
    const compiled = query.compile();
    expect(compiled.sql).toMatch(/limit 5 offset 10$/);
    expect(compiled.parameters).toEqual(["nobody"]);
    expect(await query.execute()).toEqual([]);
    // Raw SQL and the builder agree on the rows a literal limit returns.
    const ids = (await db.selectFrom("users").select("id").orderBy("id").limit(2).execute()).map((row) => row.id);
    const { rows } = await sql<{ id: number }>`select id from users order by id limit ${sql.lit(2)}`.execute(db);
    expect(rows.map((row) => row.id)).toEqual(ids);
  });
});

// Named statements are PostgreSQL's (SQLite's statements are cached by its driver, sqlite-driver.ts): registered only when it runs.
for (const dialect of dialects.filter((d) => d === "postgres")) {
  describe(`database layer [${dialect}], named statements`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(dialect);
    });
    afterAll(async () => t.close());

    it("runs a query's text as a named prepared statement on its connection", async () => {
      const prepared = await t.database.db.transaction().execute(async (trx) => {
        // One connection for the transaction: the statement it prepares is visible to it.
        await trx.selectFrom("users").select("id").where("id", "=", 1).execute();
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
        return rows.map((row) => row.statement);
      });
      expect(prepared.some((text) => text.startsWith('select "id" from "users" where "id" = $1'))).toBe(true);
    });
  });
}
