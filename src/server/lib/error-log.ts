/**
 * How an error appears in the log: what an operator needs to find the fault, and no personal data.
 *
 * pino's standard serializer copies every property of an error, and the message as it is. A failed
 * Drizzle query carries its bound parameters in both (`params: Lars Andersson,lars@…,070-…`), the
 * driver's error carries the row in `detail` ("Key (email)=(lars@…) already exists"), a rate-limit
 * key holds a client address, and an SMTP error lists the refused recipients. So only named fields
 * are kept (SQLSTATE, constraint, table, column, routine…), the parameters are cut from the message,
 * values are cut from the messages of data errors, and e-mail addresses are masked in every message.
 */
export type LoggedError = {
  type: string;
  message: string;
  /** The message above the stack's frames (empty when the error had no stack). */
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
};

// Fields that name where and what failed, never what was written: PostgreSQL's (pg's DatabaseError),
// Node's system errors, Fastify's, and nodemailer's SMTP reply code and command.
const KEPT_FIELDS = [
  "code",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
  "statusCode",
  "errno",
  "syscall",
  "responseCode",
  "command",
] as const;
const MAX_CAUSES = 5;

/** The pino serializer for `err`: see the module comment for what is kept and why. */
export function serializeError(error: unknown): LoggedError {
  return serialize(error, 0);
}

function serialize(error: unknown, depth: number): LoggedError {
  if (!error || typeof error !== "object") return { type: typeof error, message: maskEmails(String(error)), stack: "" };
  const source = error as Record<string, unknown>;
  const type = typeName(source);
  const message = safeMessage(source);
  const logged: LoggedError = { type, message, stack: "" };
  for (const field of KEPT_FIELDS) {
    const value = source[field];
    if (typeof value === "string" ? value !== "" : typeof value === "number") logged[field] = typeof value === "string" ? maskEmails(value) : value;
  }
  // The message is above; the stack keeps only where it happened.
  if (typeof source.stack === "string") logged.stack = [type, ...stackFrames(source.stack)].join("\n");
  if (source.cause !== undefined && depth < MAX_CAUSES) logged.cause = serialize(source.cause, depth + 1);
  return logged;
}

/** The class of the error; a database's error is named as such (PGlite's class name is minified). */
function typeName(source: Record<string, unknown>): string {
  if (typeof source.severity === "string" && typeof source.code === "string" && /^[0-9A-Z]{5}$/.test(source.code)) return "DatabaseError";
  return (source.constructor as { name?: string } | undefined)?.name || String(source.name ?? "Error");
}

/**
 * The message without what the request wrote: Drizzle's parameter list goes, a data error's quoted
 * values (class 22: 'invalid input syntax for type integer: "abc"') become "…", e-mail addresses are
 * masked. Other PostgreSQL messages quote only names (constraints, relations, columns) and stay.
 */
function safeMessage(source: Record<string, unknown>): string {
  let message = typeof source.message === "string" ? source.message : "";
  const params = message.indexOf("\nparams:");
  if (params >= 0) message = message.slice(0, params);
  if (typeof source.code === "string" && source.code.startsWith("22")) message = message.replace(/"(?:[^"]|"")*"/g, '"…"');
  return maskEmails(message);
}

function maskEmails(text: string): string {
  return text.replace(/[^\s<>()[\]",;:]+@[^\s<>()[\]",;:]+/g, "…@…");
}

/** The "at …" lines of a stack; its first lines repeat the message, parameters and all. */
function stackFrames(stack: string): string[] {
  return stack.split("\n").filter((line) => /^\s+at /.test(line));
}
