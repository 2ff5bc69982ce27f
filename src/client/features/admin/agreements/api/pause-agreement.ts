import { apiFetch } from "@/client/lib/api";
import type { Agreement } from "@/common/schemas/agreements";
import { useAgreementMutation } from "./cache-agreement";

/** POST /api/admin/agreements/{id}/pause (no body): an active agreement; refused with 'Bara ett aktivt avtal kan pausas.' */
export function pauseAgreement(id: number) {
  return apiFetch<Agreement>(`/api/admin/agreements/${id}/pause`, { method: "POST" });
}

export const usePauseAgreement = () => useAgreementMutation(pauseAgreement);
