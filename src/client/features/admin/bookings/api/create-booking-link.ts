import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { StaffBookingLink } from "@/common/schemas/admin-bookings";
import { bookingQueryKey } from "./get-booking";

/** POST /api/admin/bookings/{id}/link (rules D9): a new link for the customer; an older one stops working. 201. */
export function createBookingLink({ id, allowClientUpdates }: { id: number; allowClientUpdates: boolean }) {
  return apiFetch<StaffBookingLink>(`/api/admin/bookings/${id}/link`, { method: "POST", body: { allowClientUpdates } });
}

export function useCreateBookingLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowClientUpdates: boolean) => createBookingLink({ id, allowClientUpdates }),
    // The history gains a line too: the whole booking is fetched again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingQueryKey(id) }),
  });
}
