import type { User } from "@/common/schemas/auth";

// The store behind lib/session, without React, so that lib/session (which loads session-fetch on
// demand) and session-fetch (which writes here) do not import each other.
//
// The logged-in user as far as this page knows, kept outside TanStack Query so the header of a
// public page can show it without loading the query library or the API client (issue 7 budget).
// lib/auth.ts (TanStack Query) reads and writes the same store, so both always agree.
//
// `undefined` means "not asked yet", `null` anonymous. An anonymous visitor is never asked: the
// header only calls GET /api/auth/user when this browser has logged in before (a hint in
// localStorage that login sets and logout or a 401 clears). That keeps a first visit to "/" free
// of API calls, and free of the 401 the browser would log as an error. Staff pages always ask the
// server (their guards), so the hint only decides what the public header shows first.

export type SessionUser = User;

const HINT_KEY = "vps.signed-in";

let current: SessionUser | null | undefined;
const listeners = new Set<() => void>();

/** Calls `listener` whenever the user changes (for useSyncExternalStore). */
export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The user if known: a user, null (anonymous) or undefined (not asked yet). */
export function getSessionUser(): SessionUser | null | undefined {
  return current;
}

/** Records who is logged in (null: nobody; undefined: forget, e.g. between tests). */
export function setSessionUser(user: SessionUser | null | undefined) {
  current = user;
  try {
    if (user) window.localStorage.setItem(HINT_KEY, "1");
    else if (user === null) window.localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage refused (private mode): the header then only learns the user on staff pages.
  }
  listeners.forEach((listener) => listener());
}

/** False when this browser has never logged in (or logged out since): no session to ask the server about. */
export function mayBeSignedIn(): boolean {
  try {
    return window.localStorage.getItem(HINT_KEY) === "1";
  } catch {
    return false;
  }
}

/** Tests: forget the user, any request under way and the hint. */
export function forgetSession() {
  current = undefined;
  logoutTarget = null;
  try {
    window.localStorage.removeItem(HINT_KEY);
  } catch {
    // nothing to forget
  }
  listeners.forEach((listener) => listener());
}

/**
 * Where a logout in progress is going. A staff page's guard can re-render with no user before the
 * router has shown the new page; it must then follow the logout, not send the user to /login.
 */
let logoutTarget: string | null = null;

/** Called by the logout as it starts. */
export function setPendingLogout(redirectTo: string) {
  logoutTarget = redirectTo;
}

/** Where an anonymous user on a staff page goes: the logout's target while one is under way, else /login. */
export function anonymousRedirectPath(): string {
  return logoutTarget ?? "/login";
}

/** Called once a public page shows: the logout has arrived. */
export function clearPendingLogout() {
  logoutTarget = null;
}
