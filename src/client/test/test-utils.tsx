// Helpers for component tests (Vitest + happy-dom + Testing Library). Not shipped: only tests import it.
import { configure, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "@/client/app/providers";
import { routes } from "@/client/app/router";
import { currentUserQueryKey, type CurrentUser } from "@/client/lib/auth";
import { createQueryClient } from "@/client/lib/query-client";

// Lazy route chunks are transformed on first use; give the first render of a page time under load.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

export const adminUser: CurrentUser = { id: 1, name: "Anna Administratör", username: "admin", role: "admin" };
export const technicianUser: CurrentUser = { id: 2, name: "Erik Johansson", username: "tekniker", role: "technician" };

export type MockAnswer = { status?: number; body?: unknown; statusText?: string };
export type FetchHandler = (init: RequestInit | undefined, url: string) => MockAnswer | Promise<MockAnswer>;

export function jsonResponse({ status = 200, body, statusText = "" }: MockAnswer): Response {
  const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
  return new Response(status === 204 ? null : text, {
    status,
    statusText,
    headers: typeof body === "string" ? { "Content-Type": "text/plain" } : { "Content-Type": "application/json" },
  });
}

/**
 * Replaces fetch with handlers keyed by "METHOD /path" (path without query). Unknown calls answer 404.
 * Returns the mock so tests can inspect calls.
 */
export function mockFetch(handlers: Record<string, FetchHandler | MockAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, "http://localhost").pathname;
    const key = `${(init?.method ?? "GET").toUpperCase()} ${path}`;
    const handler = handlers[key];
    if (!handler) return jsonResponse({ status: 404, statusText: "Not Found", body: { message: "Resursen hittades inte." } });
    const answer = typeof handler === "function" ? await handler(init, url) : handler;
    return jsonResponse(answer);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Renders the whole app at `path` with a fresh query cache; `user` pre-fills the current user (null = anonymous). */
export function renderApp(path: string, options: { user?: CurrentUser | null; wrapper?: (node: ReactNode) => ReactNode } = {}) {
  // Never reach for a real server: unmocked calls answer 404.
  if (!vi.isMockFunction(globalThis.fetch)) mockFetch({});
  const queryClient = createQueryClient();
  if (options.user !== undefined) queryClient.setQueryData(currentUserQueryKey, options.user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}
