import { BRAND } from "./brand";

// The document title of each page with a title of its own (WCAG 2.4.2). The prerendered HTML carries
// the same title (app/page-head.ts); on client-side navigation RootLayout sets it. The booking page
// switches to its confirmation title itself.

export const DEFAULT_TITLE = BRAND;

const withSite = (title: string) => `${title} | ${BRAND}`;

export const PAGE_TITLES: Readonly<Record<string, string>> = {
  "/": withSite("Boka tid för din värmepump"),
  "/booking": withSite("Boka service"),
  "/policies/terms": withSite("Allmänna villkor"),
  "/policies/privacy": withSite("Integritetspolicy"),
  "/policies/cookies": withSite("Cookiepolicy"),
  "/login": withSite("Logga in"),
  "/admin/login": withSite("Administratörsportal"),
  "/admin/blocked-times": withSite("Blockerade tider"),
  "/admin/bookings": withSite("Bokningar"),
  "/admin/bookings/new": withSite("Ny bokning"),
  "/technician": withSite("Teknikerportal"),
  "/admin/protocols": withSite("Installationsprotokoll"),
  "/admin/invoices": withSite("Fakturor"),
  "/admin/invoices/new": withSite("Ny faktura"),
  "/admin/agreements": withSite("Serviceavtal"),
  "/admin/agreements/new": withSite("Nytt serviceavtal"),
  "/admin/refrigerant-register": withSite("Köldmedieregister"),
};

/** Pages whose path ends in a parameter: one title for every path under the prefix. */
const PREFIX_TITLES: readonly (readonly [prefix: string, title: string])[] = [
  ["/booking/shared/", withSite("Din bokning")],
  ["/technician/booking/", withSite("Uppdrag")],
  ["/technician/service/", withSite("Serviceprotokoll")],
  ["/technician/protocols/", withSite("Installationsprotokoll")],
  ["/protocol/", withSite("Installationsprotokoll")],
  ["/faktura/", withSite("Faktura")],
  ["/avtal/", withSite("Serviceavtal")],
];

/** The title of the "Sidan hittades inte" page (any unknown path; the server answers it with 404). */
export const NOT_FOUND_TITLE = withSite("Sidan hittades inte");

/**
 * A page whose title depends on more than its path (the 404 page) sets it here while it shows:
 * RootLayout's effect, which runs after the page's own, uses it instead of pageTitle.
 */
let titleOverride: string | null = null;

export function setTitleOverride(title: string | null): void {
  titleOverride = title;
}

export function currentTitle(pathname: string): string {
  return titleOverride ?? pageTitle(pathname);
}

export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PAGE_TITLES[path] ?? PREFIX_TITLES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? DEFAULT_TITLE;
}
