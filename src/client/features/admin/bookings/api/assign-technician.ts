import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { PlanningBooking } from "@/common/schemas/planning";
import { adminQueryKey } from "../../lib/query-keys";

/**
 * PUT /api/admin/bookings/{id}/technician: gives the visit to a technician, moves it to another or
 * (null) leaves it unassigned. 409 'Teknikern har redan ett besök som överlappar den här tiden',
 * 422 for a cancelled booking.
 */
export function assignTechnician({ id, technicianId }: { id: number; technicianId: number | null }) {
  return apiFetch<PlanningBooking>(`/api/admin/bookings/${id}/technician`, { method: "PUT", body: { technicianId } });
}

export function useAssignTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignTechnician,
    // The booking's page (its technician and history), the lists and the planning screens.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
