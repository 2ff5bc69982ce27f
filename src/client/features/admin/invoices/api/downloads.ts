// The files the server makes, opened by the browser itself (a link or a plain GET form) so that it
// saves or shows them: no apiFetch, the answers are not JSON.

/** GET /api/admin/invoices/{id}/pdf: a sent invoice's PDF (inline). */
export const invoicePdfUrl = (id: number) => `/api/admin/invoices/${id}/pdf`;

/** GET /api/admin/rot/claims.xml: Skatteverket's claim file for the paid ROT invoices not yet claimed (marks nothing). */
export const ROT_CLAIMS_XML_URL = "/api/admin/rot/claims.xml";

/** GET /api/admin/exports/sie?from=&to=: the bookkeeping export (SIE 4I) of a period. */
export const SIE_EXPORT_URL = "/api/admin/exports/sie";
