import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BookingLinkView } from "@/common/schemas/booking-links";

export const bookingLinkQueryKey = (token: string) => ["booking-link", token] as const;

/** The API path of a link: /api/booking-links/:token. */
export const bookingLinkPath = (token: string) => `/api/booking-links/${encodeURIComponent(token)}`;

/** GET /api/booking-links/:token: the booking behind the customer's link; 404 when the link is invalid, expired or off. */
export function getBookingLink(token: string, signal?: AbortSignal) {
  return apiFetch<BookingLinkView>(bookingLinkPath(token), { signal });
}

export function useBookingLink(token: string) {
  return useQuery({ queryKey: bookingLinkQueryKey(token), queryFn: ({ signal }) => getBookingLink(token, signal) });
}
