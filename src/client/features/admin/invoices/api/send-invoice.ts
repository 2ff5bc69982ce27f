import { apiFetch } from "@/client/lib/api";
import type { Invoice } from "@/common/schemas/invoices";
import { useInvoiceMutation } from "./cache-invoice";

/** POST /api/admin/invoices/{id}/send: gives a draft its number, dates and OCR and e-mails it; 409 'Fakturan är redan skickad'. */
export function sendInvoice(id: number) {
  return apiFetch<Invoice>(`/api/admin/invoices/${id}/send`, { method: "POST" });
}

export const useSendInvoice = () => useInvoiceMutation(sendInvoice);
