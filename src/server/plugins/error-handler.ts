import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { isDatabaseUnavailable, sqlState } from "../db/errors";
import { AppError } from "../lib/errors";
import { serverText } from "../lib/text";

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, serverText.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, serverText.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, serverText.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, serverText.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, serverText.badRequest],
  FST_REQ_FILE_TOO_LARGE: [413, serverText.bodyTooLarge],
  FST_FILES_LIMIT: [413, serverText.bodyTooLarge],
  FST_PARTS_LIMIT: [413, serverText.bodyTooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, serverText.unsupportedMediaType],
};

/** Seconds a client should wait after a 503: the pool replaces a lost connection at once, a stuck lock lasts longer. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = "5";

/**
 * One error handler for the whole API: every error becomes `{ "message": "…" }` in Swedish,
 * bad input is 4xx, and a 5xx never reveals internals (they go to the log).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const [status, message] = describe(error);
    if (status === 503) request.log.warn({ err: error }, "database unavailable");
    else if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ status, code: error.code }, message);
    if (status === 429 && !reply.getHeader("retry-after")) reply.header("retry-after", String(retryAfterOf(error)));
    if (status === 503) reply.header("retry-after", UNAVAILABLE_RETRY_AFTER_SECONDS);
    return reply.status(status).send({ message });
  });
}

/** Seconds a refused client should wait: what the limit said, else a minute. */
const retryAfterOf = (error: FastifyError) => (error instanceof AppError && error.retryAfterSeconds ? error.retryAfterSeconds : 60);

function describe(error: FastifyError): [number, string] {
  if (error instanceof AppError) return [error.statusCode, error.message];
  // A lost connection or a timeout (statement, lock, pool): the database cannot serve right now, and
  // PostgreSQL has rolled back whatever the request had begun. Nothing is wrong with the request.
  if (isDatabaseUnavailable(error)) return [503, serverText.unavailable];
  if (hasZodFastifySchemaValidationErrors(error)) return [400, error.validation[0]?.message || serverText.invalidInput];
  if (error instanceof ZodError) return [400, error.issues[0]?.message ?? serverText.invalidInput];
  if (error.code && FASTIFY_CODES[error.code]) return FASTIFY_CODES[error.code];
  if (error.validation) return [400, serverText.invalidInput];
  // A row the write refers to was deleted by a parallel request (a user deleted while they logged in
  // or saved): the client's data is out of date, not a server fault.
  if (sqlState(error) === "23503") return [409, serverText.referenceGone];
  // The multipart parser (busboy) throws plain errors for a malformed body: the client's mistake.
  if (!error.statusCode && /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? "")) return [400, serverText.badRequest];
  const status = error.statusCode ?? 500;
  if (status === 429) return [429, serverText.tooManyRequests];
  if (status === 404) return [404, serverText.notFound];
  if (status === 405) return [405, serverText.methodNotAllowed];
  if (status >= 400 && status < 500) return [status, serverText.badRequest];
  return [500, serverText.internalError];
}
