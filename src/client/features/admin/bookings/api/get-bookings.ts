import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { AdminBookingList, AdminBookingListQuery } from "@/common/schemas/admin-bookings";
import { adminBookingsQueryKey } from "../../lib/query-keys";

export const bookingListQueryKey = (query: AdminBookingListQuery) => [...adminBookingsQueryKey, "list", query] as const;

/** GET /api/admin/bookings: one page of bookings; search, filters, sorting and paging are the server's (issue 14). */
export function getBookings(query: AdminBookingListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    search: query.search,
    status: query.status,
    serviceType: query.serviceType,
    sort: query.sort,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return apiFetch<AdminBookingList>(`/api/admin/bookings?${params}`, { signal });
}

/**
 * The list for the filters in the URL. The previous page stays on screen while the next one loads
 * (no flashing table while typing); refetched whenever the list is opened again, since other staff
 * and customers change bookings meanwhile.
 */
export function useBookings(query: AdminBookingListQuery) {
  return useQuery({
    queryKey: bookingListQueryKey(query),
    queryFn: ({ signal }) => getBookings(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
