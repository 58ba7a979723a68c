import type { FastifyReply, FastifyRequest } from "fastify";
import { encodeCursor } from "@shared/contracts/common";
import { NEXT_CURSOR_HEADER, postMessages } from "@shared/contracts/posts";
import { badRequest } from "../../http/errors";
import type { Keyset } from "./posts.repository";

/** Reads an opaque keyset cursor (base64url of "createdAt|id"); a forged or broken one answers 400. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const separator = text.lastIndexOf("|");
  const createdAt = text.slice(0, separator);
  const id = Number(text.slice(separator + 1));
  if (separator < 1 || !Number.isSafeInteger(id) || id < 1 || Number.isNaN(Date.parse(createdAt))) {
    throw badRequest(postMessages.invalidCursor, "invalid_cursor");
  }
  return { createdAt, id };
}

/**
 * Lists answer a plain JSON array; when more items follow, the cursor of the next page is sent
 * in the X-Next-Cursor header and as a `Link: <url>; rel="next"` header with the same query otherwise.
 */
export function setNextCursor(request: FastifyRequest, reply: FastifyReply, last: Keyset | undefined) {
  if (!last) return;
  const cursor = encodeCursor(last.createdAt, last.id);
  const url = new URL(request.url, "http://local");
  url.searchParams.set("cursor", cursor);
  reply.header(NEXT_CURSOR_HEADER, cursor);
  reply.header("link", `<${url.pathname}${url.search}>; rel="next"`);
}
