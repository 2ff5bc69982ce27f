// The error every non-OK API answer becomes (rules §7), and the two ways pages read it. Apart from
// apiFetch (api.ts) so that pages and components can show a refusal without importing apiFetch.

/** A non-OK answer. `message` is `${status}: ${bodyText || statusText}` as rules §7 prescribes. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  /** The `message` field of a JSON error body (`{ "message": "Swedish text" }`), when present. */
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.serverMessage = parseServerMessage(bodyText);
  }
}

function parseServerMessage(bodyText: string): string | undefined {
  if (!bodyText) return undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === "object" && "message" in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === "string" && message.trim()) return message;
    }
  } catch {
    // Not JSON: the body text is still part of the error message.
  }
  return undefined;
}

/** True when the error is an ApiError with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The server's Swedish message when it sent one, otherwise the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
