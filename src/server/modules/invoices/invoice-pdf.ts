import { PDFDocument } from "pdf-lib";
import { A4, BRAND, MARGIN, MUTED, Writer } from "../../lib/pdf-writer";

// The invoice or credit note as a PDF (issue 25), in the house style of lib/pdf-writer. It carries
// what a full invoice must (ML 2023:200 17 kap. 24 §: issue date, löpnummer, the seller's VAT
// number, both parties' names and addresses, what was supplied and how much, the date of the work,
// the net amount and VAT per rate, the unit prices excl. VAT), "Godkänd för F-skatt" (the payer need
// not withhold tax, and ROT requires it), a credit note's reference to the invoice it changes (17
// kap. 22 §), and with ROT each buyer's full personnummer and the property, as the claim to
// Skatteverket needs them. The amounts come worked out (the money rules in src/common/invoicing);
// this file only lays them out.

export type InvoicePdfInput = {
  kind: "invoice" | "credit";
  number: number;
  creditedNumber: number | null;
  /** YYYY-MM-DD */
  issueDate: string;
  /** YYYY-MM-DD */
  dueDate: string;
  /** YYYY-MM-DD; null when the work was done on the issue date. */
  workDate: string | null;
  ocr: string;
  bankgiro: string;
  paymentTermsDays: number;
  company: { name: string; address: string; orgNumber: string; vatNumber: string; email: string; phone: string; fSkatt: boolean };
  customer: { name: string; address: string; postalCode: string; city: string };
  lines: {
    description: string;
    quantity: number;
    unit: string;
    unitPriceOre: number;
    vatRate: number;
    labour: boolean;
    discountPercent: number;
    netOre: number;
  }[];
  totals: {
    netOre: number;
    vatByRate: { rate: number; netOre: number; vatOre: number }[];
    vatOre: number;
    totalOre: number;
    labourInclVatOre: number;
    rotOre: number;
    toPayBeforeRoundingOre: number;
    roundingOre: number;
    toPayOre: number;
  };
  rot: null | {
    basisLabel: string;
    ratePercent: number;
    /** personalNumber: 12 digits, shown in full (the PDF is one of the two places the law needs it). */
    buyers: { personalNumber: string; name: string | null; sharePercent: number; rotOre: number }[];
    propertyLabel: string;
  };
  paidOre: number;
};

const NBSP = "\u00a0";
const RIGHT = A4.width - MARGIN;
const TABLE_SIZE = 9;
const TABLE_LINE = 12;
/** The right-hand column of the page's top and the totals' labels. */
const SECOND_COLUMN = 320;

/** The table's columns: the description from the margin, each number right-aligned at its right edge. */
const COLUMNS = { quantity: 318, unitPrice: 400, vatRate: 440, net: RIGHT };
const DESCRIPTION_WIDTH = 205;

const kronorPart = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 0, useGrouping: true });
const quantityFormat = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 2 });

/**
 * Öre as Swedish kronor: "1 234,50 kr", "-2 400,00 kr" (a no-break space between the thousands and
 * before "kr", a plain hyphen for minus: Intl's U+2212 is not in WinAnsi). Built from the integers,
 * so no amount is ever divided into a float.
 */
export function formatKronor(ore: number): string {
  const sign = ore < 0 ? "-" : "";
  const whole = Math.trunc(Math.abs(ore) / 100);
  const cents = Math.abs(ore) % 100;
  return `${sign}${kronorPart.format(whole)},${String(cents).padStart(2, "0")}${NBSP}kr`;
}

const percent = (rate: number) => `${rate}${NBSP}%`;

/** "1234567" as Bankgirot writes it, "123-4567" (eight digits: "1234-5678"); anything else as given. */
export function formatBankgiro(bankgiro: string): string {
  const digits = bankgiro.replace(/\D/g, "");
  if (!/^\d{7,8}$/.test(bankgiro.trim())) return bankgiro;
  return `${digits.slice(0, -4)}-${digits.slice(-4)}`;
}

/** Twelve digits as Skatteverket writes a personnummer in full, "19800101-1234"; anything else as given. */
export function formatPersonalNumber(personalNumber: string): string {
  return /^\d{12}$/.test(personalNumber) ? `${personalNumber.slice(0, 8)}-${personalNumber.slice(8)}` : personalNumber;
}

/** "74130" as "741 30"; a postal code already spaced, or foreign, as given. */
const formatPostalCode = (code: string) => (/^\d{5}$/.test(code) ? `${code.slice(0, 3)} ${code.slice(3)}` : code);

