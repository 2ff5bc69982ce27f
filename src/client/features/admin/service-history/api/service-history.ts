import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { ServiceHistoryEntry } from "@/common/schemas/products";

/** GET /api/service-history?q: the entries matching the search; the previous list stays while the next loads. */
export function useServiceHistory(q: string) {
  return useQuery({
    queryKey: ["admin", "service-history", q],
    queryFn: ({ signal }) => apiFetch<ServiceHistoryEntry[]>(`/api/service-history?${new URLSearchParams({ q })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
