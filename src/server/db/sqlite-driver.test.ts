import { describe, expect, it } from "vitest";
import { type Kysely, sql } from "kysely";
import { openDatabase } from "./database";
import { FifoLock } from "./sqlite-driver";

/** Runs `test` against a fresh in-memory database holding one table of notes. */
async function withNotes(test: (db: Kysely<unknown>) => Promise<void>) {
  const { db, close } = openDatabase({ sqliteFile: ":memory:" });
  try {
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await test(db as Kysely<unknown>);
  } finally {
    await close();
  }
}

/** Adds a note through the query builder (on the database, or inside a transaction). */
const addNote = (db: Kysely<unknown>, body: string) =>
  db
    .insertInto("notes" as never)
    .values({ body } as never)
    .executeTakeFirst();

describe("SQLite's connection lock", () => {
  it("hands the lock to its waiters one at a time, in the order they came", async () => {
    const lock = new FifoLock();
    const order: string[] = [];
    await lock.acquire();
    const waiters = ["b", "c", "d"].map((name) => lock.acquire().then(() => order.push(name)));
    expect(lock.waiting).toBe(3);

    lock.release();
    await Promise.resolve();
    // One release wakes one waiter, the first; the others still wait.
    expect(order).toEqual(["b"]);
    expect(lock.waiting).toBe(2);

    lock.release();
    lock.release();
    await Promise.all(waiters);
    expect(order).toEqual(["b", "c", "d"]);

    // Released by the last holder, it is free again: the next caller takes it at once.
    lock.release();
    let taken = false;
    void lock.acquire().then(() => (taken = true));
    await Promise.resolve();
    expect(taken).toBe(true);
  });

  it("keeps other queries out of a transaction until it commits, and runs queued queries in order", async () => {
    await withNotes(async (db) => {
      const seen: string[] = [];
      const transaction = db.transaction().execute(async (trx) => {
        await addNote(trx, "first");
        // While the transaction is open, the queries below queue for the connection.
        await new Promise((resolve) => setTimeout(resolve, 20));
        await addNote(trx, "second");
        seen.push("committed");
      });
      const reads = [1, 2, 3].map(async (n) => {
        const { rows } = await sql<{ count: number }>`select count(*) as count from notes`.execute(db);
        seen.push(`read ${n}: ${rows[0]?.count}`);
      });
      await Promise.all([transaction, ...reads]);
      expect(seen).toEqual(["committed", "read 1: 2", "read 2: 2", "read 3: 2"]);

      // A failed transaction rolls back and frees the connection.
      await expect(
        db.transaction().execute(async (trx) => {
          await addNote(trx, "third");
          throw new Error("stop");
        }),
      ).rejects.toThrow("stop");
      const result = await addNote(db, "fourth");
      expect(result.insertId).toBe(3n);
      const { rows } = await sql<{ body: string }>`select body from notes order by id`.execute(db);
      expect(rows.map((row) => row.body)).toEqual(["first", "second", "fourth"]);
    });
  });

  it("runs a query outside a transaction at once, waits for an open one, and keeps its own write out of its rollback", async () => {
    await withNotes(async (db) => {
      // A failing statement rejects its promise (never throws at the caller) and leaves the connection free.
      const missing = sql`select * from nowhere`.execute(db);
      await expect(missing).rejects.toThrow("no such table: nowhere");
      const seen: string[] = [];
      const transaction = db.transaction().execute(async (trx) => {
        await addNote(trx, "undone");
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen.push("rolled back");
        throw new Error("stop");
      });
      // Issued while the transaction is open: it waits, and runs after the rollback, on its own.
      const write = addNote(db, "kept").then(() => seen.push("written"));
      await expect(transaction).rejects.toThrow("stop");
      await write;
      expect(seen).toEqual(["rolled back", "written"]);
      const { rows } = await sql<{ body: string }>`select body from notes`.execute(db);
      expect(rows.map((row) => row.body)).toEqual(["kept"]);
    });
  });
});
