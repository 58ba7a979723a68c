import { z } from "zod";

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

export function encodeCursor(createdAt: string, id: number): string {
  return Buffer.from(`${createdAt}|${id}`).toString("base64url");
}
