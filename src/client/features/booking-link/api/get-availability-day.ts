import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { ServiceType } from "@/common/constants";
import type { AvailabilityDayResponse } from "@/common/schemas/bookings";

/** Every availability answer of this page starts with this key. */
export const availabilityKey = ["booking-link-availability"] as const;

/** GET /api/availability/day (public, rules D8): every slot of a date, each free or not. */
export function getAvailabilityDay(serviceType: ServiceType, date: string, signal?: AbortSignal) {
  return apiFetch<AvailabilityDayResponse>(`/api/availability/day?${new URLSearchParams({ date, serviceType })}`, { signal });
}

/** The slots of the chosen date, asked again each time (someone may have booked meanwhile). */
export function useAvailabilityDay(serviceType: ServiceType, date: string | null) {
  return useQuery({
    queryKey: [...availabilityKey, "day", serviceType, date ?? ""],
    queryFn: ({ signal }) => getAvailabilityDay(serviceType, date as string, signal),
    enabled: !!date,
    staleTime: 0,
  });
}
