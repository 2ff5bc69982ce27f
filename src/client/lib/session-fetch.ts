import { setSessionUser, type SessionUser } from "./session-store";
import { libText } from "./text";

// The request behind lib/session's store, in its own module: a first visit to "/" never makes it.

let inflight: Promise<SessionUser | null> | null = null;

/**
 * GET /api/auth/user (rules §6, §7): the user, null on 401; other failures throw
 * 'Kunde inte hämta användardata'. Concurrent callers share one request.
 */
export function fetchSessionUser(): Promise<SessionUser | null> {
  inflight ??= (async () => {
    try {
      let response: Response;
      try {
        response = await fetch("/api/auth/user", { credentials: "include", headers: { Accept: "application/json" } });
      } catch (error) {
        throw new Error(libText.currentUserFailed, { cause: error });
      }
      if (response.status === 401) {
        setSessionUser(null);
        return null;
      }
      if (!response.ok) throw new Error(libText.currentUserFailed, { cause: new Error(`${response.status}: ${response.statusText}`) });
      const user = (await response.json()) as SessionUser;
      setSessionUser(user);
      return user;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}
