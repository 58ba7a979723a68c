import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  DefaultConnectionProvider,
  DefaultQueryExecutor,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SelectQueryNode,
} from "kysely";

/**
 * One lock for SQLite's one connection, handed to the waiters in the order they came. Kysely's own driver wakes every
 * waiter on each release and lets them race for it again, so with n queries waiting a release costs n wake-ups and n
 * promises: while 10,000 live links closed at once, that lock took 39 % of the process's CPU (`npm run bench:link`).
 */
export class FifoLock {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  /** Takes the lock if it is free (nobody holds it, so nobody waits either); false otherwise. */
  tryAcquire(): boolean {
    if (this.#held) return false;
    this.#held = true;
    return true;
  }

  /** Resolves once the lock is the caller's; at once when it is free. */
  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the lock to the longest waiter, or frees it. */
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  /** How many callers wait for the lock. */
  get waiting(): number {
    return this.#waiting.length;
  }
}

const STATEMENT_CACHE_SIZE = 500;

/** The single connection: better-sqlite3 runs each statement synchronously, prepared once per SQL text. */
class SqliteConnection implements DatabaseConnection {
  /** The most recently used prepared statements by their SQL text (the values vary, the text doesn't). */
  readonly #statements = new Map<string, SQLite.Statement>();
  constructor(readonly sqlite: SQLite.Database) {}

  #prepare(text: string): SQLite.Statement {
    let statement = this.#statements.get(text);
    if (statement) {
      // Re-inserted so the map's order is least recently used first.
      this.#statements.delete(text);
    } else {
      statement = this.sqlite.prepare(text);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value as string);
    }
    this.#statements.set(text, statement);
    return statement;
  }

  /** Runs one statement; better-sqlite3 answers before returning. */
  run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.#prepare(query.sql);
    const values = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(values) as R[] };
    const { changes, lastInsertRowid } = statement.run(values);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.run(query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error("SQLite streams select queries only");
    for (const row of this.#prepare(query.sql).iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/**
 * Kysely's driver for better-sqlite3, with the lock above and the statement cache. A transaction holds the lock from
 * `begin` to `commit`, so no other query runs inside it.
 */
export class SqliteDriver implements Driver {
  readonly #lock = new FifoLock();
  readonly #connection: SqliteConnection;
  constructor(sqlite: SQLite.Database) {
    this.#connection = new SqliteConnection(sqlite);
  }

  async init(): Promise<void> {}

  /**
   * Runs a query at once when nobody holds the connection (no transaction is open), in the caller's turn; undefined
   * when it must wait its turn through `acquireConnection`.
   */
  runIfFree<R>(query: CompiledQuery): Promise<QueryResult<R>> | undefined {
    if (!this.#lock.tryAcquire()) return undefined;
    try {
      return Promise.resolve(this.#connection.run<R>(query));
    } catch (error) {
      return Promise.reject(error as Error);
    } finally {
      this.#lock.release();
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#lock.release();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quote(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quote(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quote(name)}`));
  }

  async destroy(): Promise<void> {
    this.#connection.sqlite.close();
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Kysely's executor, with a shortcut for a query outside a transaction: it runs through `runIfFree`, one promise in
 * all, where Kysely's own path takes a connection, runs and releases it through about ten async functions. A one-row
 * select through Kysely took 5.8 µs in a loop, 4.5 µs with the shortcut; an API read makes one to three. A
 * transaction, or a query that arrives while one is open, still takes that path and its turn; so do the queries of an
 * executor with plugins (none today).
 */
class SqliteExecutor extends DefaultQueryExecutor {
  constructor(
    dialect: Dialect,
    private readonly driver: SqliteDriver,
  ) {
    super(dialect.createQueryCompiler(), dialect.createAdapter(), new DefaultConnectionProvider(driver));
  }

  override executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (this.plugins.length === 0 && this.driver.runIfFree<R>(query)) || super.executeQuery<R>(query);
  }
}

/** A Kysely on one SQLite connection (the dialect gives the compiler), its queries run through the shortcut above. */
export function sqliteKysely<DB>(sqlite: SQLite.Database, dialect: Dialect): Kysely<DB> {
  const driver = new SqliteDriver(sqlite);
  return new Kysely<DB>({ config: { dialect }, dialect, driver, executor: new SqliteExecutor(dialect, driver) });
}
