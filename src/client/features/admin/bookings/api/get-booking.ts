import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { AdminBookingDetail } from "@/common/schemas/admin-bookings";
import { adminBookingsQueryKey } from "../../lib/query-keys";

export const bookingQueryKey = (id: number) => [...adminBookingsQueryKey, "detail", id] as const;

/** GET /api/admin/bookings/{id}: the booking, its contact copy and customer record, images, link and history. 404 'Bokning hittades inte'. */
export function getBooking(id: number, signal?: AbortSignal) {
  return apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}`, { signal });
}

export function useBooking(id: number | null) {
  return useQuery({
    queryKey: bookingQueryKey(id ?? 0),
    queryFn: ({ signal }) => getBooking(id as number, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
