import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BookingCreated, CreateBookingRequest } from "@/common/schemas/bookings";
import { availabilityQueryKey } from "./get-day-availability";

/** The 201 answer: the created booking plus the link that downloads its .ics file. */
export type CreatedBooking = BookingCreated;

/** POST /api/bookings (rules §7). 409 when the slot was taken meanwhile, 400/422 with a Swedish message. */
export function createBooking(payload: CreateBookingRequest) {
  return apiFetch<CreatedBooking>("/api/bookings", { method: "POST", body: payload });
}

/** Creates the booking; afterwards (also after a 409) every availability answer is refetched. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityQueryKey }),
  });
}
