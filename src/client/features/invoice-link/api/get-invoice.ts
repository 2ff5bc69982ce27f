import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CustomerInvoice } from "@/common/schemas/invoices";

export const customerInvoiceQueryKey = (token: string) => ["invoice-link", token] as const;

/** GET /api/invoices/:token: the customer's copy of a sent invoice (no identity numbers); 404 'Fakturan finns inte'. */
export function getCustomerInvoice(token: string, signal?: AbortSignal) {
  return apiFetch<CustomerInvoice>(`/api/invoices/${encodeURIComponent(token)}`, { signal });
}

export function useCustomerInvoice(token: string) {
  return useQuery({ queryKey: customerInvoiceQueryKey(token), queryFn: ({ signal }) => getCustomerInvoice(token, signal) });
}