const titleOf = (input: InvoicePdfInput) => (input.kind === "credit" ? "Kreditfaktura" : "Faktura");

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${titleOf(input)} ${input.number}`);
  doc.setAuthor(input.company.name);
  doc.setLanguage("sv-SE");
  const w = await Writer.create(doc);

  writeTop(w, input);
  writeCustomer(w, input);
  writeLines(w, input);
  writeTotals(w, input);
  if (input.rot) writeRot(w, input.rot);
  writePayment(w, input);
  w.footers((page, pages) => `${input.company.name} · Org.nr ${input.company.orgNumber} · ${titleOf(input)} ${input.number} · Sida ${page} av ${pages}`);

  return doc.save();
}

/** The company on the left; the title, the invoice's number and dates on the right. */
function writeTop(w: Writer, input: InvoicePdfInput) {
  const top = w.y;
  const { company } = input;
  const width = SECOND_COLUMN - MARGIN - 16;
  w.text(company.name, { size: 13, bold: true, color: BRAND, width });
  w.text(company.address, { size: TABLE_SIZE, width });
  w.text(`Org.nr ${company.orgNumber}`, { size: TABLE_SIZE, width });
  w.text(`Momsreg.nr ${company.vatNumber}`, { size: TABLE_SIZE, width });
  if (company.fSkatt) w.text("Godkänd för F-skatt", { size: TABLE_SIZE, width });
  w.text(`Tel ${company.phone}`, { size: TABLE_SIZE, width });
  w.text(`E-post ${company.email}`, { size: TABLE_SIZE, width });
  const companyBottom = w.y;

  w.y = top;
  w.text(titleOf(input), { size: 20, bold: true, color: BRAND, x: SECOND_COLUMN });
  if (input.kind === "credit" && input.creditedNumber !== null) w.text(`Krediterar faktura ${input.creditedNumber}`, { bold: true, x: SECOND_COLUMN });
  w.y -= 4;
  const invoice = input.kind === "invoice";
  const facts: [string, string | null][] = [
    ["Fakturanummer", String(input.number)],
    ["Fakturadatum", input.issueDate],
    ["Datum för arbetet", input.workDate],
    // A credit note is not paid: no due date, terms or OCR number.
    ["Förfallodatum", invoice ? input.dueDate : null],
    ["Betalningsvillkor", invoice ? `${input.paymentTermsDays} dagar` : null],
    ["OCR-nummer", invoice ? input.ocr : null],
  ];
  for (const [label, value] of facts) {
    if (value === null) continue;
    w.ensure(14);
    w.draw(label, { x: SECOND_COLUMN, color: MUTED });
    w.draw(value, { x: SECOND_COLUMN + 115 });
    w.y -= 14;
  }
  w.y = Math.min(w.y, companyBottom) - 12;
}

function writeCustomer(w: Writer, { customer }: InvoicePdfInput) {
  w.text("Kund", { size: TABLE_SIZE, color: MUTED });
  w.text(customer.name, { bold: true });
  w.text(customer.address);
  w.text(`${formatPostalCode(customer.postalCode)} ${customer.city}`);
  w.y -= 12;
}

function tableHeader(w: Writer) {
  const heading = { size: TABLE_SIZE, bold: true };
  const note = { size: 7, color: MUTED };
  w.draw("Beskrivning", heading);
  w.draw("Antal", { ...heading, x: COLUMNS.quantity, align: "right" });
  w.draw("À-pris", { ...heading, x: COLUMNS.unitPrice, align: "right" });
  w.draw("Moms", { ...heading, x: COLUMNS.vatRate, align: "right" });
  w.draw("Belopp", { ...heading, x: COLUMNS.net, align: "right" });
  w.y -= TABLE_LINE;
  w.draw("exkl. moms", { ...note, x: COLUMNS.unitPrice, align: "right" });
  w.draw("exkl. moms", { ...note, x: COLUMNS.net, align: "right" });
  w.y -= 10;
  w.rule();
  w.y -= 4;
}

/** A line's description with what it is: "Felsökning (arbete, rabatt 10 %)"; the amount is after the discount. */
function lineDescription(line: InvoicePdfInput["lines"][number]): string {
  const notes = [line.labour ? "arbete" : null, line.discountPercent > 0 ? `rabatt ${line.discountPercent} %` : null].filter(Boolean);
  return notes.length > 0 ? `${line.description} (${notes.join(", ")})` : line.description;
}

/** The lines as a table; a page break repeats the table's header on the new page. */
function writeLines(w: Writer, { lines }: InvoicePdfInput) {
  w.ensure(3 * TABLE_LINE + 30);
  tableHeader(w);
  w.onNewPage = () => tableHeader(w);
  for (const line of lines) {
    const description = w.wrap(lineDescription(line), DESCRIPTION_WIDTH, { size: TABLE_SIZE });
    w.ensure(description.length * TABLE_LINE + 2);
    const cell = { size: TABLE_SIZE, align: "right" as const };
    w.draw(`${quantityFormat.format(line.quantity)} ${line.unit}`, { ...cell, x: COLUMNS.quantity });
    w.draw(formatKronor(line.unitPriceOre), { ...cell, x: COLUMNS.unitPrice });
    w.draw(percent(line.vatRate), { ...cell, x: COLUMNS.vatRate });
    w.draw(formatKronor(line.netOre), { ...cell, x: COLUMNS.net });
    for (const text of description) {
      w.draw(text, { size: TABLE_SIZE });
      w.y -= TABLE_LINE;
    }
    w.y -= 2;
  }
  w.onNewPage = null;
  w.rule();
  w.y -= 8;
}

type TotalRow = { label: string; ore: number; bold?: boolean };

/** What is left to pay after payments already received; the amount to pay itself before any. */
const remainingOre = (input: InvoicePdfInput) => input.totals.toPayOre - input.paidOre;

function totalRows(input: InvoicePdfInput): TotalRow[] {
  const { totals } = input;
  const rows: TotalRow[] = [{ label: "Summa exkl. moms", ore: totals.netOre }];
  for (const vat of totals.vatByRate) rows.push({ label: `Moms ${percent(vat.rate)} på ${formatKronor(vat.netOre)}`, ore: vat.vatOre });
  rows.push({ label: "Summa inkl. moms", ore: totals.totalOre });
  if (input.rot) {
    rows.push({ label: "Arbetskostnad inkl. moms", ore: totals.labourInclVatOre });
    rows.push({ label: `Avgår rotavdrag (${percent(input.rot.ratePercent)})`, ore: -totals.rotOre });
  }
  rows.push({ label: "Öresavrundning", ore: totals.roundingOre });
  rows.push({ label: "Att betala", ore: totals.toPayOre, bold: true });
  if (input.paidOre !== 0) {
    rows.push({ label: "Inbetalt", ore: -input.paidOre });
    rows.push({ label: "Kvar att betala", ore: remainingOre(input), bold: true });
  }
  return rows;
}

/** The sums, kept together on one page, labels in the right half and amounts at the right edge. */
function writeTotals(w: Writer, input: InvoicePdfInput) {
  const rows = totalRows(input);
  w.ensure(rows.length * 16);
  for (const row of rows) {
    const size = row.bold ? 11 : 10;
    w.draw(row.label, { x: SECOND_COLUMN - 40, size, bold: row.bold });
    w.draw(formatKronor(row.ore), { x: RIGHT, align: "right", size, bold: row.bold });
    w.y -= size + 5;
  }
}

/** Who gets the ROT deduction, on what basis, for which property (the claim to Skatteverket needs each). */
function writeRot(w: Writer, rot: NonNullable<InvoicePdfInput["rot"]>) {
  w.ensure((rot.buyers.length + 2) * 14 + 40);
  w.heading("Rotavdrag");
  w.text(`Underlag: ${rot.basisLabel}`);
  for (const buyer of rot.buyers) {
    const name = buyer.name ? ` ${buyer.name}` : "";
    w.text(`Köpare ${formatPersonalNumber(buyer.personalNumber)}${name}, andel ${percent(buyer.sharePercent)}, rotavdrag ${formatKronor(buyer.rotOre)}`);
  }
  w.text(`Fastighet: ${rot.propertyLabel}`);
}

function writePayment(w: Writer, input: InvoicePdfInput) {
  if (input.kind === "credit") {
    w.heading("Kreditering");
    const credited = input.creditedNumber !== null ? ` avser faktura ${input.creditedNumber} och` : "";
    w.text(`Kreditfakturan${credited} ska inte betalas.`);
    return;
  }
  // The bankgiro, the OCR number, the amount and the date together on one page.
  w.ensure(6 * 14 + 40);
  w.heading("Betalning");
  w.text(`Bankgiro ${formatBankgiro(input.bankgiro)}`, { bold: true });
  w.text(`OCR-nummer ${input.ocr}`, { bold: true });
  if (input.paidOre !== 0 && remainingOre(input) <= 0) {
    w.text("Fakturan är betald.");
    return;
  }
  w.text(`${input.paidOre !== 0 ? "Kvar att betala" : "Att betala"} ${formatKronor(remainingOre(input))}`);
  w.text(`Betalas senast ${input.dueDate}`);
  w.text("Ange endast OCR-numret som referens när du betalar. Med annan referens kan betalningen inte kopplas till fakturan.", { size: TABLE_SIZE });
}
