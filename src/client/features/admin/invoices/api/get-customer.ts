import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CustomerDetail } from "@/common/schemas/customers";
import { invoicesQueryKey } from "./get-invoices";

/**
 * GET /api/customers/{id}: the customer an invoice from a visit is for, so the editor can show who
 * it is (the from-booking answer carries only the id).
 */
export function getCustomer(id: number, signal?: AbortSignal) {
  return apiFetch<CustomerDetail>(`/api/customers/${id}`, { signal });
}

export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: [...invoicesQueryKey, "customer", id ?? 0],
    queryFn: ({ signal }) => getCustomer(id as number, signal),
    enabled: id !== null,
    staleTime: 30_000,
  });
}
