import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "@shared/messages";
import type { Config } from "../config";
import { HttpError, badRequest } from "./errors";

const BASE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
const CONTENT_SECURITY_POLICY = [...BASE_POLICY, "connect-src 'self'"].join("; ");

/** The policy with the other origins the pages may call: the SFU's, whose API browsers use directly (decision 0018). */
export function contentSecurityPolicy(config: Pick<Config, "sfu">): string {
  const extra = config.sfu ? [new URL(config.sfu.publicUrl).origin] : [];
  return [...BASE_POLICY, ["connect-src 'self'", ...extra].join(" ")].join("; ");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const LABEL = "[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?";
/** A host name (dot-separated labels) or a bracketed IPv6 address, then an optional port. */
const HOST_PATTERN = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, "i");

/** True for a Host header that names a host (and port) and nothing else. */
export function isWellFormedHost(host: string | undefined): host is string {
  const match = host === undefined ? null : HOST_PATTERN.exec(host);
  if (!match || (match[1] !== undefined && Number(match[1]) > 65_535)) return false;
  try {
    new URL(`http://${host}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The platform's own origin: PUBLIC_ORIGIN when configured, otherwise the one the request was addressed to
 * (answers 400 when that Host is malformed). Production sets PUBLIC_ORIGIN, so a spoofed Host never reaches a link.
 */
export function ownOrigin(request: FastifyRequest, config: Config): string {
  if (config.publicOrigin) return config.publicOrigin;
  if (!isWellFormedHost(request.host)) throw badRequest(messages.badHost, "bad_host");
  return `${request.protocol}://${request.host}`;
}

/** True when the request comes from the platform's own pages (or from a non-browser client that sends no Origin). */
export function isSameOrigin(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin) return origin === ownOrigin(request, config);
  return request.headers["sec-fetch-site"] !== "cross-site";
}

/** The headers of a page, or of anything a browser may show as a document (media, feeds, the API reference). */
const pageHeaders = (policy: string) => ({
  "content-security-policy": policy,
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(self), microphone=(self), display-capture=(self), geolocation=()",
});

/**
 * The headers of an API answer (decision 0040): JSON is never a page, so its policy allows nothing at all, and the
 * headers only a page reads (the opener and permissions policies) are left off.
 */
export const API_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-resource-policy": "same-origin",
};

/** True for the API's JSON answers: everything under /api/ but its HTML reference page. */
const isApiAnswer = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

const PAGE_HEADERS = pageHeaders(CONTENT_SECURITY_POLICY);

/** The security headers every answer carries, set here for the answers that never reach a route's hooks. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, forPages = PAGE_HEADERS) {
  reply.headers(isApiAnswer(request.url) ? API_HEADERS : forPages);
  if (request.protocol === "https") {
    reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  }
}

/** Security headers on every answer, and state-changing requests only from our own origin and only as JSON or multipart. */
export function registerSecurity(app: FastifyInstance, config: Config) {
  // Only JSON (and multipart where a route registers it) is parsed; anything else answers 415.
  app.removeContentTypeParser("text/plain");
  const forPages = pageHeaders(contentSecurityPolicy(config));

  // A callback hook: an async one costs every request a promise and a turn of the microtask queue.
  app.addHook("onRequest", (request, reply, done) => {
    setSecurityHeaders(request, reply, forPages);
    // A malformed Host throws its 400 from isSameOrigin; Fastify answers a callback hook's throw like an async one's.
    if (SAFE_METHODS.has(request.method) || isSameOrigin(request, config)) return done();
    request.log.warn({ event: "cross_origin_refused", origin: request.headers.origin, url: request.url }, "cross-origin request refused");
    done(new HttpError(403, messages.crossOrigin, "cross_origin"));
  });
}
