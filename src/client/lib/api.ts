// The one way the client talks to the server (SPEC §7): cookies always go along, bodies are JSON
// (FormData passes through untouched for image uploads), and every non-OK answer becomes an ApiError.

/** A non-OK answer. `message` is `${status}: ${bodyText || statusText}` as SPEC §7 prescribes. */
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

export type ApiFetchInit = Omit<RequestInit, "body"> & {
  /** A plain value is sent as JSON; FormData, Blob, URLSearchParams and strings are sent as they are. */
  body?: unknown;
};

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === "string" ||
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer
  );
}

/**
 * Calls the API and returns the parsed JSON answer (or `undefined` for an empty answer).
 * Throws ApiError for any non-OK status; network failures reject with the browser's TypeError.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");

  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      requestBody = body;
    } else {
      requestBody = JSON.stringify(body);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    }
  }

  const response = await fetch(path, { ...rest, headers, body: requestBody, credentials: "include" });

  if (!response.ok) {
    const bodyText = await response.text().catch(() => "");
    throw new ApiError(response.status, response.statusText, bodyText);
  }

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  const contentType = response.headers.get("Content-Type") ?? "";
  if (contentType.includes("json")) return JSON.parse(text) as T;
  return text as T;
}

/** True when the error is an ApiError with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The server's Swedish message when it sent one, otherwise the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
