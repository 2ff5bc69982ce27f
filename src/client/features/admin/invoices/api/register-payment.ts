import { apiFetch } from "@/client/lib/api";
import type { Invoice } from "@/common/schemas/invoices";
import { useInvoiceMutation } from "./cache-invoice";

/** POST /api/admin/invoices/{id}/payments: a payment, part payments allowed; 400 when it is larger than what is left or in the future. */
export function registerPayment({ id, paidOn, amountOre }: { id: number; paidOn: string; amountOre: number }) {
  return apiFetch<Invoice>(`/api/admin/invoices/${id}/payments`, { method: "POST", body: { paidOn, amountOre } });
}

export const useRegisterPayment = () => useInvoiceMutation(registerPayment);
