import { apiFetch } from "@/client/lib/api";
import type { Agreement, AgreementInputSchema } from "@/common/schemas/agreements";
import type { z } from "zod";
import { useAgreementMutation } from "./cache-agreement";

/** An agreement as the form sends it: the yearly price in öre, the month 1–12. */
export type AgreementPayload = z.output<typeof AgreementInputSchema>;

/**
 * POST /api/admin/agreements: 201 the new agreement (pending; the customer is e-mailed the link);
 * refused (4xx) with a Swedish message (a product not the customer's, a product already covered).
 */
export function createAgreement(payload: AgreementPayload) {
  return apiFetch<Agreement>("/api/admin/agreements", { method: "POST", body: payload });
}

export const useCreateAgreement = () => useAgreementMutation(createAgreement);
