import { apiFetch } from "@/client/lib/api";
import type { Invoice } from "@/common/schemas/invoices";
import { useInvoiceMutation } from "./cache-invoice";

/** POST /api/admin/invoices/{id}/rot-decision: Skatteverket's decision on the ROT claim; a refused part becomes a follow-up draft. */
export function decideRot({ id, decidedOn, approvedOre }: { id: number; decidedOn: string; approvedOre: number }) {
  return apiFetch<Invoice>(`/api/admin/invoices/${id}/rot-decision`, { method: "POST", body: { decidedOn, approvedOre } });
}

export const useDecideRot = () => useInvoiceMutation(decideRot);
