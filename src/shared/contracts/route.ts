import type { ZodType, z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One route of the API, written once: Fastify registers and validates it from this, the OpenAPI document
 * describes it from this, and the web's typed client takes its types from this (decision 0009).
 */
export interface RouteContract {
  method: HttpMethod;
  /** The full path with `:name` parameters, e.g. "/api/posts/:id" (a parameter may carry a pattern and a suffix: ":id(^\\d+).ics"). */
  path: `/api/${string}`;
  /** One line for the API reference. */
  summary: string;
  /** Who may call it: anyone, a signed-in member, or an admin (documentation; the service enforces it). */
  access: "public" | "member" | "admin";
  params?: ZodType;
  query?: ZodType;
  /** The JSON body, or for a multipart route the form's text fields. */
  body?: ZodType;
  /** A multipart/form-data route (an upload); its file parts are read by the module. */
  multipart?: true;
  /** The success status; 200 unless given. */
  status?: 200 | 201 | 204;
  /** The success body; `z.null()` for an empty answer. */
  response: ZodType;
  /** An answer that is not JSON (a calendar file, say): its media type; `response` then describes it as text. */
  contentType?: string;
  /** True when the list answers the next page's cursor in `Link` and `X-Next-Cursor` (decision 0004). */
  paginated?: true;
}

/** Declares a route; the `const` type parameter keeps the literal method and path for the typed client. */
export const defineRoute = <const R extends RouteContract>(route: R): R => route;

type Input<S> = S extends ZodType ? z.input<S> : undefined;

/** What a caller passes: the path parameters, the query string and the body, as the route's schemas take them. */
export type RouteInput<R extends RouteContract> = (R["params"] extends ZodType ? { params: Input<R["params"]> } : { params?: undefined }) &
  (R["query"] extends ZodType ? { query?: Input<R["query"]> } : { query?: undefined }) &
  (R["body"] extends ZodType ? { body: Input<R["body"]> } : { body?: undefined });

/** What the route answers on success. */
export type RouteOutput<R extends RouteContract> = z.output<R["response"]>;

/** A route's name as the typed client writes it: "GET /api/posts/:id". */
export type RouteKey<R extends RouteContract> = R extends RouteContract ? `${R["method"]} ${R["path"]}` : never;
