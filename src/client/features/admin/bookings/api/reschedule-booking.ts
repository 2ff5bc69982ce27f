import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { AdminBookingDetail, RescheduleBooking } from "@/common/schemas/admin-bookings";
import { adminQueryKey } from "../../lib/query-keys";
import { bookingQueryKey } from "./get-booking";
import { slotsQueryKey } from "./get-slots";

/**
 * PATCH /api/admin/bookings/{id} (rules §5 Reschedule): the status becomes 'rescheduled'. 409 when the
 * time is taken or blocked, 422 for a past or unoffered time, each with a Swedish message.
 */
export function rescheduleBooking({ id, ...body }: RescheduleBooking & { id: number }) {
  return apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}`, { method: "PATCH", body });
}

export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleBooking,
    onSuccess: async (detail) => {
      queryClient.setQueryData(bookingQueryKey(detail.booking.id), detail);
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
    // Refused: the dialog's times are read again, so a time taken a moment ago shows who has it.
    onError: () => queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
  });
}
