import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BlockedTimeInput, BlockedTimeSaved } from "@/common/schemas/blocked-times";
import { blockedTimesQueryKey } from "./get-blocked-times";

/** POST /api/admin/blocked-time-slots: the blocked time and the active bookings inside it. */
export function createBlockedTime(input: BlockedTimeInput) {
  return apiFetch<BlockedTimeSaved>("/api/admin/blocked-time-slots", { method: "POST", body: input });
}

export function useCreateBlockedTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlockedTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedTimesQueryKey }),
  });
}
