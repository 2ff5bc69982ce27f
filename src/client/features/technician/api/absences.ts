import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { Absence } from "@/common/schemas/technician-calendars";
import { technicianQueryKey } from "./visits";

/** GET /api/technician/absences: the logged-in technician's own absences from today on (rules D25). */
export function useOwnAbsences() {
  return useQuery({
    queryKey: [...technicianQueryKey, "absences"],
    queryFn: ({ signal }) => apiFetch<Absence[]>("/api/technician/absences", { signal }),
  });
}
