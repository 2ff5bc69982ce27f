import { apiFetch } from "@/client/lib/api";
import type { Agreement } from "@/common/schemas/agreements";
import { useAgreementMutation } from "./cache-agreement";

/**
 * POST /api/admin/agreements/{id}/propose-visit (no body): the next visit month's first free time is
 * held for the customer now, as the morning job would; refused with the reason (already proposed, no
 * free time, not active).
 */
export function proposeVisit(id: number) {
  return apiFetch<Agreement>(`/api/admin/agreements/${id}/propose-visit`, { method: "POST" });
}

export const useProposeVisit = () => useAgreementMutation(proposeVisit);
