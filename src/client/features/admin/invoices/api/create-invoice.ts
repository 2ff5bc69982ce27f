import { apiFetch } from "@/client/lib/api";
import type { Invoice, InvoiceDraftInputSchema } from "@/common/schemas/invoices";
import type { z } from "zod";
import { useInvoiceMutation } from "./cache-invoice";

/** A draft as the editor sends it: amounts in öre, personal numbers as their 12 digits. */
export type InvoiceDraftPayload = z.output<typeof InvoiceDraftInputSchema>;

/** POST /api/admin/invoices: 201 the new draft; 400 with a Swedish message (a gone customer, ROT without labour, a negative total). */
export function createInvoice(payload: InvoiceDraftPayload) {
  return apiFetch<Invoice>("/api/admin/invoices", { method: "POST", body: payload });
}

export const useCreateInvoice = () => useInvoiceMutation(createInvoice);
