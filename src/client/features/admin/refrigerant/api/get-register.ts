import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { RegisterFilter, RegisterList } from "@/common/schemas/refrigerant";
import { adminQueryKey } from "../../lib/query-keys";

export const registerQueryKey = (status: RegisterFilter) => [...adminQueryKey, "refrigerant-register", status] as const;

/** GET /api/admin/refrigerant-register?status=: the units with a check duty, overdue first, and the counts per status. */
export function getRegister(status: RegisterFilter, signal?: AbortSignal) {
  return apiFetch<RegisterList>(`/api/admin/refrigerant-register?status=${encodeURIComponent(status)}`, { signal });
}

export function useRegister(status: RegisterFilter) {
  return useQuery({ queryKey: registerQueryKey(status), queryFn: ({ signal }) => getRegister(status, signal), placeholderData: keepPreviousData });
}
