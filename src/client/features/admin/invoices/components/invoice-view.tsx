import { ExternalLink } from "lucide-react";
import { InvoiceLinesList, InvoiceTotalsList } from "@/client/components/invoice-parts";
import { Link } from "@/client/components/ui/link";
import { formatListDate, formatListDateTime } from "@/common/format";
import { formatOre } from "@/common/invoicing/money";
import type { Invoice } from "@/common/schemas/invoices";
import { formatAddress } from "../../lib/format";
import { invoicesText } from "../text";
import { DetailCard, DetailRow } from "../../components/detail-card";
import { InvoiceActions } from "./invoice-actions";
import { InvoiceStatusBadges } from "./invoice-status-badge";
import { RotCard } from "./rot-card";

const text = invoicesText.view;
const linkClass = "text-brand-700 underline underline-offset-4 hover:text-brand-900";

const dateOrNone = (date: string | null) => (date ? formatListDate(date) : invoicesText.none);

/** Number, dates, OCR, terms and what the invoice is linked to (booking, credit note, the customer's page). */
function DetailsCard({ invoice }: { invoice: Invoice }) {
  return (
    <DetailCard id="invoice-details-heading" title={text.details}>
      <dl className="grid gap-2">
        <DetailRow label={text.number}>{invoice.number ?? invoicesText.none}</DetailRow>
        <DetailRow label={text.ocr}>{invoice.ocr ?? invoicesText.none}</DetailRow>
        <DetailRow label={text.issueDate}>{dateOrNone(invoice.issueDate)}</DetailRow>
        <DetailRow label={text.dueDate}>{dateOrNone(invoice.dueDate)}</DetailRow>
        {invoice.workDate && <DetailRow label={text.workDate}>{formatListDate(invoice.workDate)}</DetailRow>}
        {invoice.kind === "invoice" && <DetailRow label={text.paymentTerms}>{text.paymentTermsDays(invoice.paymentTermsDays)}</DetailRow>}
        {invoice.sentAt && <DetailRow label={text.sentAt}>{formatListDateTime(invoice.sentAt)}</DetailRow>}
        {invoice.reminderSentAt && <DetailRow label={text.reminderSentAt}>{formatListDateTime(invoice.reminderSentAt)}</DetailRow>}
        {invoice.bookingId !== null && (
          <DetailRow label={text.booking}>
            <Link to={`/admin/bookings/${invoice.bookingId}`} className={linkClass}>
              {text.bookingLink(invoice.bookingId)}
            </Link>
          </DetailRow>
        )}
        {invoice.creditedInvoice && (
          <DetailRow label={text.creditedInvoice}>
            <Link to={`/admin/invoices/${invoice.creditedInvoice.id}`} className={linkClass}>
              {invoicesText.title("invoice", invoice.creditedInvoice.number, invoice.creditedInvoice.id)}
            </Link>
          </DetailRow>
        )}
        {invoice.creditNote && (
          <DetailRow label={text.creditNote}>
            <Link to={`/admin/invoices/${invoice.creditNote.id}`} className={linkClass}>
              {invoicesText.title("credit", invoice.creditNote.number, invoice.creditNote.id)}
            </Link>
          </DetailRow>
        )}
        {invoice.status !== "draft" && (
          <DetailRow label={text.customerLink}>
            <a href={invoice.customerUrl} target="_blank" rel="noopener" className={`${linkClass} inline-flex items-center gap-1`}>
              {text.openCustomerLink}
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">{text.opensInNewTab}</span>
            </a>
          </DetailRow>
        )}
      </dl>
    </DetailCard>
  );
}

function CustomerCard({ invoice }: { invoice: Invoice }) {
  const { customer } = invoice;
  return (
    <DetailCard id="invoice-customer-heading" title={text.customer}>
      <address className="grid gap-0.5 not-italic text-slate-900">
        <span className="font-medium">{customer.name}</span>
        <span>{formatAddress(customer)}</span>
        <span className="break-all text-slate-700">{customer.email}</span>
      </address>
    </DetailCard>
  );
}

/** Payments so far, what is paid and what is left. */
function PaymentsCard({ invoice }: { invoice: Invoice }) {
  const left = Math.max(0, invoice.totals.toPayOre - invoice.paidOre);
  return (
    <DetailCard id="invoice-payments-heading" title={text.payments}>
      {invoice.payments.length === 0 ? (
        <p className="text-slate-700">{text.noPayments}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
          {invoice.payments.map((payment) => (
            <li key={payment.id} className="flex justify-between gap-4 p-3">
              <span>
                <span className="sr-only">{text.paidOn}: </span>
                {formatListDate(payment.paidOn)}
              </span>
              <span className="tabular-nums">
                <span className="sr-only">{text.amount}: </span>
                {formatOre(payment.amountOre)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="grid gap-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">{text.paid}</dt>
          <dd className="tabular-nums text-slate-900">{formatOre(invoice.paidOre)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold">
          <dt>{text.left}</dt>
          <dd className="tabular-nums">{formatOre(invoice.status === "credited" ? 0 : left)}</dd>
        </div>
      </dl>
    </DetailCard>
  );
}

/** Everything on an invoice, with the actions its status allows. */
export function InvoiceView({ invoice, today }: { invoice: Invoice; today: string }) {
  const title = invoicesText.title(invoice.kind, invoice.number, invoice.id);
  return (
    <>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <InvoiceStatusBadges invoice={invoice} rot={invoice.rot !== null} />
        </div>
        <p className="text-slate-700">
          {invoice.customer.name} · {formatOre(invoice.totals.toPayOre)}
        </p>
        <InvoiceActions invoice={invoice} title={title} today={today} />
        {invoice.status === "draft" && <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">{text.draftNote}</p>}
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <DetailsCard invoice={invoice} />
        <CustomerCard invoice={invoice} />
      </div>

      <DetailCard id="invoice-lines-heading" title={text.lines}>
        <InvoiceLinesList lines={invoice.lines} showLabour />
        <InvoiceTotalsList totals={invoice.totals} rot={invoice.rot ? { ratePercent: invoice.rot.ratePercent } : null} className="sm:ml-auto sm:w-96" />
      </DetailCard>

      <div className="grid gap-6 lg:grid-cols-2">
        {invoice.kind === "invoice" && invoice.status !== "draft" && <PaymentsCard invoice={invoice} />}
        {invoice.rot && <RotCard invoice={invoice} rot={invoice.rot} today={today} />}
      </div>
    </>
  );
}
