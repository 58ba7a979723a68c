import type { CompiledQuery, Kysely, RawBuilder } from "kysely";

/** Distinct shapes kept per query; past it, new shapes compile on every run. */
const SHAPE_LIMIT = 200;

/**
 * A hot read's SQL compiled once per shape, then only bound to new values: `shape` names what changes the text (which
 * conditions, the sort, the page size), `values` are the values `build` binds, in its order. Building and compiling a
 * template's tree on every request cost the media list a tenth of its instructions (callgrind, docs/performance.md).
 * The first run of each shape checks that `build` binds exactly `values`, in that order.
 */
export function preparedQuery<Row, DB>(db: Kysely<DB>, name: string) {
  const compiled = new Map<string, CompiledQuery<Row>>();
  return async (shape: string, values: readonly unknown[], build: () => RawBuilder<Row>): Promise<Row[]> => {
    const known = compiled.get(shape);
    if (known) return (await db.executeQuery<Row>({ ...known, parameters: values })).rows;
    const query = build().compile(db);
    if (query.parameters.length !== values.length || query.parameters.some((value, i) => !Object.is(value, values[i]))) {
      throw new Error(`${name}: the query binds its values in another order than the shape gives them`);
    }
    if (compiled.size < SHAPE_LIMIT) compiled.set(shape, query);
    return (await db.executeQuery(query)).rows;
  };
}

/**
 * A condition one module's statement carries into another's (a member's standing into a message's insert), in a form
 * `preparedQuery` can compile once: its text is the same for every `values`, and `shape` names it.
 */
export interface PreparedCondition {
  shape: string;
  values: readonly unknown[];
  build: () => RawBuilder<boolean>;
}
