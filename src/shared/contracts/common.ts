import { z } from "zod";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "../constants";

export { NEXT_CURSOR_HEADER } from "../constants";

/** The error body of every non-2xx answer (DESIGN.md §4). */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const idSchema = z.coerce.number().int().positive();
export const idParamsSchema = z.object({ id: idSchema });

/** ISO 8601 timestamps travel as strings. */
export const timestampSchema = z.string().describe("ISO 8601 timestamp");

/** The query of a paginated list: `limit` (default 20, at most 100) and the opaque `cursor` a previous page answered. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().max(200).optional(),
});
