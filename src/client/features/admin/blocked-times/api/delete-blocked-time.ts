import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import { blockedTimesQueryKey } from "./get-blocked-times";

/** DELETE /api/admin/blocked-time-slots/:id: the times become bookable again at once. */
export function deleteBlockedTime(id: number) {
  return apiFetch<{ ok: true }>(`/api/admin/blocked-time-slots/${id}`, { method: "DELETE" });
}

export function useDeleteBlockedTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlockedTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedTimesQueryKey }),
  });
}
