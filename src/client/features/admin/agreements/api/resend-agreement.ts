import { apiFetch } from "@/client/lib/api";
import type { Agreement } from "@/common/schemas/agreements";
import { useAgreementMutation } from "./cache-agreement";

/** POST /api/admin/agreements/{id}/resend (no body): e-mails the customer the acceptance link again; refused with 'Avtalet väntar inte på godkännande.' */
export function resendAgreement(id: number) {
  return apiFetch<Agreement>(`/api/admin/agreements/${id}/resend`, { method: "POST" });
}

export const useResendAgreement = () => useAgreementMutation(resendAgreement);
