import { FileText } from "lucide-react";
import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { formatListDate } from "@/common/format";
import { formatOre } from "@/common/invoicing/money";
import type { BookingLinkView } from "@/common/schemas/booking-links";
import { bookingLinkPageText } from "../text";
import { Section } from "./section";

const text = bookingLinkPageText.invoices;

/** One sent invoice of the booking as the link's answer lists it (issue 25), with its own page's path. */
export type BookingLinkInvoice = {
  number: number;
  kind: "invoice" | "credit";
  status: "draft" | "sent" | "paid" | "credited";
  issueDate: string;
  dueDate: string;
  toPayOre: number;
  url: string;
};

/**
 * The booking's invoices, when the answer has any. Read tolerantly: a server without invoicing
 * (or an older answer) has no `invoices` field, and then nothing is shown.
 */
export function invoicesOf(view: BookingLinkView): BookingLinkInvoice[] {
  const invoices = (view as BookingLinkView & { invoices?: unknown }).invoices;
  return Array.isArray(invoices) ? (invoices as BookingLinkInvoice[]) : [];
}

function statusText(invoice: BookingLinkInvoice) {
  if (invoice.kind === "credit") return text.creditNote;
  return text.status[invoice.status];
}

export function BookingInvoices({ view }: { view: BookingLinkView }) {
  const invoices = invoicesOf(view);
  if (invoices.length === 0) return null;
  return (
    <Section id="booking-link-invoices" title={text.heading}>
      <ul className="grid gap-3">
        {invoices.map((invoice) => (
          <li key={invoice.url} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
            <div className="grid gap-0.5 text-sm">
              <p className="font-semibold text-slate-900">
                {text.title(invoice.kind, invoice.number)} · {statusText(invoice)}
              </p>
              <p className="text-slate-700">{text.dates(formatListDate(invoice.issueDate), formatListDate(invoice.dueDate))}</p>
              <p className="tabular-nums text-slate-900">{text.amount(formatOre(invoice.toPayOre))}</p>
            </div>
            <Link to={invoice.url} className={buttonVariants({ variant: "outline", size: "sm", className: "justify-self-start" })}>
              <FileText aria-hidden="true" />
              {text.open}
              <span className="sr-only"> {text.title(invoice.kind, invoice.number)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
