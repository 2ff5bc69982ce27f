import { Badge } from "@/client/components/ui/badge";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "@/common/schemas/invoices";
import { DISPLAY_STATUS_TONES, displayStatuses } from "../lib/display-status";
import { invoicesText } from "../text";

/** An invoice's status badges ('Förfallen' and 'Delbetald' for a sent invoice), and 'Rot' for one with a ROT deduction. */
export function InvoiceStatusBadges({ invoice, rot = false }: { invoice: { status: InvoiceStatus; overdue: boolean; paidOre: number }; rot?: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {displayStatuses(invoice).map((status) => (
        <Badge key={status} tone={DISPLAY_STATUS_TONES[status]}>
          {INVOICE_STATUS_LABELS[status]}
        </Badge>
      ))}
      {rot && (
        <Badge tone="neutral" title={invoicesText.rotMarkerLong}>
          <span aria-hidden="true">{invoicesText.rotMarker}</span>
          <span className="sr-only">{invoicesText.rotMarkerLong}</span>
        </Badge>
      )}
    </span>
  );
}
