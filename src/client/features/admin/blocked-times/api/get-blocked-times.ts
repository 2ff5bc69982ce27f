import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BlockedTime, BlockedTimeFilter } from "@/common/schemas/blocked-times";

/** Every list of blocked times starts with this key, so a change can refresh them all at once. */
export const blockedTimesQueryKey = ["admin", "blocked-times"] as const;

/** GET /api/admin/blocked-time-slots?filter= (rules §7; §4 filter all, upcoming or past). */
export function getBlockedTimes(filter: BlockedTimeFilter, signal?: AbortSignal) {
  return apiFetch<BlockedTime[]>(`/api/admin/blocked-time-slots?${new URLSearchParams({ filter })}`, { signal });
}

export function useBlockedTimes(filter: BlockedTimeFilter) {
  return useQuery({
    queryKey: [...blockedTimesQueryKey, filter],
    queryFn: ({ signal }) => getBlockedTimes(filter, signal),
  });
}
