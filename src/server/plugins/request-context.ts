import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { serializeError } from "../lib/error-log";
import { serializeRequest } from "../lib/log-redaction";

/**
 * Request ids: one request followed through the logs, across instances behind a load balancer. An
 * incoming X-Request-Id (from the proxy, or from another of our services) is kept when well formed,
 * otherwise a random one is made; it is sent back in the response's X-Request-Id and is in every log
 * line of the request, including those written through app.log by services and by work the request
 * set going (an e-mail sent from the outbox after it).
 */
export const REQUEST_ID_HEADER = "x-request-id";

// Long enough for a UUID, a trace id or a proxy's "host:pid:counter"; nothing that could break a
// log line or smuggle a header.
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the caller's X-Request-Id when well formed, else a random UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === "string" && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
}

const currentRequest = new AsyncLocalStorage<string>();
// Loggers Fastify made for a request: they carry its id already (reqId), so the mixin must not add
// it a second time.
const requestLoggers = new WeakSet<object>();

const requestLogger: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (logger, bindings, options) => {
  const child = logger.child(bindings, options);
  requestLoggers.add(child);
  return child;
};

/** Adds the current request's id to a line written through any other logger (app.log in a service). */
function withRequestId(_line: object, _level: number, logger: object): object {
  if (requestLoggers.has(logger)) return {};
  const reqId = currentRequest.getStore();
  return reqId ? { reqId } : {};
}

/** The logger and request-id options of the Fastify instance. */
export function loggingOptions(
  level: string | false,
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, "logger" | "genReqId" | "requestIdHeader" | "childLoggerFactory"> {
  return {
    logger:
      level === false
        ? false
        : {
            level,
            stream,
            redact: ["req.headers.cookie", "req.headers.authorization"],
            // URLs are logged with their secrets cut out, errors without personal data.
            serializers: { req: serializeRequest, err: serializeError },
            mixin: withRequestId,
          },
    // Read by requestIdFor, only when well formed (Fastify's own header option would take anything).
    requestIdHeader: false,
    genReqId: requestIdFor,
    childLoggerFactory: requestLogger,
  };
}

/** Sends the request id back and makes it the current one for everything the request runs. */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    currentRequest.run(request.id, done);
  });
  // A body that arrives in later packets is read in the socket's events, which may run outside the
  // context entered above: enter it again once the body is read, for the guards and the handler.
  app.addHook("preValidation", (request, _reply, done) => currentRequest.run(request.id, done));
}
