import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { Invoice } from "@/common/schemas/invoices";
import { invoicesQueryKey } from "./get-invoices";

export const invoiceQueryKey = (id: number) => [...invoicesQueryKey, "detail", id] as const;

/** GET /api/admin/invoices/{id}: the invoice with its totals, ROT (identity numbers masked) and payments; 404 'Fakturan finns inte'. */
export function getInvoice(id: number, signal?: AbortSignal) {
  return apiFetch<Invoice>(`/api/admin/invoices/${id}`, { signal });
}

export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: invoiceQueryKey(id ?? 0),
    queryFn: ({ signal }) => getInvoice(id as number, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
