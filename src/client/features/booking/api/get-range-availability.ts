import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { IsoDate } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import type { AvailabilityRangeResponse } from "@/common/schemas/bookings";
import { availabilityQueryKey } from "./get-day-availability";

export const rangeAvailabilityQueryKey = (serviceType: ServiceType, from: IsoDate, to: IsoDate) =>
  [...availabilityQueryKey, "range", serviceType, from, to] as const;

/** GET /api/availability/range: which dates from `from` to `to` have a free slot (rules D8). */
export function getRangeAvailability(serviceType: ServiceType, from: IsoDate, to: IsoDate, signal?: AbortSignal) {
  const query = new URLSearchParams({ from, to, serviceType });
  return apiFetch<AvailabilityRangeResponse>(`/api/availability/range?${query}`, { signal });
}

/**
 * Free dates of the whole booking window in one request (at most 75 days, the endpoint allows 93):
 * the calendar enables only these, and the first of them is selected automatically.
 */
export function useRangeAvailability(serviceType: ServiceType, from: IsoDate, to: IsoDate) {
  return useQuery({
    queryKey: rangeAvailabilityQueryKey(serviceType, from, to),
    queryFn: ({ signal }) => getRangeAvailability(serviceType, from, to, signal),
    staleTime: 0,
  });
}
