import { dateText, monthName, visitMonths } from "@/common/agreements/terms";
import type { CompanyProfile } from "@/common/company";
import { formatKronor, formatOre } from "@/common/invoicing/money";
import type { AgreementRow } from "./agreements.repository";
import type { OutboxMessage } from "../../jobs/outbox";
import { companyEmailMessage } from "../../lib/email-message";

// The agreement's e-mail to the customer (issue 26), queued in the transaction that creates it (or
// resends it): the terms in words and the link to read and accept them.

/** "1 januari 2027" */
export const swedishDate = (date: string): string => dateText(date);

/** "2 400 kr", or "2 400,50 kr" when there are öre. */
export const swedishPrice = (ore: number) => (ore % 100 === 0 ? formatKronor(ore) : formatOre(ore));

/** "april", "april och oktober", "januari, maj och september" */
function monthList(months: number[]): string {
  const names = months.map(monthName);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} och ${names.at(-1)}`;
}

/** "Nibe F2120 (SN 12345)" */
export function productLabel(row: Pick<AgreementRow, "productBrand" | "productModel" | "productSerialNumber">): string {
  const name = [row.productBrand, row.productModel].filter((part) => part && part.trim()).join(" ");
  return row.productSerialNumber ? `${name} (SN ${row.productSerialNumber})` : name;
}

/** The terms, one line each, as the e-mail states them. */
export function agreementTermLines(row: AgreementRow): string[] {
  const visits = row.visitsPerYear === 1 ? "1 servicebesök per år" : `${row.visitsPerYear} servicebesök per år`;
  return [
    `Årspris: ${swedishPrice(row.yearlyPriceOre)}`,
    `Besök: ${visits}, i ${monthList(visitMonths(row.visitMonth, row.visitsPerYear))}`,
    `Rabatt på reparationer: ${row.repairDiscountPercent} %`,
    row.autoRenew ? "Förnyelse: avtalet förnyas automatiskt varje år" : "Förnyelse: avtalet förnyas inte automatiskt",
    `Avtalet börjar gälla: ${swedishDate(row.startDate)}`,
    ...(row.endsOn ? [`Avtalet gäller till och med: ${swedishDate(row.endsOn)}`] : []),
  ];
}

export function agreementEmail({ row, company, url }: { row: AgreementRow; company: CompanyProfile; url: string }): OutboxMessage {
  return companyEmailMessage(
    company,
    row.customerEmail,
    `Serviceavtal för din värmepump från ${company.name}`,
    [
      `Hej ${row.customerName}!`,
      `Här är vårt förslag på serviceavtal för ${productLabel(row)}. Läs villkoren och godkänn avtalet via länken nedan.`,
      ...agreementTermLines(row),
      `Har du frågor om avtalet är du välkommen att kontakta oss på ${company.phone} eller ${company.email}.`,
    ],
    { url, label: "Läs och godkänn avtalet" },
  );
}
