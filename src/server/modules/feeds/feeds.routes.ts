import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { feedsApiRoutes as routes } from "@shared/contracts/feed-settings";
import { SERMONS_FEED_PATH } from "@shared/contracts/feeds";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import { mount } from "../../http/route";
import { ownOrigin } from "../../http/security";
import { requireViewer } from "../auth/session";
import { type RenderedFeed, createFeedsService } from "./feeds.service";

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((value) => {
    const candidate = value.trim().replace(/^W\//, "");
    return candidate === "*" || candidate === etag;
  });
}

/** True when the client's copy is current: If-None-Match when sent, otherwise If-Modified-Since (RFC 9110 §13.2.2). */
function isNotModified(request: FastifyRequest, feed: RenderedFeed): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch) return matchesEtag(ifNoneMatch, feed.etag);
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return Number.isFinite(since) && feed.lastModified.getTime() <= since;
}

/** Answers a feed with its validators, or 304 when the client already holds it; HEAD gets the same head. */
function send(request: FastifyRequest, reply: FastifyReply, feed: RenderedFeed) {
  reply
    .header("etag", feed.etag)
    .header("last-modified", feed.lastModified.toUTCString())
    // Directories and apps poll; a few minutes of caching spares the database without delaying a new episode much.
    .header("cache-control", "public, max-age=300")
    // Web-based podcast players fetch feeds from their own pages.
    .header("access-control-allow-origin", "*")
    .header("cross-origin-resource-policy", "cross-origin");
  if (isNotModified(request, feed)) return reply.code(304).send();
  return reply.type("application/rss+xml; charset=utf-8").send(feed.body);
}

/**
 * GET and HEAD /feeds/sermons.xml and /feeds/shows/{categoryId}.xml: RSS 2.0 for podcast apps, public, with absolute
 * links on PUBLIC_ORIGIN (decision 0013). Served outside /api: apps fetch them as files, not as JSON.
 */
export async function feedRoutes(app: FastifyInstance, ctx: AppContext) {
  const feeds = createFeedsService(ctx);

  app.get(SERMONS_FEED_PATH, async (request, reply) => send(request, reply, await feeds.sermons(ownOrigin(request, ctx.config))));

  app.get<{ Params: { id: string } }>("/feeds/shows/:id(^\\d+).xml", async (request, reply) => {
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
    return send(request, reply, await feeds.show(id, ownOrigin(request, ctx.config)));
  });
}

/** Under /api (decision 0019): a feed's directory fields for admins, and transcripts. */
export async function feedsApiRoutes(app: FastifyInstance, ctx: AppContext) {
  const feeds = createFeedsService(ctx);
  mount(app, routes.showSettings, async (request) =>
    feeds.settings(requireViewer(request), request.params.feed, ownOrigin(request, ctx.config)),
  );
  mount(app, routes.updateShowSettings, async (request) =>
    feeds.saveSettings(requireViewer(request), request.params.feed, request.body, ownOrigin(request, ctx.config)),
  );
  mount(app, routes.attachTranscript, async (request) => feeds.attachTranscript(requireViewer(request), request.params.id, request.body));
}
