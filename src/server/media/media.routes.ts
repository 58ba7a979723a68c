import fs from "node:fs";
import type { OutgoingHttpHeaders } from "node:http";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { notFound } from "../http/errors";
import { sendFileRange } from "./file-range";
import { mimeTypeFor } from "./mime";
import { parseRange } from "./range";

const CACHE_CONTROL = "public, max-age=31536000";

/** The file a /media/ path names inside the media folder, or undefined when it would leave the folder. */
export function resolveMediaPath(mediaDir: string, requested: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requested);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0") || decoded === "") return undefined;
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, `.${path.posix.sep}${decoded}`);
  if (!file.startsWith(root + path.sep)) return undefined;
  return file;
}

/** Weak validators are enough for caching; a strong one lets If-Range resume downloads. */
const etagFor = (stat: fs.Stats) => `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((value) => value.trim().replace(/^W\//, "") === etag);
}

/**
 * GET and HEAD /media/*: every media file with Range requests (206 and Content-Range, 416 when
 * unsatisfiable), its Content-Type, an ETag with 304 for If-None-Match, and long caching.
 * A missing file or a path outside the media folder answers 404, never 500.
 */
export async function mediaFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const serve = async (request: FastifyRequest<{ Params: { "*": string }; Querystring: { download?: string } }>, reply: FastifyReply) => {
    const file = resolveMediaPath(ctx.config.mediaDir, request.params["*"]);
    if (!file) throw notFound();
    // Opening first and reading the size from the open file leaves no gap for the file to vanish in.
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, "r");
    } catch {
      throw notFound();
    }
    let stat: fs.Stats;
    try {
      stat = await handle.stat();
    } catch {
      await handle.close();
      throw notFound();
    }
    if (!stat.isFile()) {
      await handle.close();
      throw notFound();
    }

    const etag = etagFor(stat);
    reply.header("accept-ranges", "bytes");
    reply.header("etag", etag);
    reply.header("last-modified", stat.mtime.toUTCString());
    reply.header("cache-control", CACHE_CONTROL);
    reply.header("content-type", mimeTypeFor(file));
    // Media is embedded by our own pages only, but players in other origins may fetch it with CORS off.
    reply.header("cross-origin-resource-policy", "same-site");
    if (request.query.download !== undefined) {
      const name = path.basename(file).replace(/["\\\r\n]/g, "");
      reply.header("content-disposition", `attachment; filename="${name}"`);
    }

    if (matchesEtag(request.headers["if-none-match"], etag)) {
      await handle.close();
      return reply.code(304).send();
    }

    const ifRange = request.headers["if-range"];
    const rangeApplies = !ifRange || ifRange === etag || ifRange === stat.mtime.toUTCString();
    const range = rangeApplies ? parseRange(request.headers.range, stat.size) : undefined;
    if (range === "unsatisfiable") {
      await handle.close();
      return reply.code(416).header("content-range", `bytes */${stat.size}`).type("text/plain").send("");
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? stat.size - 1;
    const length = stat.size === 0 ? 0 : end - start + 1;
    if (range) reply.code(206).header("content-range", `bytes ${start}-${end}/${stat.size}`);
    reply.header("content-length", String(length));

    if (request.method === "HEAD" || length === 0) {
      await handle.close();
      return reply.send();
    }
    // The body is written here, not by reply.send, so the read buffers can be reused (file-range.ts).
    reply.hijack();
    reply.raw.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
    await sendFileRange(reply.raw, handle, start, end);
    return reply;
  };

  // HEAD is routed here too (not derived from GET) so it keeps the real Content-Length without opening a stream.
  app.route({ method: ["GET", "HEAD"], url: "/media/*", exposeHeadRoute: false, handler: serve });
}
