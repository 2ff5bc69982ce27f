import { Badge, type BadgeTone } from "@/client/components/ui/badge";
import type { CustomerInvoice } from "@/common/schemas/invoices";
import { invoiceLinkText as text } from "../text";

type Shown = { label: string; tone: BadgeTone };

/** What the customer is told about the invoice: paid, overdue, partly paid, to pay, credited, or a credit note. */
export function customerStatuses(invoice: Pick<CustomerInvoice, "kind" | "status" | "overdue" | "paidOre">): Shown[] {
  if (invoice.kind === "credit") return [{ label: text.status.creditNote, tone: "brand" }];
  if (invoice.status === "credited") return [{ label: text.status.credited, tone: "neutral" }];
  if (invoice.status === "paid") return [{ label: text.status.paid, tone: "success" }];
  const shown: Shown[] = [];
  if (invoice.overdue) shown.push({ label: text.status.overdue, tone: "danger" });
  if (invoice.paidOre > 0) shown.push({ label: text.status.partlyPaid, tone: "warning" });
  return shown.length > 0 ? shown : [{ label: text.status.unpaid, tone: "info" }];
}

export function InvoiceStatus({ invoice }: { invoice: CustomerInvoice }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {customerStatuses(invoice).map((status) => (
        <Badge key={status.label} tone={status.tone}>
          {status.label}
        </Badge>
      ))}
    </span>
  );
}
