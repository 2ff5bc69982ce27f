import type { BadgeTone } from "@/client/components/ui/badge";
import type { InvoiceStatus } from "@/common/schemas/invoices";

/** What a status badge can say: the stored status, or for a sent invoice whether it is overdue or partly paid. */
export type DisplayStatus = InvoiceStatus | "overdue" | "partly-paid";

export const DISPLAY_STATUS_TONES: Record<DisplayStatus, BadgeTone> = {
  draft: "neutral",
  sent: "info",
  "partly-paid": "warning",
  overdue: "danger",
  paid: "success",
  credited: "brand",
};

/**
 * The badges of an invoice: a sent invoice past its due date is 'Förfallen', one with a part paid
 * 'Delbetald' (both when both hold), otherwise 'Skickad'; the other statuses as they are.
 */
export function displayStatuses(invoice: { status: InvoiceStatus; overdue: boolean; paidOre: number }): DisplayStatus[] {
  if (invoice.status !== "sent") return [invoice.status];
  const shown: DisplayStatus[] = [];
  if (invoice.overdue) shown.push("overdue");
  if (invoice.paidOre > 0) shown.push("partly-paid");
  return shown.length > 0 ? shown : ["sent"];
}
