import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CustomerDetail } from "@/common/schemas/customers";
import { agreementsQueryKey } from "./get-agreements";

/** GET /api/customers/{id}: the picked customer with their products, one of which the agreement covers. */
export function getCustomer(id: number, signal?: AbortSignal) {
  return apiFetch<CustomerDetail>(`/api/customers/${id}`, { signal });
}

export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: [...agreementsQueryKey, "customer", id ?? 0],
    queryFn: ({ signal }) => getCustomer(id as number, signal),
    enabled: id !== null,
    staleTime: 30_000,
  });
}
