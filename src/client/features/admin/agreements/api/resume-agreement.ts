import { apiFetch } from "@/client/lib/api";
import type { Agreement } from "@/common/schemas/agreements";
import { useAgreementMutation } from "./cache-agreement";

/** POST /api/admin/agreements/{id}/resume (no body): a paused agreement; refused with 'Avtalet är inte pausat.' */
export function resumeAgreement(id: number) {
  return apiFetch<Agreement>(`/api/admin/agreements/${id}/resume`, { method: "POST" });
}

export const useResumeAgreement = () => useAgreementMutation(resumeAgreement);
