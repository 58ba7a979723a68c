import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "../database";

export interface MigrationHelpers {
  idType: "serial" | "integer";
  id: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  table(name: string, build: (table: CreateTableBuilder<string, never>) => CreateTableBuilder<string, string>): Promise<void>;
  index(name: string, table: string, columns: string[]): Promise<void>;
}

/** The few places where SQLite and PostgreSQL DDL differ. */
export function makeHelpers(db: Kysely<unknown>, dialect: Dialect): MigrationHelpers {
  return {
    idType: dialect === "postgres" ? "serial" : "integer",
    id: (column) => (dialect === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement()),
    async table(name, build) {
      await build(db.schema.createTable(name)).execute();
    },
    async index(name, table, columns) {
      await db.schema.createIndex(name).on(table).columns(columns).execute();
    },
  };
}
