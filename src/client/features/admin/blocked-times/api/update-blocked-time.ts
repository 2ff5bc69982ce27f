import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BlockedTimeInput, BlockedTimeSaved } from "@/common/schemas/blocked-times";
import { blockedTimesQueryKey } from "./get-blocked-times";

/** PATCH /api/admin/blocked-time-slots/:id with the whole blocked time (rules §7 "same"). */
export function updateBlockedTime({ id, input }: { id: number; input: BlockedTimeInput }) {
  return apiFetch<BlockedTimeSaved>(`/api/admin/blocked-time-slots/${id}`, { method: "PATCH", body: input });
}

export function useUpdateBlockedTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlockedTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedTimesQueryKey }),
  });
}
