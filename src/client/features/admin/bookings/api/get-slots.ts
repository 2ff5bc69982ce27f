import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import { isIsoDate, isServiceType } from "@/common/booking-rules";
import type { AdminSlots } from "@/common/schemas/admin-bookings";
import { adminBookingsQueryKey } from "../../lib/query-keys";

/** Under the bookings' key: every booking change (create, reschedule, status) refreshes the pickers too. */
export const slotsQueryKey = [...adminBookingsQueryKey, "slots"] as const;

/** GET /api/admin/slots: the new-booking form's times of a date, each free, taken (by whom), blocked (why), past or on a full day. */
export function getAdminSlots(serviceType: string, date: string, signal?: AbortSignal) {
  return apiFetch<AdminSlots>(`/api/admin/slots?${new URLSearchParams({ serviceType, date })}`, { signal });
}

/** GET /api/admin/bookings/{id}/slots: the reschedule dialog's times of a date; the booking's own time does not count as taken. */
export function getRescheduleSlots(id: number, date: string, signal?: AbortSignal) {
  return apiFetch<AdminSlots>(`/api/admin/bookings/${id}/slots?${new URLSearchParams({ date })}`, { signal });
}

/** Asked once a service and a valid date are chosen; always fresh (someone may have booked a moment ago). */
export function useAdminSlots(serviceType: string, date: string) {
  return useQuery({
    queryKey: [...slotsQueryKey, "new", serviceType, date],
    queryFn: ({ signal }) => getAdminSlots(serviceType, date, signal),
    enabled: isServiceType(serviceType) && isIsoDate(date),
    staleTime: 0,
  });
}

export function useRescheduleSlots(id: number, date: string, enabled = true) {
  return useQuery({
    queryKey: [...slotsQueryKey, "reschedule", id, date],
    queryFn: ({ signal }) => getRescheduleSlots(id, date, signal),
    enabled: enabled && isIsoDate(date),
    staleTime: 0,
  });
}
