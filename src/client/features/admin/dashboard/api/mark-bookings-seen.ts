import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import { adminOverviewQueryKey } from "../../lib/query-keys";

/** POST /api/admin/overview/seen: from now on only bookings made after this moment count as new for this admin. */
export function markBookingsSeen() {
  return apiFetch<{ ok: true }>("/api/admin/overview/seen", { method: "POST" });
}

export function useMarkBookingsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markBookingsSeen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOverviewQueryKey }),
  });
}
