import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import { LIVE_FOLDER } from "./ingest";

/** The only names the packager writes: each stream's two playlists and their segments. */
const PLAYLIST = /^(\d{1,10})\/(video|audio)\.m3u8$/;
const SEGMENT = /^(\d{1,10})\/[av]-[0-9a-z]{1,16}-\d{5,}\.ts$/;

/**
 * GET /media/live/*: the live HLS files. A playlist changes every segment, so it is `no-cache`; a segment's name is
 * never reused, so it is immutable and any cache or CDN may keep it. Files are small and read whole; nothing here
 * costs more per viewer than sending bytes.
 */
export async function hlsFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const root = path.join(ctx.config.mediaDir, LIVE_FOLDER);
  app.get<{ Params: { "*": string } }>(`/media/${LIVE_FOLDER}/*`, async (request, reply) => {
    const name = request.params["*"];
    const isPlaylist = PLAYLIST.test(name);
    if (!isPlaylist && !SEGMENT.test(name)) throw notFound();
    let body: Buffer;
    try {
      body = await fs.promises.readFile(path.join(root, name));
    } catch {
      throw notFound();
    }
    reply.header("cache-control", isPlaylist ? "no-cache" : "public, max-age=31536000, immutable");
    reply.header("cross-origin-resource-policy", "same-site");
    reply.type(isPlaylist ? "application/vnd.apple.mpegurl" : "video/mp2t");
    return reply.send(body);
  });
}
