import { apiFetch } from "@/client/lib/api";
import type { Agreement } from "@/common/schemas/agreements";
import { useAgreementMutation } from "./cache-agreement";

/**
 * POST /api/admin/agreements/{id}/end {endsOn}: the last day the agreement runs; refused for a day before
 * the start or in the past, and for an agreement that has already ended.
 */
export function endAgreement({ id, endsOn }: { id: number; endsOn: string }) {
  return apiFetch<Agreement>(`/api/admin/agreements/${id}/end`, { method: "POST", body: { endsOn } });
}

export const useEndAgreement = () => useAgreementMutation(endAgreement);
