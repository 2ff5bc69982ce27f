import { lazy } from "react";

// Budget (bench/run.mjs): /booking must stay under 200 KB of gzip JavaScript before the customer interacts,
// so steps 2-3 and the success screen load on the first interaction (or at once for a draft
// restored on a later step) instead of with the page.
let pending: Promise<typeof import("./later-steps")> | null = null;

/** Starts loading steps 2-3 and the success screen; safe to call any number of times. */
export function preloadLaterSteps() {
  pending ??= import("./later-steps").catch((error: unknown) => {
    pending = null; // a failed download may be retried on the next interaction
    throw error;
  });
  return pending;
}

export const ScheduleStep = lazy(() => preloadLaterSteps().then((m) => ({ default: m.ScheduleStep })));
export const ContactStep = lazy(() => preloadLaterSteps().then((m) => ({ default: m.ContactStep })));
export const BookingSuccess = lazy(() => preloadLaterSteps().then((m) => ({ default: m.BookingSuccess })));
