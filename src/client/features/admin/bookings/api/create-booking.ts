import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { AdminCreateBooking } from "@/common/schemas/admin-bookings";
import { adminQueryKey } from "../../lib/query-keys";
import { slotsQueryKey } from "./get-slots";

/** POST /api/admin/bookings (rules §5 admin create booking): 201 { id }; 409 a taken or blocked time, 422 a time not offered, both with a Swedish message. */
export function createAdminBooking(payload: AdminCreateBooking) {
  return apiFetch<{ id: number }>("/api/admin/bookings", { method: "POST", body: payload });
}

export function useCreateAdminBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
    // Refused (someone took the time a moment ago, or blocked it): the picker shows it as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
  });
}
