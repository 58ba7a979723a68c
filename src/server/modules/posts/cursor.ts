import type { FastifyReply, FastifyRequest } from "fastify";
import { createdAtCursor, sendPage } from "../../http/pagination";
import type { Keyset } from "./posts.repository";

/** Reads the posts' keyset cursor; a forged or broken one answers 400. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  const position = createdAtCursor.decode(cursor);
  return position ? { createdAt: position[0], id: position[1] } : undefined;
}

/** Sends the next page's cursor headers when there is a next page. */
export function setNextCursor(request: FastifyRequest, reply: FastifyReply, last: Keyset | undefined) {
  if (last) sendPage(request, reply, { items: [last], hasMore: true }, (item) => createdAtCursor.encode([item.createdAt, item.id]));
}
