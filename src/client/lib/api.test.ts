import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/client/test/test-utils";
import { apiFetch } from "./api";
import { ApiError, errorMessage } from "./api-error";

afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("sends cookies and a JSON body", async () => {
    const fetchMock = mockFetch({ "POST /api/auth/login": { body: { id: 1 } } });
    const result = await apiFetch("/api/auth/login", { method: "POST", body: { username: "a", password: "b" } });
    expect(result).toEqual({ id: 1 });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBe(JSON.stringify({ username: "a", password: "b" }));
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
  });

  it("sends cookies on plain GET requests too", async () => {
    const fetchMock = mockFetch({ "GET /api/public/config": { body: { demo: false, demoAccounts: [] } } });
    await apiFetch("/api/public/config");
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe("include");
    expect(fetchMock.mock.calls[0][1]?.body).toBeUndefined();
  });

  it("passes FormData through without a JSON content type", async () => {
    const fetchMock = mockFetch({ "POST /api/booking/images": { body: { id: 5 } } });
    const form = new FormData();
    form.append("caption", "Utedel");
    await apiFetch("/api/booking/images", { method: "POST", body: form });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get("Content-Type")).toBeNull();
  });

  it("turns a JSON error into '<status>: <body>' and exposes the server's message", async () => {
    const body = { message: "Fel användarnamn eller lösenord" };
    mockFetch({ "POST /api/auth/login": { status: 401, statusText: "Unauthorized", body } });
    const error = await apiFetch("/api/auth/login", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`401: ${JSON.stringify(body)}`);
    expect(apiError.status).toBe(401);
    expect(apiError.serverMessage).toBe("Fel användarnamn eller lösenord");
    expect(errorMessage(apiError, "reserv")).toBe("Fel användarnamn eller lösenord");
  });

  it("uses the status text when the error body is empty", async () => {
    mockFetch({ "GET /api/auth/user": { status: 500, statusText: "Internal Server Error" } });
    const error = (await apiFetch("/api/auth/user").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe("500: Internal Server Error");
    expect(error.serverMessage).toBeUndefined();
    expect(errorMessage(error, "reserv")).toBe("reserv");
  });

  it("keeps a plain-text error body in the message without a server message", async () => {
    mockFetch({ "GET /api/x": { status: 502, statusText: "Bad Gateway", body: "upstream down" } });
    const error = (await apiFetch("/api/x").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe("502: upstream down");
    expect(error.serverMessage).toBeUndefined();
  });

  it("returns undefined for an empty successful answer", async () => {
    mockFetch({ "DELETE /api/admin/users/3": { status: 204 } });
    await expect(apiFetch("/api/admin/users/3", { method: "DELETE" })).resolves.toBeUndefined();
  });
});
