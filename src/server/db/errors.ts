/**
 * Errors that say the database cannot serve right now, not that the request or our code is wrong:
 * the connection was lost (a restart, a failover, an administrator's pg_terminate_backend), no
 * connection could be had in time, or a statement ran into a timeout. Such a request answers 503
 * and may simply be tried again.
 */

// SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300
// too_many_connections, 57014 query_canceled (statement_timeout), 55P03 lock_not_available
// (lock_timeout); every class 08 state is a connection exception.
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300", "57014", "55P03"]);
// Socket errors of a server that is down, unreachable or went away.
const UNAVAILABLE_ERRNOS = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// node-postgres says these in words only: a connection that ended or broke ("Connection terminated
// unexpectedly", "... due to connection timeout"), a client that broke earlier in a transaction
// ("Client has encountered a connection error and is not queryable"), the pool's acquire timeout, and
// a connect that did not finish within connectionTimeoutMillis ("timeout expired": a server too busy
// or too slow to answer at start is unreachable for now, not refusing us).
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /is not queryable/, /^timeout exceeded when trying to connect/, /^timeout expired$/];

/** The error and every cause below it (Drizzle wraps the driver's error; a failed connect may aggregate several). */
export function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    yield current as Record<string, unknown>;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
}

/** True when `error` means the database is unreachable or too slow right now (answer 503, try again later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const code = typeof link.code === "string" ? link.code : "";
    if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    if (typeof link.message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(link.message as string))) return true;
  }
  return false;
}

/** A short reason for an operator's log line: the SQLSTATE or socket error code, else the first line of the message. */
export function shortReason(error: unknown): string {
  for (const link of errorChain(error)) if (typeof link.code === "string" && link.code) return link.code;
  const message = (error as { message?: unknown })?.message;
  return typeof message === "string" && message ? message.split("\n")[0].slice(0, 200) : String(error);
}

/** SQLSTATE of a database error; Drizzle wraps driver errors, so look at the cause too. */
export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}
