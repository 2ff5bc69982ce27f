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
};

export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PAGE_TITLES[path] ?? DEFAULT_TITLE;
}
