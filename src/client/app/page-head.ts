import { COMPANY_PLACEHOLDERS, companyStructuredData } from "@/common/company";
import { COMPANY } from "@/common/constants";
import { DEFAULT_TITLE, NOT_FOUND_TITLE, pageTitle } from "./page-titles";

// The <head> of each prerendered page: title, meta description, Open Graph, and on "/" the company
// as schema.org structured data. Used only by the build (entry-server.tsx), never shipped to browsers.

export type PrerenderedPage = {
  path: string;
  /** The file under dist/client the server answers `path` with. */
  file: string;
  description: string;
  /**
   * The stylesheets in its head: "landing" is the entry's own (src/client/styles.css, only what "/"
   * shows); "public" adds the whole public sheet (src/client/public.css) after it, which the page's
   * chunk loads anyway, so the page is styled before any script runs.
   */
  stylesheet: "landing" | "public";
  /** Structured data for the page, written as <script type="application/ld+json">. */
  structuredData?: (origin: string | null) => object;
};

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  {
    path: "/",
    file: "index.html",
    description:
      "Boka service, installation, felsökning eller ett kostnadsfritt hembesök för din värmepump online. Bekräftelse direkt – bokat på ca 2 minuter.",
    stylesheet: "landing",
    // Placeholders the server fills with the company's current details (rules D11).
    structuredData: (origin) => companyStructuredData(COMPANY_PLACEHOLDERS, origin),
  },
  {
    path: "/booking",
    file: "booking/index.html",
    stylesheet: "public",
    description:
      "Boka service, installation, felsökning eller ett kostnadsfritt hembesök för din värmepump i tre steg: välj tjänst, välj tid och fyll i dina uppgifter.",
  },
  {
    path: "/policies/terms",
    file: "policies/terms/index.html",
    stylesheet: "public",
    description: `Allmänna villkor för bokning av service, installation, felsökning och hembesök hos ${COMPANY.shortName}: avbokning, betalning, garanti och reklamation.`,
  },
  {
    path: "/policies/privacy",
    file: "policies/privacy/index.html",
    stylesheet: "public",
    description: `Så behandlar ${COMPANY.shortName} dina personuppgifter när du bokar service eller installation av värmepump, och vilka rättigheter du har.`,
  },
  {
    path: "/policies/cookies",
    file: "policies/cookies/index.html",
    stylesheet: "public",
    description: `Vilka cookies ${COMPANY.shortName} använder, varför och hur länge de sparas, och hur du ändrar dina inställningar.`,
  },
];

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** JSON inside <script>: `<` escaped so no "</script>" or "<!--" can end or change the block. */
function scriptJson(data: object): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The page's head tags. `origin` (PUBLIC_URL at build time) adds the absolute og:url and canonical
 * link; without it they are left out rather than pointing at a guessed address.
 */
export function pageHead(page: PrerenderedPage, origin: string | null): string {
  const title = pageTitle(page.path);
  const url = origin ? `${origin}${page.path}` : null;
  const tags = [
    `<title>${escapeAttribute(title)}</title>`,
    `<meta name="description" content="${escapeAttribute(page.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeAttribute(COMPANY.shortName)}" />`,
    `<meta property="og:locale" content="sv_SE" />`,
    `<meta property="og:title" content="${escapeAttribute(title)}" />`,
    `<meta property="og:description" content="${escapeAttribute(page.description)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ];
  if (url) tags.push(`<meta property="og:url" content="${escapeAttribute(url)}" />`, `<link rel="canonical" href="${escapeAttribute(url)}" />`);
  // Data, not code: browsers never execute application/ld+json, so the CSP (script-src 'self') allows it.
  if (page.structuredData) tags.push(`<script type="application/ld+json">${scriptJson(page.structuredData(origin))}</script>`);
  return tags.join("\n    ");
}

/** The shell every other path gets (login, staff portals, unknown paths): rendered in the browser, not indexed. */
export const SPA_SHELL_HEAD = [
  `<title>${escapeAttribute(DEFAULT_TITLE)}</title>`,
  `<meta name="description" content="${escapeAttribute(PRERENDERED_PAGES[0].description)}" />`,
  `<meta name="robots" content="noindex" />`,
].join("\n    ");

/**
 * The "Sidan hittades inte" page, prerendered once (`path` is any path no route matches) and sent
 * by the server with HTTP 404 for every unknown path (issue 8). Not indexed, not in the sitemap.
 */
export const NOT_FOUND_PAGE = { path: "/sidan-finns-inte", file: "404.html", stylesheet: "public" } as const;

export const NOT_FOUND_HEAD = [`<title>${escapeAttribute(NOT_FOUND_TITLE)}</title>`, `<meta name="robots" content="noindex" />`].join("\n    ");
