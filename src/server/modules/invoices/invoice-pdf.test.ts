import { createRequire } from "node:module";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { formatBankgiro, formatKronor, formatPersonalNumber, renderInvoicePdf, type InvoicePdfInput } from "./invoice-pdf";

// The invoice PDF (issue 25): every field a full Swedish invoice must carry, ROT with each buyer's
// full personnummer, a credit note's reference, many lines over several pages, and names and
// amounts Helvetica's WinAnsi cannot draw as they are. Read back with pdf.js, as a customer's
// viewer would.

/** The text of a PDF, page by page, one drawn line per line; no-break spaces as plain ones. */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const fonts = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;
  // pdf.js takes the buffer over: hand it a copy.
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    const lines = content.items.flatMap((item) => ("str" in item && item.str.trim() ? [item.str.replace(/\u00a0/g, " ")] : []));
    pages.push(lines.join("\n"));
  }
  return pages;
}
const pdfText = async (bytes: Uint8Array) => (await pdfPages(bytes)).join("\n");

/** The research notes' worked example: 8 h labour at 800 kr and 10 000 kr material, ROT 30 % for two buyers. */
const invoice = (overrides: Partial<InvoicePdfInput> = {}): InvoicePdfInput => ({
  kind: "invoice",
  number: 1001,
  creditedNumber: null,
  issueDate: "2026-11-26",
  dueDate: "2026-12-26",
  workDate: "2026-11-20",
  ocr: "1234574",
  bankgiro: "1234567",
  paymentTermsDays: 30,
  company: {
    name: "Värmepumpsservice i Sverige AB",
    address: "Industrivägen 12, 171 48 Solna",
    orgNumber: "559123-4567",
    vatNumber: "SE559123456701",
    email: "info@varmepumpsservice.se",
    phone: "08-123 456 70",
    fSkatt: true,
  },
  customer: { name: "Åsa Öberg", address: "Björkvägen 3", postalCode: "74130", city: "Knivsta" },
  lines: [
    {
      description: "Installation av luft/vattenvärmepump",
      quantity: 8,
      unit: "tim",
      unitPriceOre: 80_000,
      vatRate: 25,
      labour: true,
      discountPercent: 0,
      netOre: 640_000,
    },
    { description: "Nibe F2120-12", quantity: 1, unit: "st", unitPriceOre: 1_000_000, vatRate: 25, labour: false, discountPercent: 0, netOre: 1_000_000 },
  ],
  totals: {
    netOre: 1_640_000,
    vatByRate: [{ rate: 25, netOre: 1_640_000, vatOre: 410_000 }],
    vatOre: 410_000,
    totalOre: 2_050_000,
    labourInclVatOre: 800_000,
    rotOre: 240_000,
    toPayBeforeRoundingOre: 1_810_000,
    roundingOre: 0,
    toPayOre: 1_810_000,
  },
  rot: {
    basisLabel: "arbetskostnaden på fakturans rader",
    ratePercent: 30,
    buyers: [
      { personalNumber: "198001011234", name: "Åsa Öberg", sharePercent: 50, rotOre: 120_000 },
      { personalNumber: "198202023456", name: null, sharePercent: 50, rotOre: 120_000 },
    ],
    propertyLabel: "Knivsta Ängby 1:23",
  },
  paidOre: 0,
  ...overrides,
});

/** An invoice without ROT, two VAT rates and öre to round. */
const twoRates = (): InvoicePdfInput =>
  invoice({
    rot: null,
    lines: [
      { description: "Service av värmepump", quantity: 1.5, unit: "tim", unitPriceOre: 79_900, vatRate: 25, labour: true, discountPercent: 0, netOre: 119_850 },
      { description: "Kaffe till montörerna", quantity: 1, unit: "st", unitPriceOre: 4_590, vatRate: 12, labour: false, discountPercent: 0, netOre: 4_590 },
    ],
    totals: {
      netOre: 124_440,
      vatByRate: [
        { rate: 25, netOre: 119_850, vatOre: 29_963 },
        { rate: 12, netOre: 4_590, vatOre: 551 },
      ],
      vatOre: 30_514,
      totalOre: 154_954,
      labourInclVatOre: 0,
      rotOre: 0,
      toPayBeforeRoundingOre: 154_954,
      roundingOre: 46,
      toPayOre: 155_000,
    },
  });

