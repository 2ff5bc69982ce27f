import { Download, FileQuestion } from "lucide-react";
import { useParams } from "react-router";
import { InvoiceLinesList, InvoiceTotalsList } from "@/client/components/invoice-parts";
import { LinkPageStates } from "@/client/components/link-page-states";
import { buttonVariants } from "@/client/components/ui/button";
import { QueryScope } from "@/client/lib/query-scope";
import { formatListDate } from "@/common/format";
import { formatOre } from "@/common/invoicing/money";
import type { CustomerInvoice } from "@/common/schemas/invoices";
import { useCustomerInvoice } from "./api/get-invoice";
import { InvoiceStatus } from "./components/invoice-status";
import { PaymentBlock } from "./components/payment-block";
import { Row, Section } from "@/client/components/link-page-section";
import { invoiceLinkText as text } from "./text";

/**
 * /faktura/{token} (issue 25): the customer's invoice behind the link in its e-mail, with the PDF,
 * how to pay and whether it is paid. Public, in a chunk of its own: no staff code and no zod. Not
 * prerendered (the token is needed); the title comes from app/page-titles.
 */
export default function InvoiceLinkPage() {
  const { token = "" } = useParams();
  return (
    <QueryScope>
      <InvoiceLinkContent key={token} token={token} />
    </QueryScope>
  );
}

function InvoiceLinkContent({ token }: { token: string }) {
  const query = useCustomerInvoice(token);
  return (
    <LinkPageStates
      query={query}
      text={text}
      invalidTitleId="invalid-invoice-title"
      invalidIcon={<FileQuestion className="size-10 text-slate-500" aria-hidden="true" />}
      failedHeading={text.invoiceHeading(null)}
    >
      {(invoice) => <CustomerInvoiceView invoice={invoice} />}
    </LinkPageStates>
  );
}

function StatusNote({ invoice }: { invoice: CustomerInvoice }) {
  if (invoice.kind === "credit") {
    return (
      <p className="rounded-md bg-brand-50 p-3 text-brand-900">
        {text.creditNoteFor(invoice.creditedInvoice?.number ?? null)} {text.creditNoteText}
      </p>
    );
  }
  if (invoice.status === "credited") return <p className="rounded-md bg-slate-100 p-3 text-slate-900">{text.creditedNote}</p>;
  if (invoice.status === "paid" && invoice.paidOn)
    return <p className="rounded-md bg-emerald-50 p-3 text-emerald-900">{text.paidOn(formatListDate(invoice.paidOn))}</p>;
  return null;
}

function CustomerInvoiceView({ invoice }: { invoice: CustomerInvoice }) {
  const heading = invoice.kind === "credit" ? text.creditHeading(invoice.number) : text.invoiceHeading(invoice.number);
  const payable = invoice.kind === "invoice" && invoice.status === "sent";
  const { company, customer } = invoice;
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-6 sm:gap-6 sm:py-10">
      <header className="grid gap-2">
        {company && <p className="text-sm font-medium text-slate-700">{text.from(company.name)}</p>}
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{heading}</h1>
        <InvoiceStatus invoice={invoice} />
        <a href={invoice.pdfUrl} download className={buttonVariants({ className: "mt-2 justify-self-start" })}>
          <Download aria-hidden="true" />
          {text.downloadPdf}
        </a>
      </header>

      <StatusNote invoice={invoice} />
      {payable && <PaymentBlock invoice={invoice} />}

      <Section id="invoice-details-heading" title={text.details.heading}>
        <dl className="grid gap-2">
          {invoice.number !== null && <Row label={text.details.number}>{invoice.number}</Row>}
          {invoice.issueDate && <Row label={text.details.issueDate}>{formatListDate(invoice.issueDate)}</Row>}
          {invoice.kind === "invoice" && invoice.dueDate && <Row label={text.details.dueDate}>{formatListDate(invoice.dueDate)}</Row>}
          {invoice.workDate && <Row label={text.details.workDate}>{formatListDate(invoice.workDate)}</Row>}
          <Row label={text.details.customer}>
            <span className="block">{customer.name}</span>
            <span className="block">{customer.address}</span>
            <span className="block">
              {customer.postalCode} {customer.city}
            </span>
          </Row>
        </dl>
      </Section>

      <Section id="invoice-lines-heading" title={text.lines}>
        <InvoiceLinesList lines={invoice.lines} />
        <InvoiceTotalsList totals={invoice.totals} rot={invoice.rot ? { ratePercent: invoice.rot.ratePercent } : null} className="sm:ml-auto sm:w-96" />
      </Section>

      {invoice.rot && (
        <Section id="invoice-rot-heading" title={text.rot.heading}>
          <p className="text-slate-900">{text.rot.text(invoice.rot.ratePercent, formatOre(Math.abs(invoice.rot.rotOre)))}</p>
          <dl>
            <Row label={text.rot.property}>{invoice.rot.property}</Row>
          </dl>
        </Section>
      )}

      {company && (
        <Section id="invoice-company-heading" title={text.company.heading}>
          <address className="grid gap-0.5 not-italic text-slate-900">
            <span className="font-medium">{company.name}</span>
            <span>{company.address}</span>
          </address>
          <dl className="grid gap-2">
            <Row label={text.company.orgNumber}>{company.orgNumber}</Row>
            <Row label={text.company.vatNumber}>{company.vatNumber}</Row>
            <Row label={text.company.phone}>
              <a href={`tel:${company.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline underline-offset-4">
                {company.phone}
              </a>
            </Row>
            <Row label={text.company.email}>
              <a href={`mailto:${company.email}`} className="break-all text-brand-700 underline underline-offset-4">
                {company.email}
              </a>
            </Row>
          </dl>
          {company.fSkatt && <p className="text-sm text-slate-900">{text.company.fSkatt}</p>}
        </Section>
      )}

      <p className="text-sm text-slate-700">{text.sharing}</p>
    </div>
  );
}
