import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BookingLinkView } from "@/common/schemas/booking-links";
import { bookingLinkPath, bookingLinkQueryKey } from "./get-booking-link";

/** POST /api/booking-links/:token/confirm: the time a service agreement held for the customer (issue 26). */
export function confirmBooking(token: string) {
  return apiFetch<BookingLinkView>(`${bookingLinkPath(token)}/confirm`, { method: "POST" });
}

/** Confirms the held time; the answer is the page's new state. */
export function useConfirmBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmBooking(token),
    onSuccess: (view) => queryClient.setQueryData(bookingLinkQueryKey(token), view),
    onError: () => queryClient.invalidateQueries({ queryKey: bookingLinkQueryKey(token) }),
  });
}
