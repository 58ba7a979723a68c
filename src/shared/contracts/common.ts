import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "../constants";
import { messages } from "../messages";

export { NEXT_CURSOR_HEADER } from "../constants";

/** The error body of every non-2xx answer (DESIGN.md §4). */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** The largest id a row may have: PostgreSQL's `integer` (SQLite's is larger, but both dialects must agree). */
export const MAX_ID = 2_147_483_647;
/** An id in a path, query or body: a positive integer that fits the database's id column. */
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);
export const idParamsSchema = z.object({ id: idSchema });

/** A string without the NUL character, which PostgreSQL cannot store and no member types. */
// eslint-disable-next-line no-control-regex -- matching the NUL character is the point
export const WITHOUT_NUL = /^[^\u0000]*$/;

/**
 * Text a client sends: any string but one holding a NUL character. Every text field of a request is built on this, so
 * both dialects refuse the same input with 400.
 */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(WITHOUT_NUL, messages.textHasNul);

/** ISO 8601 timestamps travel as strings. */
export const timestampSchema = z.string().describe("ISO 8601 timestamp");

/** The query of a paginated list: `limit` (default 20, at most 100) and the opaque `cursor` a previous page answered. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().max(200).optional(),
});
