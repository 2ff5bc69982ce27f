import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { ServiceType } from "@/common/constants";
import type { AvailabilityRangeResponse } from "@/common/schemas/bookings";
import { availabilityKey } from "./get-availability-day";

/** GET /api/availability/range (public, rules D8): which dates from `from` to `to` have a free slot. */
export function getAvailabilityRange(serviceType: ServiceType, from: string, to: string, signal?: AbortSignal) {
  return apiFetch<AvailabilityRangeResponse>(`/api/availability/range?${new URLSearchParams({ from, to, serviceType })}`, { signal });
}

export function useAvailabilityRange(serviceType: ServiceType, from: string, to: string) {
  return useQuery({
    queryKey: [...availabilityKey, "range", serviceType, from, to],
    queryFn: ({ signal }) => getAvailabilityRange(serviceType, from, to, signal),
    staleTime: 0,
  });
}
