import { useEffect } from "react";

/** How often a save that found no network is tried again when the browser does not say it is back. */
const RETRY_MS = 15_000;

/**
 * A save that got no answer at all (`waiting` holds what it was) is sent again by itself: the
 * technician in a basement keeps typing instead of pressing the button until it works. The browser
 * knew it was offline: TanStack Query holds the save (isPaused) and sends it when the connection
 * returns. It did not (a basement's flaky network): try again when the browser reports the
 * connection, or every 15 s.
 */
export function useResendWhenOnline<Action extends string>(waiting: Action | null, resend: (action: Action) => void) {
  useEffect(() => {
    if (!waiting) return;
    const retry = () => resend(waiting);
    window.addEventListener("online", retry);
    const timer = window.setInterval(() => navigator.onLine && retry(), RETRY_MS);
    return () => {
      window.removeEventListener("online", retry);
      window.clearInterval(timer);
    };
    // resend is rebuilt every render; the retry uses the form's values at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);
}
