import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./context";
import { apiRoutes } from "@shared/contracts/routes";
import { createAppShell } from "./http/app-shell";
import { buildOpenApiDocument, renderReferencePage } from "./http/openapi";
import { notFound } from "./http/errors";
import { registerSecurity } from "./http/security";
import { serializerCompiler } from "./http/serializer";
import { fastifyTrustProxy } from "./http/trust-proxy";
import { createHousekeeping } from "./housekeeping/housekeeping";
import { registerJobHandlers } from "./jobs/handlers";
import { scheduleWeeklyDigest } from "./modules/notifications/digest.service";
import { answerFrameworkError, registerErrorHandler } from "./http/error-handler";
import { httpServerOptions, registerRequestDeadlines } from "./http/timeouts";
import { liveRoutes } from "./live/live.routes";
import { mediaFileRoutes } from "./media/media.routes";
import { feedRoutes, feedsApiRoutes } from "./modules/feeds/feeds.routes";
import { authRoutes } from "./modules/auth/auth.routes";
import { SESSION_COOKIE } from "./modules/auth/session";
import { contactRoutes } from "./modules/contact/contact.routes";
import { favoritesRoutes } from "./modules/favorites/favorites.routes";
import { historyRoutes } from "./modules/history/history.routes";
import { mediaRoutes } from "./modules/media/media.routes";
import { playlistsRoutes } from "./modules/playlists/playlists.routes";
import { searchRoutes } from "./modules/search/search.routes";
import { groupsRoutes } from "./modules/groups/groups.routes";
import { eventsRoutes } from "./modules/events/events.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { messagesRoutes } from "./modules/messages/messages.routes";
import { newsletterRoutes } from "./modules/newsletter/newsletter.routes";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { postsRoutes } from "./modules/posts/posts.routes";
import { roomsRoutes } from "./modules/rooms/rooms.routes";
import { usersRoutes } from "./modules/users/users.routes";
import { prayerRoutes } from "./modules/prayer/prayer.routes";
import { safetyRoutes } from "./modules/safety/safety.routes";
import { myDataRoutes } from "./modules/mydata/mydata.routes";
import { moderationRoutes } from "./modules/moderation/moderation.routes";
import { hlsFileRoutes } from "./modules/streaming/hls.routes";
import { streamingRoutes } from "./modules/streaming/streaming.routes";

