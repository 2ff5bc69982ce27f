import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { StaffBookingLink } from "@/common/schemas/admin-bookings";
import { bookingQueryKey } from "./get-booking";

export type BookingLinkPatch = { isActive?: boolean; allowClientUpdates?: boolean };

/** PATCH /api/admin/bookings/{id}/link: (de)activate the link, or allow the customer to add images. */
export function updateBookingLink({ id, ...patch }: BookingLinkPatch & { id: number }) {
  return apiFetch<StaffBookingLink>(`/api/admin/bookings/${id}/link`, { method: "PATCH", body: patch });
}

export function useUpdateBookingLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: BookingLinkPatch) => updateBookingLink({ id, ...patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingQueryKey(id) }),
  });
}
