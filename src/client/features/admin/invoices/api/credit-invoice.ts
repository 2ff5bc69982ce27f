import { apiFetch } from "@/client/lib/api";
import type { Invoice } from "@/common/schemas/invoices";
import { useInvoiceMutation } from "./cache-invoice";

/** POST /api/admin/invoices/{id}/credit: 201 the credit note for the whole invoice; 409 while its ROT claim awaits Skatteverket's decision. */
export function creditInvoice(id: number) {
  return apiFetch<Invoice>(`/api/admin/invoices/${id}/credit`, { method: "POST" });
}

export const useCreditInvoice = () => useInvoiceMutation(creditInvoice);
