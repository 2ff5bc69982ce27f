import { useEffect, useSyncExternalStore } from "react";
import { getSessionUser, mayBeSignedIn, subscribe, type SessionUser } from "./session-store";

// The session store (session-store.ts) and the header's hook onto it. The store lives in its own
// module so that session-fetch, loaded from here on demand, can write to it without importing this one.
export {
  anonymousRedirectPath,
  clearPendingLogout,
  forgetSession,
  getSessionUser,
  mayBeSignedIn,
  setPendingLogout,
  setSessionUser,
  type SessionUser,
} from "./session-store";

/**
 * The user for the site header: undefined while unknown (rendered like anonymous, which is also what
 * the prerendered HTML shows, so hydration matches), then the user or null.
 */
export function useSessionUser(): SessionUser | null | undefined {
  const user = useSyncExternalStore(subscribe, getSessionUser, () => undefined);
  useEffect(() => {
    if (getSessionUser() === undefined && mayBeSignedIn()) {
      import("./session-fetch").then((module) => module.fetchSessionUser()).catch(() => {});
    }
  }, []);
  return user;
}
