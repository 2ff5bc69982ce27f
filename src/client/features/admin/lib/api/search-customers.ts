import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CustomerSuggestion } from "@/common/schemas/admin-bookings";
import { adminQueryKey } from "../query-keys";

export const customerSearchQueryKey = (q: string) => [...adminQueryKey, "customers", "search", q] as const;

/** GET /api/admin/customers/search?q=: up to 10 customers matching a name, e-mail, phone or address. */
export function searchCustomers(q: string, signal?: AbortSignal) {
  return apiFetch<CustomerSuggestion[]>(`/api/admin/customers/search?${new URLSearchParams({ q })}`, { signal });
}

/** Suggestions for a (debounced) search term; nothing is asked for an empty term. */
export function useCustomerSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: customerSearchQueryKey(term),
    queryFn: ({ signal }) => searchCustomers(term, signal),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
