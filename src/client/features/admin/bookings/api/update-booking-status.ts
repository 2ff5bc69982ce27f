import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BookingStatus } from "@/common/constants";
import type { AdminBookingDetail } from "@/common/schemas/admin-bookings";
import { adminQueryKey } from "../../lib/query-keys";
import { bookingQueryKey } from "./get-booking";

/** PATCH /api/admin/bookings/{id}/status (rules §4: any status of the list); answers the updated booking. */
export function updateBookingStatus({ id, status }: { id: number; status: BookingStatus }) {
  return apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}/status`, { method: "PATCH", body: { status } });
}

export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSuccess: async (detail) => {
      queryClient.setQueryData(bookingQueryKey(detail.booking.id), detail);
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
}
