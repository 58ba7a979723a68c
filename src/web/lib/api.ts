import type { ApiError } from "@shared/contracts/common";

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