const version = (JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

/** The API modules, each a Fastify plugin mounted under /api. */
const apiModules = [
  authRoutes,
  usersRoutes,
  notificationsRoutes,
  newsletterRoutes,
  postsRoutes,
  eventsRoutes,
  mediaRoutes,
  favoritesRoutes,
  playlistsRoutes,
  historyRoutes,
  searchRoutes,
  messagesRoutes,
  roomsRoutes,
  groupsRoutes,
  contactRoutes,
  prayerRoutes,
  safetyRoutes,
  myDataRoutes,
  moderationRoutes,
  feedsApiRoutes,
];

declare module "fastify" {
  interface FastifyInstance {
    /** "METHOD /api/path" of every API route registered. */
    registeredRoutes: string[];
  }
}

/**
 * On-the-fly compression of API answers: Brotli at a low quality (the best qualities cost milliseconds of CPU
 * per answer), then gzip; answers under 1 KiB gain nothing worth the CPU.
 */
const apiCompression = {
  threshold: 1024,
  encodings: ["br", "gzip"] as ("br" | "gzip")[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
  // Request bodies are never compressed by our clients; the plugin's decompression hook cost every request about a
  // tenth of a cheap read's time (`npm run bench`), and a compressed body now fails as malformed JSON.
  globalDecompression: false,
};

export interface BuildAppOptions {
  logger?: FastifyServerOptions["logger"];
  /** Built web app to serve; skipped when the folder doesn't exist. */
  webDir?: string;
  /** Purge expired sessions and ended throttle windows every HOUSEKEEPING_INTERVAL_SECONDS while the app runs. */
  housekeeping?: boolean;
  /** Run background jobs (every JOBS_POLL_SECONDS) while the app runs; tests run them with `ctx.jobs.runDue()`. */
  jobs?: boolean;
  /** Start the live-stream RTMP listeners when LIVE_INGEST=ffmpeg (the server does; most tests don't). */
  liveIngest?: boolean;
}

/** Builds the whole application around a context; tests build it with a test database. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    ...httpServerOptions(ctx.config),
    // Per-request lines are noise in production; sign-ins, refusals and errors are still logged.
    logController: new LogController({ disableRequestLogging: ctx.config.env === "production" }),
  });
  if (ctx.config.env === "production" && !ctx.config.publicOrigin) {
    app.log.warn(
      { event: "public_origin_unset" },
      "PUBLIC_ORIGIN is not set: calendar links and origin checks use each request's Host header; set PUBLIC_ORIGIN to the site's public address",
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("viewer", null);
  app.decorateRequest("sessionId", null);

  // Every API route registered, so a test can hold the route table to what is really served.
  const registeredRoutes: string[] = [];
  app.decorate("registeredRoutes", registeredRoutes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (route.url.startsWith("/api/") && method !== "HEAD") registeredRoutes.push(`${method} ${route.url}`);
  });
  if (options.housekeeping) {
    const housekeeping = createHousekeeping(ctx, app.log);
    app.addHook("onReady", async () => housekeeping.start(ctx.config.housekeepingIntervalMs));
    app.addHook("onClose", async () => housekeeping.stop());
  }

  registerJobHandlers(ctx);
  if (options.jobs) {
    app.addHook("onReady", async () => {
      if (!ctx.mailer.enabled) app.log.info({ event: "email_off" }, "email is off: SMTP_URL is not set");
      await scheduleWeeklyDigest(ctx);
      ctx.jobs.start(app.log);
    });
    app.addHook("onClose", async () => {
      await ctx.jobs.stop();
      ctx.mailer.close();
    });
  }

  registerErrorHandler(app);
  registerSecurity(app, ctx.config);
  registerRequestDeadlines(app, ctx.config);
  await app.register(cookie);

  await app.register(async (scope) => healthRoutes(scope, ctx));
  await app.register(async (scope) => mediaFileRoutes(scope, ctx));
  await app.register(async (scope) => feedRoutes(scope, ctx));
  await app.register(async (scope) => hlsFileRoutes(scope, ctx));
  await app.register(async (scope) => liveRoutes(scope, ctx));
  await app.register(
    async (api) => {
      // JSON answers above 1 KiB are compressed; only this scope, so /media ranges and /ws never are.
      await api.register(compress, apiCompression);
      // A callback hook: a visitor's request (no session cookie) goes on without a promise or a microtask.
      api.addHook("onRequest", (request, reply, done) => {
        reply.header("cache-control", "no-store");
        if (request.cookies[SESSION_COOKIE] === undefined) return done();
        ctx.sessions.load(request, reply).then(() => done(), done);
      });
      for (const mount of apiModules) await api.register(async (scope) => mount(scope, ctx));
      await api.register(async (scope) => streamingRoutes(scope, ctx, { listen: options.liveIngest === true }));
      // Every live event type has exactly one handler, registered by its module.
      ctx.live.assertEveryEventHandled();
      // The API's own description, generated from the route table.
      const document = buildOpenApiDocument(apiRoutes, version);
      const reference = renderReferencePage(document);
      api.get("/openapi.json", async () => document);
      api.get("/docs", async (_request, reply) => reply.type("text/html; charset=utf-8").send(reference));
    },
    { prefix: "/api" },
  );

  const webDir = options.webDir;
  const hasWeb = webDir !== undefined && fs.existsSync(path.join(webDir, "index.html"));
  const sendAppShell = hasWeb ? createAppShell(ctx, webDir) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (scripts/vite-precompress.ts); sent by Accept-Encoding.
      preCompressed: true,
      // Our own Cache-Control below; send's default ("public, max-age=0") would otherwise replace it.
      cacheControl: false,
      setHeaders(response, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
        response.setHeader("vary", "accept-encoding");
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isApi =
      url.startsWith("/api/") || url === "/api" || url.startsWith("/media/") || url.startsWith("/ws") || url.startsWith("/feeds/");
    if (!isApi && sendAppShell && (request.method === "GET" || request.method === "HEAD")) {
      // The web app's own router answers every other path, including its 404 page.
      return sendAppShell(request, reply);
    }
    throw notFound();
  });

  return app;
}
