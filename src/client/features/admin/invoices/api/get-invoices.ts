import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { INVOICE_LIST_FILTERS, InvoiceListSchema } from "@/common/schemas/invoices";
import type { z } from "zod";
import { adminQueryKey } from "../../lib/query-keys";

export type InvoiceListFilter = (typeof INVOICE_LIST_FILTERS)[number];
export type InvoiceListQuery = { q: string; status: InvoiceListFilter; page: number };
export type InvoiceList = z.output<typeof InvoiceListSchema>;

/** Every cached answer about invoices: a change to one refreshes the list and its page at once. */
export const invoicesQueryKey = [...adminQueryKey, "invoices"] as const;
export const invoiceListQueryKey = (query: InvoiceListQuery) => [...invoicesQueryKey, "list", query] as const;

/** GET /api/admin/invoices?q=&status=&page=: one page (50) of invoices, newest first; search and filter are the server's. */
export function getInvoices(query: InvoiceListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ status: query.status, page: String(query.page) });
  if (query.q) params.set("q", query.q);
  return apiFetch<InvoiceList>(`/api/admin/invoices?${params}`, { signal });
}

/** The list for the search and filter in the URL; the previous page stays on screen while the next loads. */
export function useInvoices(query: InvoiceListQuery) {
  return useQuery({
    queryKey: invoiceListQueryKey(query),
    queryFn: ({ signal }) => getInvoices(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
