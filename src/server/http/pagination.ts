import type { FastifyReply, FastifyRequest } from "fastify";
import { type ZodType, z } from "zod";
import { NEXT_CURSOR_HEADER } from "@shared/contracts/common";
import { messages } from "@shared/messages";
import { badRequest } from "./errors";

/** One page of a list: the items, and whether more follow. Every paginated repository answers this. */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
}

/** A page from rows fetched with `limit + 1`: the extra row only says that more follow. */
export function pageOf<T>(rows: T[], limit: number): Page<T> {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

/**
 * A typed keyset cursor: the position (the last item's sort values) travels as base64url JSON, and is read back
 * through its schema, so a forged or broken cursor answers 400 "Invalid cursor" instead of reaching the query.
 */
export function keysetCursor<S extends ZodType>(position: S) {
  return {
    encode(value: z.output<S>): string {
      return Buffer.from(JSON.stringify(value)).toString("base64url");
    },
    decode(cursor: string | undefined): z.output<S> | undefined {
      if (!cursor) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
      } catch {
        throw badRequest(messages.invalidCursor, "invalid_cursor");
      }
      const result = position.safeParse(parsed);
      if (!result.success) throw badRequest(messages.invalidCursor, "invalid_cursor");
      return result.data;
    },
  };
}

/** The keyset most lists use: (createdAt, id), newest first or oldest first. */
export const createdAtCursor = keysetCursor(z.tuple([z.iso.datetime(), z.number().int().positive().max(2_147_483_647)]));

/**
 * Answers a page: its items as the body and, when more follow, the next page's cursor in `X-Next-Cursor` and in
 * `Link: <url>; rel="next"` (the request's own URL with the cursor replaced), decision 0004.
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>, cursorOf: (last: T) => string): T[] {
  const last = page.items.at(-1);
  if (page.hasMore && last !== undefined) {
    const cursor = cursorOf(last);
    const url = new URL(request.url, "http://local");
    url.searchParams.set("cursor", cursor);
    reply.header(NEXT_CURSOR_HEADER, cursor);
    reply.header("link", `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page.items;
}
