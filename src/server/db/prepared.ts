import type { CompiledQuery, Kysely, QueryResult, RawBuilder } from "kysely";

/** Distinct shapes kept per query; past it, new shapes compile on every run. */
const SHAPE_LIMIT = 200;

/**
 * A hot statement's SQL compiled once per shape, then only bound to new values: `shape` names what changes the text
 * (which conditions, the sort, the page size), `values` are the values `build` binds, in its order. Building and
 * compiling a template's tree on every request cost the media list a tenth of its instructions (callgrind,
 * docs/performance.md). The first run of each shape checks that `build` binds exactly `values`, in that order.
 * Answers the driver's whole result: the rows, and for a write the rows it changed and (SQLite) the new row's id.
 */
export function preparedStatement<Row, DB>(db: Kysely<DB>, name: string) {
  const compiled = new Map<string, CompiledQuery<Row>>();
  return (shape: string, values: readonly unknown[], build: () => RawBuilder<Row>): Promise<QueryResult<Row>> => {
    const known = compiled.get(shape);
    if (known) return db.executeQuery<Row>({ ...known, parameters: values });
    const query = build().compile(db);
    if (query.parameters.length !== values.length || query.parameters.some((value, i) => !Object.is(value, values[i]))) {
      throw new Error(`${name}: the query binds its values in another order than the shape gives them`);
    }
    if (compiled.size < SHAPE_LIMIT) compiled.set(shape, query);
    return db.executeQuery(query);
  };
}

/** `preparedStatement` for a read: answers its rows. */
export function preparedQuery<Row, DB>(db: Kysely<DB>, name: string) {
  const statement = preparedStatement<Row, DB>(db, name);
  return async (shape: string, values: readonly unknown[], build: () => RawBuilder<Row>): Promise<Row[]> =>
    (await statement(shape, values, build)).rows;
}

/**
 * A condition one module's statement carries into another's (a member's standing into a message's insert), in a form
 * `preparedStatement` can compile once: its text is the same for every `values`, and `shape` names it.
 */
export interface PreparedCondition {
  shape: string;
  values: readonly unknown[];
  build: () => RawBuilder<boolean>;
}
