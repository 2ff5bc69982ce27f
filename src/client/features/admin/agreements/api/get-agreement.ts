import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { Agreement } from "@/common/schemas/agreements";
import { agreementsQueryKey } from "./get-agreements";

export const agreementQueryKey = (id: number) => [...agreementsQueryKey, "detail", id] as const;

/** GET /api/admin/agreements/{id}: the agreement with its terms, acceptance and events; 404 'Avtalet finns inte.'. */
export function getAgreement(id: number, signal?: AbortSignal) {
  return apiFetch<Agreement>(`/api/admin/agreements/${id}`, { signal });
}

export function useAgreement(id: number | null) {
  return useQuery({
    queryKey: agreementQueryKey(id ?? 0),
    queryFn: ({ signal }) => getAgreement(id as number, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
