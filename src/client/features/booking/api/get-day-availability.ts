import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { IsoDate } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import type { AvailabilityDayResponse } from "@/common/schemas/bookings";

/** Every availability answer starts with this key, so a booking can refresh them all at once. */
export const availabilityQueryKey = ["availability"] as const;

export const dayAvailabilityQueryKey = (serviceType: ServiceType, date: IsoDate) => [...availabilityQueryKey, "day", serviceType, date] as const;

/** GET /api/availability/day: every slot of a date with its availability, in one request (rules D8). */
export function getDayAvailability(serviceType: ServiceType, date: IsoDate, signal?: AbortSignal) {
  const query = new URLSearchParams({ date, serviceType });
  return apiFetch<AvailabilityDayResponse>(`/api/availability/day?${query}`, { signal });
}

/**
 * The slots of the chosen date. Refetched whenever step 2 shows the date again (staleTime 0):
 * someone may have booked meanwhile, and a taken slot must disappear (rules §4).
 */
export function useDayAvailability(serviceType: ServiceType, date: IsoDate | null) {
  return useQuery({
    queryKey: dayAvailabilityQueryKey(serviceType, date ?? ""),
    queryFn: ({ signal }) => getDayAvailability(serviceType, date as IsoDate, signal),
    enabled: !!date,
    staleTime: 0,
  });
}
