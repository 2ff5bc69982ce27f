import { ConfigError } from "../config";

/** Errors whose message tells the operator what to change; printed without a stack trace. */
export function isOperatorError(error: unknown): error is Error {
  return error instanceof ConfigError || (error instanceof Error && (error as { code?: string }).code === "DATA_DIR_IN_USE");
}
