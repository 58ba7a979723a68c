import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z, ZodType } from "zod";
import { errorSchema } from "@shared/contracts/common";
import type { RouteContract, RouteOutput } from "@shared/contracts/route";
import { errorResponses } from "./schemas";

type Parsed<S> = S extends ZodType ? z.output<S> : unknown;

/** The request a route's handler receives: params, query and body already parsed by the route's schemas. */
export type RouteRequest<R extends RouteContract> = FastifyRequest<{
  Params: Parsed<R["params"]>;
  Querystring: Parsed<R["query"]>;
  Body: Parsed<R["body"]>;
}>;

export type RouteHandler<R extends RouteContract> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<RouteOutput<R> | FastifyReply> | RouteOutput<R> | FastifyReply;

export interface MountOptions {
  /** Runs before validation, e.g. to read a multipart form into `request.body`. */
  preValidation?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** A body limit other than the app's default. */
  bodyLimit?: number;
  /** This route takes large, slow bodies: its request may take HTTP_UPLOAD_TIMEOUT_SECONDS (see http/timeouts.ts). */
  largeUpload?: true;
}

/**
 * Registers a route from its contract: the schemas validate the request and serialize the answer, the
 * contract's status is the success status, and the handler only calls the module's service.
 * Modules are mounted under the `/api` prefix, so the contract's full path loses it here.
 */
export function mount<R extends RouteContract>(app: FastifyInstance, route: R, handler: RouteHandler<R>, options: MountOptions = {}) {
  const status = route.status ?? 200;
  app.route({
    method: route.method,
    url: route.path.replace(/^\/api/, "") || "/",
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      // A non-JSON answer (a calendar file) is sent as it is; its errors are still JSON.
      response: {
        ...(route.contentType ? {} : { [status]: route.response }),
        ...errorResponses,
        ...(route.multipart ? { 413: errorSchema } : {}),
      },
    },
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.largeUpload ? { config: { largeUpload: true } } : {}),
    // The handler's own promise goes to Fastify: a second async layer cost every request a promise and a turn of the
    // microtask queue. Fastify answers 200 unless told otherwise.
    handler:
      status === 204
        ? async (request, reply) => {
            reply.code(204);
            await handler(request as RouteRequest<R>, reply);
            return null;
          }
        : (request, reply) => {
            if (status !== 200) reply.code(status);
            return handler(request as RouteRequest<R>, reply);
          },
  });
}
