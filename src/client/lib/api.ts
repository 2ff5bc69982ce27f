// The one way the client talks to the server (rules §7): cookies always go along, bodies are JSON
// (FormData passes through untouched for image uploads), and every non-OK answer becomes an ApiError.
// Features call it only from their own api/ files (issue 28); the errors it throws are in api-error.ts,
// which pages and components read without reaching for apiFetch.
import { ApiError } from "./api-error";

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
