import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { InvoiceFromBookingSchema } from "@/common/schemas/invoices";
import type { z } from "zod";
import { invoicesQueryKey } from "./get-invoices";

export type InvoiceFromBooking = z.output<typeof InvoiceFromBookingSchema>;

/**
 * GET /api/admin/invoices/from-booking/{id}: what an invoice for a completed visit starts with (its
 * service report as lines, whether ROT is likely); 400 when the visit is not completed, 404 when it is gone.
 */
export function getInvoiceFromBooking(bookingId: number, signal?: AbortSignal) {
  return apiFetch<InvoiceFromBooking>(`/api/admin/invoices/from-booking/${bookingId}`, { signal });
}

export function useInvoiceFromBooking(bookingId: number | null) {
  return useQuery({
    queryKey: [...invoicesQueryKey, "from-booking", bookingId ?? 0],
    queryFn: ({ signal }) => getInvoiceFromBooking(bookingId as number, signal),
    enabled: bookingId !== null,
    staleTime: 0,
  });
}
