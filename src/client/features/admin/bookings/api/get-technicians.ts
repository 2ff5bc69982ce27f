import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { Technician } from "@/common/schemas/planning";
import { adminQueryKey } from "../../lib/query-keys";

/** GET /api/technicians: the technicians a visit can be given to, by name. */
export function getTechnicians(signal?: AbortSignal) {
  return apiFetch<Technician[]>("/api/technicians", { signal });
}

export function useTechnicians() {
  return useQuery({ queryKey: [...adminQueryKey, "technicians"], queryFn: ({ signal }) => getTechnicians(signal) });
}
