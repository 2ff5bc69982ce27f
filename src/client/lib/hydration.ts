import { useSyncExternalStore } from "react";

// Prerendered pages (scripts/build-client.mjs) are hydrated: the first client render must produce
// exactly the HTML the build produced. Anything that depends on the visitor (a saved draft, the URL's
// query string, today's date) is applied right after hydration instead.

const subscribeNever = () => () => {};

/** False while React hydrates prerendered HTML, true in every render after (and in client-only renders). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

// Created on first use: a formatter with a time zone loads time zone data, tens of milliseconds on a
// slow phone that a page should not spend before it is interactive.
let yearFormat: Intl.DateTimeFormat | undefined;

/** The calendar year in Sweden (the company's time zone, rules §9), not in the visitor's. */
export function stockholmYear(date: Date): number {
  yearFormat ??= new Intl.DateTimeFormat("en", { timeZone: "Europe/Stockholm", year: "numeric" });
  return Number(yearFormat.format(date));
}

/**
 * The year the build ran (set by the build for both the prerender and the client, so hydration
 * matches); outside a build (tests, `vite` dev) it is this year.
 */
function buildYear(): number {
  return Number(import.meta.env.VITE_BUILD_YEAR) || stockholmYear(new Date());
}

/** This year in Sweden; the prerendered HTML and hydration use the build's year, then it updates. */
export function useCurrentYear(): number {
  return useSyncExternalStore(subscribeNever, () => stockholmYear(new Date()), buildYear);
}
