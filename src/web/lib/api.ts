import { type QueryKey, queryOptions } from "@tanstack/react-query";
import { NEXT_CURSOR_HEADER } from "@shared/constants";
import type { ApiError } from "@shared/contracts/common";
import type { RouteInput, RouteOutput } from "@shared/contracts/route";
import type { ApiRouteKey, ApiRouteOf } from "@shared/contracts/routes";

/**
 * A non-ok answer of the API. Its message is "<status>: <body text or status text>" (spec §8);
 * `body` keeps the raw text so callers can read the JSON error's `message`.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiRequestError";
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => "");
  throw new ApiRequestError(response.status, body, response.statusText);
}

/**
 * Calls the API on the page's own origin with the session cookie (spec §7).
 * A body is sent, as JSON, only when `data` is given.
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: hasBody ? { "Content-Type": "application/json" } : undefined,
    body: hasBody ? JSON.stringify(data) : undefined,
  });
  await throwIfNotOk(response);
  return response;
}

/** apiRequest, then the answer read as JSON (undefined for an empty answer such as 204). */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const response = await apiRequest(method, url, data);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The JSON error body's `message` of a failed API call, otherwise `fallback` (network errors included). */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  try {
    // Read without zod so the first page's bundle stays small.
    const body = JSON.parse(error.body) as Partial<ApiError> | null;
    if (body && typeof body.message === "string" && body.message) return body.message;
  } catch {
    // The body was not JSON (a proxy's HTML page, for example): use the fallback.
  }
  return fallback;
}

/**
 * The human message of a failed call for a toast: the JSON error body's `message` when there
 * is one, the plain error message for other errors, otherwise `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return serverMessage(error, fallback);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * The URL a query key names: its string and number parts joined with "/", and a trailing
 * plain object read as the query string, e.g. ["/api/content/media", { type: "sermon" }].
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const parts: string[] = [];
  let search = "";
  for (const part of queryKey) {
    if (typeof part === "string" || typeof part === "number") {
      parts.push(String(part));
    } else if (part && typeof part === "object") {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(part)) {
        if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
      }
      const query = params.toString();
      if (query) search = `?${query}`;
    }
  }
  return parts.join("/") + search;
}

/** The next page's cursor a paginated list answered (decision 0004: the X-Next-Cursor header), or null on its last page. */
export function nextCursorOf(response: Response): string | null {
  return response.headers.get(NEXT_CURSOR_HEADER) || null;
}

/** The input argument, optional when the route needs nothing. */
type InputArgs<K extends ApiRouteKey> =
  object extends RouteInput<ApiRouteOf<K>> ? [input?: RouteInput<ApiRouteOf<K>>] : [input: RouteInput<ApiRouteOf<K>>];
type RouteMethod<K extends ApiRouteKey> = ApiRouteOf<K>["method"];
/** The keys of the routes a query may read. */
export type GetRouteKey = Extract<ApiRouteKey, `GET ${string}`>;

/**
 * The query key of a route: the path split at its parameters, then the query object, e.g.
 * "GET /api/posts/:id/comments" with id 5 → ["/api/posts", 5, "comments"]. Joined back it is the URL
 * (spec §7: the data fetch GETs the key), and ["/api/posts"] is a prefix of it, so invalidating a list
 * also invalidates what hangs under it.
 */
export function routeKey<K extends ApiRouteKey>(key: K, input: Partial<RouteInput<ApiRouteOf<K>>> = {}): QueryKey {
  const path = key.slice(key.indexOf(" ") + 1);
  const params = (input.params ?? {}) as Record<string, string | number>;
  const parts: (string | number)[] = [];
  let pending = "";
  for (const segment of path.split("/").slice(1)) {
    // A parameter may carry a pattern and a suffix: ":id(^\\d+).ics".
    const parameter = /^:(\w+)(?:\([^)]*\))?(.*)$/.exec(segment);
    if (parameter) {
      const [, name = "", suffix = ""] = parameter;
      const value = params[name];
      if (value === undefined) throw new Error(`${key}: missing parameter ${segment}`);
      // The literal segments before a parameter; after an earlier parameter, without their leading slash.
      if (pending) parts.push(parts.length ? pending.slice(1) : pending);
      parts.push(suffix ? `${value}${suffix}` : value);
      pending = "";
    } else {
      pending += `/${segment}`;
    }
  }
  if (pending) parts.push(parts.length ? pending.slice(1) : pending);
  const query = input.query as Record<string, unknown> | undefined;
  return query && Object.keys(query).length ? [...parts, query] : parts;
}

/** The URL a route's key and input name. */
export const routeUrl = <K extends ApiRouteKey>(key: K, input: Partial<RouteInput<ApiRouteOf<K>>> = {}) =>
  urlFromQueryKey(routeKey(key, input));

/** Calls a route of the contract: its URL and method from the key, its answer typed by the contract. */
export function callRoute<K extends ApiRouteKey>(key: K, ...args: InputArgs<K>): Promise<RouteOutput<ApiRouteOf<K>>> {
  const input = args[0] ?? {};
  const method = key.slice(0, key.indexOf(" ")) as RouteMethod<K>;
  return apiJson<RouteOutput<ApiRouteOf<K>>>(method, routeUrl(key, input), (input as { body?: unknown }).body);
}

/** A query's options for a GET route: the URL is the key (spec §9), the type comes from the contract. */
export function routeQuery<K extends GetRouteKey>(key: K, ...args: InputArgs<K>) {
  return queryOptions<RouteOutput<ApiRouteOf<K>>>({ queryKey: routeKey(key, args[0]) });
}
