import { messages } from "@shared/messages";

/** An error that becomes a JSON answer `{ message, code? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string = messages.invalidInput, code = "invalid_input") => new HttpError(400, message, code);
export const unauthorized = (message: string = messages.notSignedIn) => new HttpError(401, message, "unauthorized");
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, message, "forbidden");
export const notFound = (message: string = messages.notFound) => new HttpError(404, message, "not_found");
export const conflict = (message: string, code = "conflict") => new HttpError(409, message, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, "throttled", { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** True for a unique-constraint violation in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; message?: string };
  return err?.code === "23505" || err?.code === "SQLITE_CONSTRAINT_UNIQUE" || err?.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * True for a database error about a value the client sent: text PostgreSQL can't store (a NUL character),
 * a number out of range, a malformed literal. Such input is the client's fault: 400, never 500.
 */
export function isBadValueError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && /^22(P02|P05|021|003|001|007|008)$/.test(code);
}