describe("formatting", () => {
  it("writes öre as Swedish kronor with a plain minus", () => {
    expect(formatKronor(123_450)).toBe("1\u00a0234,50\u00a0kr");
    expect(formatKronor(5)).toBe("0,05\u00a0kr");
    expect(formatKronor(0)).toBe("0,00\u00a0kr");
    expect(formatKronor(-240_000)).toBe("-2\u00a0400,00\u00a0kr");
    expect(formatKronor(-7)).toBe("-0,07\u00a0kr");
    expect(formatKronor(10_000_000_000_000)).toBe("100\u00a0000\u00a0000\u00a0000,00\u00a0kr");
  });

  it("writes a bankgiro number and a personnummer as they are read", () => {
    expect(formatBankgiro("1234567")).toBe("123-4567");
    expect(formatBankgiro("12345678")).toBe("1234-5678");
    expect(formatBankgiro("123-4567")).toBe("123-4567");
    expect(formatPersonalNumber("198001011234")).toBe("19800101-1234");
    expect(formatPersonalNumber("19800101-1234")).toBe("19800101-1234");
  });
});

describe("the invoice PDF", () => {
  it("carries every field a full invoice must, the ROT deduction and how to pay", async () => {
    const pages = await pdfPages(await renderInvoicePdf(invoice()));
    expect(pages).toHaveLength(1);
    const text = pages[0];
    for (const expected of [
      // The invoice's own facts.
      "Faktura",
      "Fakturanummer",
      "1001",
      "Fakturadatum",
      "2026-11-26",
      "Förfallodatum",
      "2026-12-26",
      "Datum för arbetet",
      "2026-11-20",
      "30 dagar",
      // The seller.
      "Värmepumpsservice i Sverige AB",
      "Industrivägen 12, 171 48 Solna",
      "Org.nr 559123-4567",
      "Momsreg.nr SE559123456701",
      "Godkänd för F-skatt",
      "Tel 08-123 456 70",
      "E-post info@varmepumpsservice.se",
      // The buyer.
      "Åsa Öberg",
      "Björkvägen 3",
      "741 30 Knivsta",
      // The lines: what, how much, the unit price excl. VAT, the rate.
      "Installation av luft/vattenvärmepump (arbete)",
      "8 tim",
      "800,00 kr",
      "6 400,00 kr",
      "Nibe F2120-12",
      "10 000,00 kr",
      "25 %",
      // The totals.
      "Summa exkl. moms",
      "16 400,00 kr",
      "Moms 25 % på 16 400,00 kr",
      "4 100,00 kr",
      "Summa inkl. moms",
      "20 500,00 kr",
      "Arbetskostnad inkl. moms",
      "8 000,00 kr",
      "Avgår rotavdrag (30 %)",
      "-2 400,00 kr",
      "Öresavrundning",
      "0,00 kr",
      "Att betala",
      "18 100,00 kr",
      // ROT: both buyers in full, the basis, the property.
      "Köpare 19800101-1234 Åsa Öberg, andel 50 %, rotavdrag 1 200,00 kr",
      "Köpare 19820202-3456, andel 50 %, rotavdrag 1 200,00 kr",
      "Underlag: arbetskostnaden på fakturans rader",
      "Fastighet: Knivsta Ängby 1:23",
      // Payment.
      "Bankgiro 123-4567",
      "OCR-nummer 1234574",
      "Att betala 18 100,00 kr",
      "Betalas senast 2026-12-26",
      "Ange endast OCR-numret som referens",
      "Sida 1 av 1",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Kreditfaktura");
    expect(text).not.toContain("?");
  });

  it("shows VAT per rate, the öre rounded away and no ROT lines without ROT", async () => {
    const text = await pdfText(await renderInvoicePdf(twoRates()));
    expect(text).toContain("1,5 tim");
    expect(text).toContain("799,00 kr");
    expect(text).toContain("1 198,50 kr");
    expect(text).toContain("Moms 25 % på 1 198,50 kr");
    expect(text).toContain("299,63 kr");
    expect(text).toContain("Moms 12 % på 45,90 kr");
    expect(text).toContain("5,51 kr");
    expect(text).toContain("1 549,54 kr");
    expect(text).toMatch(/Öresavrundning\n0,46 kr/);
    expect(text).toMatch(/Att betala\n1 550,00 kr/);
    expect(text).not.toMatch(/rotavdrag|Arbetskostnad inkl\. moms|Fastighet/i);
  });

  it("leaves out the date of the work when there is none and the F-skatt line when the company lacks it", async () => {
    const text = await pdfText(await renderInvoicePdf(invoice({ workDate: null, company: { ...invoice().company, fSkatt: false } })));
    expect(text).not.toContain("Datum för arbetet");
    expect(text).not.toContain("F-skatt");
  });

  it("shows payments received and what is left", async () => {
    const partly = await pdfText(await renderInvoicePdf(invoice({ paidOre: 1_000_000 })));
    expect(partly).toMatch(/Inbetalt\n-10 000,00 kr/);
    expect(partly).toMatch(/Kvar att betala\n8 100,00 kr/);
    expect(partly).toContain("Kvar att betala 8 100,00 kr");
    const paid = await pdfText(await renderInvoicePdf(invoice({ paidOre: 1_810_000 })));
    expect(paid).toContain("Fakturan är betald.");
    expect(paid).not.toContain("Betalas senast");
  });

  it("makes a credit note that names the invoice it credits, with negative amounts and nothing to pay", async () => {
    const original = invoice();
    const negative = (ore: number) => -ore;
    const credit = invoice({
      kind: "credit",
      number: 1002,
      creditedNumber: 1001,
      lines: original.lines.map((line) => ({ ...line, unitPriceOre: -line.unitPriceOre, netOre: -line.netOre })),
      totals: {
        ...original.totals,
        netOre: negative(original.totals.netOre),
        vatByRate: original.totals.vatByRate.map((vat) => ({ rate: vat.rate, netOre: -vat.netOre, vatOre: -vat.vatOre })),
        vatOre: negative(original.totals.vatOre),
        totalOre: negative(original.totals.totalOre),
        labourInclVatOre: negative(original.totals.labourInclVatOre),
        rotOre: negative(original.totals.rotOre),
        toPayBeforeRoundingOre: negative(original.totals.toPayBeforeRoundingOre),
        toPayOre: negative(original.totals.toPayOre),
      },
    });
    const text = await pdfText(await renderInvoicePdf(credit));
    expect(text).toContain("Kreditfaktura");
    expect(text).toContain("Krediterar faktura 1001");
    expect(text).toContain("Kreditfakturan avser faktura 1001 och ska inte betalas.");
    expect(text).toContain("Kreditfaktura 1002 · Sida 1 av 1");
    expect(text).toContain("-800,00 kr");
    expect(text).toContain("-6 400,00 kr");
    expect(text).toContain("Moms 25 % på -16 400,00 kr");
    expect(text).toMatch(/Avgår rotavdrag \(30 %\)\n2 400,00 kr/);
    expect(text).toMatch(/Att betala\n-18 100,00 kr/);
    expect(text).not.toContain("\u2212");
    expect(text).not.toMatch(/Betalas senast|Förfallodatum|OCR-nummer/);
  });

  it("names a line's discount beside its description, with the amount after the discount (issue 26)", async () => {
    const lines = [
      {
        description: "Reparation av kompressor",
        quantity: 2,
        unit: "tim",
        unitPriceOre: 80_000,
        vatRate: 25,
        labour: true,
        discountPercent: 10,
        netOre: 144_000,
      },
      { description: "Kondensator", quantity: 1, unit: "st", unitPriceOre: 50_000, vatRate: 25, labour: false, discountPercent: 0, netOre: 50_000 },
    ];
    const [page] = await pdfPages(await renderInvoicePdf(invoice({ rot: null, lines })));
    expect(page).toContain("Reparation av kompressor (arbete, rabatt 10 %)");
    expect(page).toContain("1 440,00");
    expect(page).toContain("Kondensator");
    expect(page).not.toContain("Kondensator (");
  });

  it("flows 60 lines onto further pages with the table's header on each", async () => {
    const lines = Array.from({ length: 60 }, (_, n) => ({
      description: `Rad ${n + 1}: ${n % 7 === 0 ? "en lång beskrivning som inte ryms på en rad i tabellens smala kolumn för beskrivningar" : "rördelar"}`,
      quantity: 1,
      unit: "st",
      unitPriceOre: 10_000,
      vatRate: 25,
      labour: false,
      discountPercent: 0,
      netOre: 10_000,
    }));
    const pages = await pdfPages(await renderInvoicePdf(invoice({ lines })));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const withLines = pages.filter((page) => /Rad \d+:/.test(page));
    expect(withLines.length).toBeGreaterThanOrEqual(2);
    for (const page of withLines) {
      // The header above the page's first line.
      const header = page.indexOf("Beskrivning\nAntal\nÀ-pris\nMoms\nBelopp\nexkl. moms\nexkl. moms");
      expect(header).toBeGreaterThanOrEqual(0);
      expect(header).toBeLessThan(page.search(/Rad \d+:/));
    }
    pages.forEach((page, index) => expect(page).toContain(`Sida ${index + 1} av ${pages.length}`));
    const all = pages.join("\n");
    for (let n = 1; n <= 60; n += 1) expect(all).toContain(`Rad ${n}:`);
    // Every line once; the totals and the payment after the last.
    expect(all.match(/Rad \d+:/g)).toHaveLength(60);
    expect(all.indexOf("Summa exkl. moms")).toBeGreaterThan(all.indexOf("Rad 60:"));
    expect(pages.at(-1)).toContain("Betalas senast 2026-12-26");
  });

  it("draws a customer whose name has characters outside WinAnsi", async () => {
    const text = await pdfText(
      await renderInvoicePdf(invoice({ customer: { name: "Łukasz Ćwikła 😀", address: "Gatan 1 – uppgång B", postalCode: "741 30", city: "Knivsta" } })),
    );
    expect(text).toContain("Lukasz Cwikla ?");
    expect(text).toContain("Gatan 1 - uppgång B");
    expect(text).toContain("741 30 Knivsta");
  });
});
