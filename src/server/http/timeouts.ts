import type { IncomingMessage, ServerOptions } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "@shared/messages";
import type { Config } from "../config";

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route takes large, slow bodies (publishing media): its request may take HTTP_UPLOAD_TIMEOUT_SECONDS. */
    largeUpload?: boolean;
  }
}

const timedOut = new WeakSet<IncomingMessage>();

/** True when the request's connection was closed because its body arrived too slowly. */
export const hasTimedOut = (raw: IncomingMessage) => timedOut.has(raw);

const TIMEOUT_BODY = JSON.stringify({ message: messages.requestTimeout, code: "request_timeout" });
const TIMEOUT_RESPONSE =
  "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n" +
  `Content-Length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\n\r\n${TIMEOUT_BODY}`;

/**
 * Node's own bounds, given to Fastify: headers within HTTP_HEADERS_TIMEOUT_SECONDS, any request within the longest
 * limit (the upload one), idle keep-alive connections closed. Node checks its bounds on an interval, so the interval
 * is kept well under the headers limit. An upgraded WebSocket leaves Node's HTTP bookkeeping, so none of these reach it.
 */
export function httpServerOptions(config: Config): { requestTimeout: number; keepAliveTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: config.httpUploadTimeoutMs,
    keepAliveTimeout: config.httpKeepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(config.httpHeadersTimeoutMs, config.httpUploadTimeoutMs),
      requestTimeout: config.httpUploadTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(config.httpHeadersTimeoutMs / 3))),
    },
  };
}

/**
 * The connection cap, and the shorter body deadline of ordinary requests: a body still arriving
 * HTTP_REQUEST_TIMEOUT_SECONDS after its headers gets 408 and the connection is closed. An upload route whose answer
 * is still pending (a creator's upload in progress) keeps the connection until HTTP_UPLOAD_TIMEOUT_SECONDS instead.
 */
export function registerRequestDeadlines(app: FastifyInstance, config: Config) {
  app.server.maxConnections = config.httpMaxConnections;

  const expire = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.raw.complete) return;
    timedOut.add(request.raw);
    request.log.info({ event: "request_timeout", method: request.method, url: request.routeOptions.url }, "request body too slow");
    const socket = request.raw.socket;
    if (!reply.raw.headersSent && socket.writable) socket.write(TIMEOUT_RESPONSE);
    socket.destroy();
  };

  // A callback hook, not an async one: most requests have no body, and this returns at once for them.
  app.addHook("onRequest", (request, reply, done) => {
    const { headers } = request;
    const hasBody = headers["transfer-encoding"] !== undefined || Number(headers["content-length"] ?? 0) > 0;
    if (!hasBody) return done();
    let timer = setTimeout(() => {
      if (request.routeOptions.config.largeUpload && !reply.raw.headersSent && !request.raw.complete) {
        timer = setTimeout(() => expire(request, reply), config.httpUploadTimeoutMs - config.httpRequestTimeoutMs);
        timer.unref();
      } else {
        expire(request, reply);
      }
    }, config.httpRequestTimeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    request.raw.once("end", clear);
    request.raw.once("close", clear);
    done();
  });
}
