// Helpers for component tests (Vitest + happy-dom + Testing Library). Not shipped: only tests import it.
import { configure, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { App } from "@/client/app/app";
import { currentUserQueryKey, type CurrentUser } from "@/client/lib/auth";
import { createQueryClient } from "@/client/lib/query-client";
import { resetChatLauncher } from "@/client/lib/chat-launcher";
import { forgetSession, setSessionUser } from "@/client/lib/session";

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

/**
 * Renders the whole app at `path` with a fresh query cache; `user` pre-fills the current user
 * (null = anonymous) for both the query cache and the header's session store. The app's own routes
 * render inside a memory data router so tests can read `router.state.location`.
 */
export function renderApp(path: string, options: { user?: CurrentUser | null } = {}) {
  // Never reach for a real server: unmocked calls answer 404.
  if (!vi.isMockFunction(globalThis.fetch)) mockFetch({});
  const queryClient = createQueryClient();
  forgetSession();
  resetChatLauncher();
  if (options.user !== undefined) {
    queryClient.setQueryData(currentUserQueryKey, options.user);
    setSessionUser(options.user);
  }
  const router = createMemoryRouter([{ path: "*", element: <App queryClient={queryClient} /> }], { initialEntries: [path] });
  const utils = render(<RouterProvider router={router} />);
  return { ...utils, router, queryClient };
}
