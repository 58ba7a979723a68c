import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp, describeEachDatabase, dialects } from "../test/app";

describeEachDatabase("database layer", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

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
