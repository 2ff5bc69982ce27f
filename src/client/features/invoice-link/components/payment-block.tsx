import { formatListDate } from "@/common/format";
import { formatOre } from "@/common/invoicing/money";
import type { CustomerInvoice } from "@/common/schemas/invoices";
import { invoiceLinkText as text } from "../text";
import { Row, Section } from "@/client/components/link-page-section";

/** How to pay what is left: bankgiro, OCR number, amount and due date, the numbers large enough to copy from. */
export function PaymentBlock({ invoice }: { invoice: CustomerInvoice }) {
  const leftOre = Math.max(0, invoice.totals.toPayOre - invoice.paidOre);
  return (
    <Section id="invoice-payment-heading" title={text.payment.heading} className={invoice.overdue ? "border-red-300" : undefined}>
      {invoice.overdue && (
        <p role="status" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {text.overdueNote}
        </p>
      )}
      <dl className="grid gap-2">
        {invoice.company && (
          <Row label={text.payment.bankgiro}>
            <span className="text-lg font-semibold tabular-nums">{invoice.company.bankgiro}</span>
          </Row>
        )}
        {invoice.ocr && (
          <Row label={text.payment.ocr}>
            <span className="text-lg font-semibold tabular-nums">{invoice.ocr}</span>
          </Row>
        )}
        <Row label={text.payment.amount}>
          <span className="text-lg font-semibold tabular-nums">{formatOre(leftOre)}</span>
        </Row>
        {invoice.dueDate && <Row label={text.payment.dueDate}>{formatListDate(invoice.dueDate)}</Row>}
        {invoice.paidOre > 0 && <Row label={text.payment.paid}>{formatOre(invoice.paidOre)}</Row>}
      </dl>
      <p className="text-sm text-slate-700">{text.payment.ocrHint}</p>
    </Section>
  );
}
