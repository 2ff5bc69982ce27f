import { apiFetch } from "@/client/lib/api";
import type { Invoice } from "@/common/schemas/invoices";
import { useInvoiceMutation } from "./cache-invoice";
import type { InvoiceDraftPayload } from "./create-invoice";

/** PUT /api/admin/invoices/{id}: a draft's new content; 409 once it has been sent. */
export function updateInvoice({ id, payload }: { id: number; payload: InvoiceDraftPayload }) {
  return apiFetch<Invoice>(`/api/admin/invoices/${id}`, { method: "PUT", body: payload });
}

export const useUpdateInvoice = () => useInvoiceMutation(updateInvoice);
