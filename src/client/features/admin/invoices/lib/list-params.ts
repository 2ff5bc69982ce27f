// The list's search, filter and page live in the URL (like the booking list): reload and Back keep
// them, and only values that differ from the defaults are written.
import { INVOICE_LIST_FILTERS } from "@/common/schemas/invoices";
import type { InvoiceListQuery } from "../api/get-invoices";

export const DEFAULT_INVOICE_QUERY: InvoiceListQuery = { q: "", status: "all", page: 1 };

/** The list query from the URL; anything unknown or malformed falls back to its default. */
export function invoiceQueryFromParams(params: URLSearchParams): InvoiceListQuery {
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: status !== null && (INVOICE_LIST_FILTERS as readonly string[]).includes(status) ? (status as InvoiceListQuery["status"]) : "all",
    page: Number.isInteger(page) && page >= 1 && page <= 9999 ? page : 1,
  };
}

/** The URL parameters for a list query, defaults left out. */
export function invoiceQueryToParams(query: InvoiceListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status !== DEFAULT_INVOICE_QUERY.status) params.set("status", query.status);
  if (query.page !== DEFAULT_INVOICE_QUERY.page) params.set("page", String(query.page));
  return params;
}
