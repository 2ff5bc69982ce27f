import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BookingLinkView } from "@/common/schemas/booking-links";
import { bookingLinkPath, bookingLinkQueryKey } from "./get-booking-link";

/** POST /api/booking-links/:token/cancel: at least 24 hours before the visit (rules §9), else 409 with the reason. */
export function cancelBooking(token: string) {
  return apiFetch<BookingLinkView>(`${bookingLinkPath(token)}/cancel`, { method: "POST" });
}

/** Cancels the visit; the answer is the page's new state. */
export function useCancelBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBooking(token),
    onSuccess: (view) => queryClient.setQueryData(bookingLinkQueryKey(token), view),
    // Refused (e.g. too late now): the page shows the current state and its reason.
    onError: () => queryClient.invalidateQueries({ queryKey: bookingLinkQueryKey(token) }),
  });
}
