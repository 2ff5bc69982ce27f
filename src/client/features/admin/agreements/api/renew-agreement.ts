import { apiFetch } from "@/client/lib/api";
import type { Agreement } from "@/common/schemas/agreements";
import { useAgreementMutation } from "./cache-agreement";

/** POST /api/admin/agreements/{id}/renew (no body): one more year for an agreement that does not renew itself; refused with 'Avtalet förnyas automatiskt och behöver inte förnyas.' */
export function renewAgreement(id: number) {
  return apiFetch<Agreement>(`/api/admin/agreements/${id}/renew`, { method: "POST" });
}

export const useRenewAgreement = () => useAgreementMutation(renewAgreement);
