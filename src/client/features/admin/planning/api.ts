import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { PlanningBooking, Technician } from "@/common/schemas/planning";
import type { Absence, AbsenceInput, TechnicianCalendar, TechnicianCalendarInput } from "@/common/schemas/technician-calendars";

export const planningKeys = {
  bookings: (from: string, to: string, city: string) => ["admin", "planning", "bookings", from, to, city] as const,
  calendars: ["admin", "planning", "calendars"] as const,
  all: ["admin", "planning"] as const,
};

/**
 * The visits of a range still to be made: planned, confirmed, moved or in progress (issue 23; rules
 * §4's "confirmed only" left the others unplanned), each with its status.
 */
export function useActiveBookings(from: string, to: string, city = "") {
  return useQuery({
    queryKey: planningKeys.bookings(from, to, city),
    queryFn: ({ signal }) =>
      apiFetch<PlanningBooking[]>(`/api/bookings?${new URLSearchParams({ from, to, status: "active", ...(city ? { city } : {}) })}`, { signal }),
  });
}

export const useCities = () => useQuery({ queryKey: ["admin", "planning", "cities"], queryFn: ({ signal }) => apiFetch<string[]>("/api/cities", { signal }) });
export const useTechnicians = () =>
  useQuery({ queryKey: ["admin", "planning", "technicians"], queryFn: ({ signal }) => apiFetch<Technician[]>("/api/technicians", { signal }) });

type AssignCallbacks = { onSuccess: (updated: PlanningBooking) => void; onError: (error: Error) => void };

/**
 * PUT /api/admin/bookings/{id}/technician: the visit's technician, or none; the planning lists reload.
 * The callbacks are the mutation's own, so they run even when the caller is gone by the answer.
 */
export function useAssignTechnician(bookingId: number, { onSuccess, onError }: AssignCallbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (technicianId: number | null) =>
      apiFetch<PlanningBooking>(`/api/admin/bookings/${bookingId}/technician`, { method: "PUT", body: { technicianId } }),
    onSuccess: (updated) => {
      onSuccess(updated);
      return queryClient.invalidateQueries({ queryKey: planningKeys.all });
    },
    onError,
  });
}

/** PUT /api/customers/{id}/coordinates: where route optimisation places the customer; the planning lists reload. */
export type CoordinatesInput = { coordinates: { lat: number; lng: number } };

export function useSaveCoordinates(customerId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CoordinatesInput) => apiFetch(`/api/customers/${customerId}/coordinates`, { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKeys.all }),
  });
}

// The technicians' calendars (rules D25). Every change reloads the planning queries: the grid shows
// the absences, and who works when decides which visits a technician can be given.

/** GET /api/admin/technicians: each technician's bookable switch, working days and hours, and absences from today on. */
export const useTechnicianCalendars = () =>
  useQuery({
    queryKey: planningKeys.calendars,
    queryFn: ({ signal }) => apiFetch<TechnicianCalendar[]>("/api/admin/technicians", { signal }),
  });

/** PUT /api/admin/technicians/{id}/calendar: the switch, the days (null: the company's) and the hours (null: the company's). */
export function useSaveTechnicianCalendar(technicianId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TechnicianCalendarInput) =>
      apiFetch<TechnicianCalendar>(`/api/admin/technicians/${technicianId}/calendar`, { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKeys.all }),
  });
}

/** POST /api/admin/technicians/{id}/absences: one absence a day; 409 when the technician has visits in it. */
export function useAddAbsence(technicianId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AbsenceInput) => apiFetch<Absence[]>(`/api/admin/technicians/${technicianId}/absences`, { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKeys.all }),
  });
}

/** DELETE /api/admin/technicians/{id}/absences/{absenceId}: the technician can be booked then again. */
export function useDeleteAbsence(technicianId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (absenceId: number) => apiFetch<{ ok: true }>(`/api/admin/technicians/${technicianId}/absences/${absenceId}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKeys.all }),
  });
}
