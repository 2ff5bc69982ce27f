import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { ServiceReport, ServiceReportResult, TechnicianBooking, TechnicianStatus, TechnicianVisit } from "@/common/schemas/technician";

// The technician portal's calls (rules §7 the /api/technician rows).

export const technicianQueryKey = ["technician"] as const;
const visitKey = (id: number) => [...technicianQueryKey, "visit", id] as const;

/** GET /api/technician/bookings?date=: the visits of one day. */
export function useDayVisits(date: string) {
  return useQuery({
    queryKey: [...technicianQueryKey, "day", date],
    queryFn: ({ signal }) => apiFetch<TechnicianVisit[]>(`/api/technician/bookings?date=${encodeURIComponent(date)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/technician/bookings/upcoming. */
export function useUpcomingVisits() {
  return useQuery({
    queryKey: [...technicianQueryKey, "upcoming"],
    queryFn: ({ signal }) => apiFetch<TechnicianVisit[]>("/api/technician/bookings/upcoming", { signal }),
  });
}

/** GET /api/technician/booking/{id}: 404 'Bokningen kunde inte hittas'. */
export function useVisit(id: number | null) {
  return useQuery({
    queryKey: visitKey(id ?? 0),
    queryFn: ({ signal }) => apiFetch<TechnicianBooking>(`/api/technician/booking/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** PATCH /api/technician/booking/{id}/status: start, or cancel with a reason; answers the visit. */
export function useSetVisitStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TechnicianStatus) => apiFetch<TechnicianBooking>(`/api/technician/booking/${id}/status`, { method: "PATCH", body: change }),
    onSuccess: async (visit) => {
      queryClient.setQueryData(visitKey(id), visit);
      await queryClient.invalidateQueries({ queryKey: technicianQueryKey });
    },
  });
}

/** POST /api/technician/service-history: the report that completes the visit, with its leak check if any (issue 26). */
export function useRegisterService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: ServiceReport) => apiFetch<ServiceReportResult>("/api/technician/service-history", { method: "POST", body: report }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: technicianQueryKey }),
  });
}
