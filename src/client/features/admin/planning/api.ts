import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { PlanningBooking, Technician } from "@/common/schemas/planning";

export const planningKeys = {
  bookings: (from: string, to: string, city: string) => ["admin", "planning", "bookings", from, to, city] as const,
  all: ["admin", "planning"] as const,
};

/** Confirmed bookings of a range (SPEC §4: planning considers only confirmed bookings). */
export function useConfirmedBookings(from: string, to: string, city = "") {
  return useQuery({
    queryKey: planningKeys.bookings(from, to, city),
    queryFn: ({ signal }) => apiFetch<PlanningBooking[]>(`/api/bookings?${new URLSearchParams({ from, to, status: "confirmed", ...(city ? { city } : {}) })}`, { signal }),
  });
}

export const useCities = () => useQuery({ queryKey: ["admin", "planning", "cities"], queryFn: ({ signal }) => apiFetch<string[]>("/api/cities", { signal }) });
export const useTechnicians = () => useQuery({ queryKey: ["admin", "planning", "technicians"], queryFn: ({ signal }) => apiFetch<Technician[]>("/api/technicians", { signal }) });
