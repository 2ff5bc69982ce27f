import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BookingLinkView, MoveBooking } from "@/common/schemas/booking-links";
import { availabilityKey } from "./get-availability-day";
import { bookingLinkPath, bookingLinkQueryKey } from "./get-booking-link";

/**
 * POST /api/booking-links/:token/reschedule {date, timeSlot}: another free time of the same
 * service. 409 when the time was taken (or it is too late), 422 when the rules do not allow it.
 */
export function moveBooking(token: string, target: MoveBooking) {
  return apiFetch<BookingLinkView>(`${bookingLinkPath(token)}/reschedule`, { method: "POST", body: target });
}

/** Moves the visit; the answer is the page's new state. Free times are asked again either way. */
export function useMoveBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: MoveBooking) => moveBooking(token, target),
    onSuccess: (view) => queryClient.setQueryData(bookingLinkQueryKey(token), view),
    onError: () => queryClient.invalidateQueries({ queryKey: bookingLinkQueryKey(token) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKey }),
  });
}
