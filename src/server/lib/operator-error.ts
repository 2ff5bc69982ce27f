import { ConfigError } from "../config";

// Codes of errors whose message is written for the operator: a DATA_DIR another process holds, a
// DATABASE_URL that cannot be reached.
const OPERATOR_CODES = new Set(["DATA_DIR_IN_USE", "DATABASE_UNREACHABLE"]);

/** Errors whose message tells the operator what to change; printed without a stack trace. */
export function isOperatorError(error: unknown): error is Error {
  return error instanceof ConfigError || (error instanceof Error && OPERATOR_CODES.has((error as { code?: string }).code ?? ""));
}
