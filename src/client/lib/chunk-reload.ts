import { lazy, type ComponentType } from "react";

// After a deploy, a page that was loaded before it may ask for a lazy chunk whose hashed name no
// longer exists (the server answers 404 for missing /assets files). The fix is to load the new
// build: reload the page once. A timestamp in sessionStorage makes it at most one reload per
// RELOAD_GUARD_MS, so a chunk that is really broken shows the error page instead of a reload loop.

const RELOAD_KEY = "vps.chunk-reload-at";
export const RELOAD_GUARD_MS = 10_000;

/** Reloads the page unless that was already tried in the last RELOAD_GUARD_MS; true when reloading. */
export function reloadAfterChunkError(now = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? "0");
    if (Number.isFinite(last) && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false; // without storage a loop could not be ruled out: show the error page instead
  }
  window.location.reload();
  return true;
}

/** Vite fires `vite:preloadError` when a dynamic import or one of its preloads fails. */
export function installChunkReload() {
  window.addEventListener("vite:preloadError", (event) => {
    // While reloading, the failed import must not surface as an error page first.
    if (reloadAfterChunkError()) event.preventDefault();
  });
}

/** React.lazy whose failed download also triggers the guarded reload (for imports Vite does not wrap). */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy<ComponentType<P>>(() =>
    load().catch((error: unknown) => {
      reloadAfterChunkError();
      throw error;
    }),
  );
}
