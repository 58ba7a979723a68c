import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { messages } from "@shared/messages";
import { HttpError, isBadValueError } from "./errors";
import { setSecurityHeaders } from "./security";
import { hasTimedOut } from "./timeouts";

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function issuePath(issue: ValidationIssue): string {
  const path = issue.params?.issue?.path;
  if (Array.isArray(path) && path.length > 0) return path.map(String).join(".");
  return (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
}

/**
 * The last-resort error handler: every error becomes `{ message, code?, issues? }`; bad input is a 400
 * with the schema's own message; anything unexpected is a generic 500 without a stack, and the process stays up.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 429) {
        request.log.info(
          { event: "refused", status: error.statusCode, code: error.code, url: request.routeOptions.url },
          "request refused",
        );
      }
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = (error.validation as ValidationIssue[]).map((issue) => ({
        path: issuePath(issue),
        message: issue.params?.issue?.message ?? issue.message ?? messages.invalidInput,
      }));
      return reply.code(400).send({ message: issues[0]?.message ?? messages.invalidInput, code: "invalid_input", issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.code(500).send({ message: messages.internal, code: "internal" });
    }
    if (isBadValueError(error)) {
      request.log.info({ event: "bad_value", code: error.code, url: request.routeOptions.url }, "database refused a value");
      return reply.code(400).send({ message: messages.invalidInput, code: "invalid_input" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? messages.unsupportedMediaType
          : error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || error instanceof SyntaxError
            ? "The request body is not valid JSON."
            : error.message;
      return reply.code(status).send({ message, code: error.code?.toLowerCase() });
    }
    if (hasTimedOut(request.raw)) return reply.code(408).send({ message: messages.requestTimeout, code: "request_timeout" });
    if (wasAbortedByClient(request, error)) {
      // A member who cancels an upload, or loses their connection, is not a fault of the server.
      request.log.info({ event: "request_aborted", method: request.method, url: request.routeOptions.url }, "client aborted the request");
      return reply.code(400).send({ message: messages.invalidInput, code: "aborted" });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ message: messages.internal, code: "internal" });
  });
}

/** True when the error comes from the client closing the connection while its request body was still arriving. */
function wasAbortedByClient(request: FastifyRequest, error: FastifyError): boolean {
  return request.raw.readableAborted || (error.code === "ECONNRESET" && request.raw.socket?.destroyed === true);
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a bad percent-encoding, an overlong parameter) come here
 * before any hook runs, so they get the security headers and the platform's error shape here too.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setSecurityHeaders(request, reply);
  reply.header("cache-control", "no-store");
  if (error.code === "FST_ERR_BAD_URL") {
    void reply.code(400).send({ message: messages.badUrl, code: "bad_url" });
  } else if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    void reply.code(414).send({ message: messages.urlTooLong, code: "url_too_long" });
  } else {
    request.log.error({ err: error }, "unhandled error");
    void reply.code(500).send({ message: messages.internal, code: "internal" });
  }
}
