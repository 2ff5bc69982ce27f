import type { CompanyProfile } from "@/common/company";
import { formatOre } from "@/common/invoicing/money";
import type { InvoiceRow } from "./invoices.repository";
import type { OutboxMessage } from "../../jobs/outbox";
import { companyEmailMessage } from "../../lib/email-message";

// The invoices' e-mails (through the outbox, in the transaction that sends): the invoice with its PDF,
// the credit note, the payment reminder. Never an identity number (those are on the PDF only).

const pdfOf = (row: InvoiceRow, prefix: string) => ({
  filename: `${prefix}-${row.number}.pdf`,
  contentType: "application/pdf",
  generate: { kind: "invoice-pdf" as const, invoiceId: row.id },
});

const paymentLine = (row: InvoiceRow) =>
  `Att betala: ${formatOre(row.toPayOre - row.paidOre)} till bankgiro ${row.company?.bankgiro ?? ""} senast ${row.dueDate}. Ange OCR-nummer ${row.ocr}.`;

export function invoiceEmail({ row, company, url }: { row: InvoiceRow; company: CompanyProfile; url: string }): OutboxMessage {
  return {
    ...companyEmailMessage(
      company,
      row.customerEmail,
      `Faktura ${row.number} från ${company.name}`,
      [
        `Hej ${row.customerName}!`,
        `Här kommer faktura ${row.number}. Den finns bifogad som PDF och du kan alltid öppna den igen via länken nedan.`,
        paymentLine(row),
      ],
      { url, label: "Visa fakturan" },
    ),
    attachments: [pdfOf(row, "faktura")],
  };
}

export function creditNoteEmail({
  row,
  creditedNumber,
  company,
  url,
}: {
  row: InvoiceRow;
  creditedNumber: number;
  company: CompanyProfile;
  url: string;
}): OutboxMessage {
  return {
    ...companyEmailMessage(
      company,
      row.customerEmail,
      `Kreditfaktura ${row.number} från ${company.name}`,
      [
        `Hej ${row.customerName}!`,
        `Faktura ${creditedNumber} är krediterad med kreditfaktura ${row.number}, som finns bifogad. Du behöver inte betala faktura ${creditedNumber}.`,
      ],
      { url, label: "Visa kreditfakturan" },
    ),
    attachments: [pdfOf(row, "kreditfaktura")],
  };
}

export function paymentReminderEmail({ row, company, url }: { row: InvoiceRow; company: CompanyProfile; url: string }): OutboxMessage {
  return companyEmailMessage(
    company,
    row.customerEmail,
    `Påminnelse: faktura ${row.number} från ${company.name}`,
    [
      `Hej ${row.customerName}!`,
      `Vi har ännu inte fått betalt för faktura ${row.number}, som förföll ${row.dueDate}. Har du redan betalat kan du bortse från det här meddelandet.`,
      paymentLine(row),
    ],
    { url, label: "Visa fakturan" },
  );
}
