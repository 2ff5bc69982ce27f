import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, technicianUser } from "@/client/test/test-utils";
import { useCurrentUser } from "./auth";
import { createQueryClient } from "./query-client";
import { forgetSession } from "./session";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetSession();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe("useCurrentUser", () => {
  it("returns the user", async () => {
    mockFetch({ "GET /api/auth/user": { body: technicianUser } });
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(technicianUser);
  });

  it("returns null on 401", async () => {
    mockFetch({ "GET /api/auth/user": { status: 401, body: { message: "Du måste logga in." } } });
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });

  it("fails with 'Kunde inte hämta användardata' on other errors, without retrying", async () => {
    const fetchMock = mockFetch({ "GET /api/auth/user": { status: 500, statusText: "Internal Server Error" } });
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe("Kunde inte hämta användardata");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
