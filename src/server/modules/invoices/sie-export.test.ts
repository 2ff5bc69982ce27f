import { describe, expect, it } from "vitest";
import { decodeCp437, encodeCp437, toCp437Text } from "./cp437";
import { DEFAULT_SIE_ACCOUNTS, writeSie, type SieExportInput, type SieInvoice } from "./sie-export";
import { parseSie } from "./sie-export.test-support";

// The SIE 4I export read back as an accounting program would: the research notes' ROT example
// (§3: to pay 18 100, ROT 2 400, sales 16 400, VAT 4 100), two VAT rates with a rounding, a credit
// note, a part payment and Skatteverket's payout. Every voucher must sum to zero in whole öre.

const rotInvoice: SieInvoice = {
  number: 1001,
  kind: "invoice",
  issueDate: "2026-11-26",
  customerName: "Åsa Öberg",
  vatByRate: [{ rate: 25, netOre: 1_640_000, vatOre: 410_000 }],
  rotOre: 240_000,
  roundingOre: 0,
  toPayOre: 1_810_000,
};

// 25 %: 1 000,00 + 250,00; 12 %: 55,00 + 6,60; total 1 311,60, rounded up to 1 312 (+0,40).
const twoRateInvoice: SieInvoice = {
  number: 1002,
  kind: "invoice",
  issueDate: "2026-11-27",
  customerName: 'Kylmästarna "Bäst" – AB',
  vatByRate: [
    { rate: 25, netOre: 100_000, vatOre: 25_000 },
    { rate: 12, netOre: 5_500, vatOre: 660 },
  ],
  rotOre: 0,
  roundingOre: 40,
  toPayOre: 131_200,
};

// −99,90 net, −24,98 VAT: total −124,88, to pay −125 (rounding −0,12).
const creditNote: SieInvoice = {
  number: 1003,
  kind: "credit",
  issueDate: "2026-11-28",
  customerName: "Kylmästarna AB",
  vatByRate: [{ rate: 25, netOre: -9_990, vatOre: -2_498 }],
  rotOre: 0,
  roundingOre: -12,
  toPayOre: -12_500,
};

const input: SieExportInput = {
  company: { name: "Värmepumpsservice i Norrland AB", orgNumber: "5561234567" },
  generatedOn: "2026-12-31",
  from: "2026-11-01",
  to: "2026-12-31",
  invoices: [twoRateInvoice, rotInvoice, creditNote],
  payments: [{ invoiceNumber: 1001, paidOn: "2026-11-30", amountOre: 1_000_000 }],
  rotPayouts: [{ invoiceNumber: 1001, decidedOn: "2026-12-10", approvedOre: 240_000 }],
};

describe("writeSie", () => {
  const bytes = writeSie(input);
  const sie = parseSie(bytes);

  it("starts with the flag and the identification in SIE's order, then the accounts, then the vouchers", () => {
    const lines = decodeCp437(bytes).split("\n");
    expect(lines.slice(0, 7)).toEqual([
      "#FLAGGA 0",
      '#PROGRAM "Värmepumpsservice" 1.0',
      "#FORMAT PC8",
      "#GEN 20261231",
      "#SIETYP 4",
      "#ORGNR 556123-4567",
      '#FNAMN "Värmepumpsservice i Norrland AB"',
    ]);
    const firstVoucher = sie.labels.indexOf("#VER");
    expect(sie.labels.slice(7, firstVoucher).every((label) => label === "#KONTO")).toBe(true);
    expect(sie.labels.slice(firstVoucher).every((label) => ["#VER", "{", "#TRANS", "}"].includes(label))).toBe(true);
  });

  it("books the ROT invoice: the customer's part on 1510, Skatteverket's on 1513", () => {
    expect(sie.vouchers[0]).toEqual({
      date: "20261126",
      text: "Faktura 1001 Åsa Öberg",
      transactions: [
        { account: "1510", amountOre: 1_810_000 },
        { account: "1513", amountOre: 240_000 },
        { account: "3001", amountOre: -1_640_000 },
        { account: "2611", amountOre: -410_000 },
      ],
    });
    expect(decodeCp437(bytes)).toContain('#VER "" "" 20261126 "Faktura 1001 Åsa Öberg"\n{\n#TRANS 1510 {} 18100.00\n#TRANS 1513 {} 2400.00\n');
  });

  it("books two VAT rates, and a rounding up as income on 3740", () => {
    expect(sie.vouchers[1]).toEqual({
      date: "20261127",
      text: 'Faktura 1002 Kylmästarna "Bäst" - AB',
      transactions: [
        { account: "1510", amountOre: 131_200 },
        { account: "3001", amountOre: -100_000 },
        { account: "2611", amountOre: -25_000 },
        { account: "3002", amountOre: -5_500 },
        { account: "2621", amountOre: -660 },
        { account: "3740", amountOre: -40 },
      ],
    });
    expect(decodeCp437(bytes)).toContain("#TRANS 2621 {} -6.60\n#TRANS 3740 {} -0.40\n}");
  });

  it("books a credit note with the opposite signs", () => {
    expect(sie.vouchers[2]).toEqual({
      date: "20261128",
      text: "Kreditfaktura 1003 Kylmästarna AB",
      transactions: [
        { account: "1510", amountOre: -12_500 },
        { account: "3001", amountOre: 9_990 },
        { account: "2611", amountOre: 2_498 },
        { account: "3740", amountOre: 12 },
      ],
    });
  });

  it("books a part payment against the bank and Skatteverket's payout against 1513", () => {
    expect(sie.vouchers.slice(3)).toEqual([
      {
        date: "20261130",
        text: "Inbetalning faktura 1001",
        transactions: [
          { account: "1930", amountOre: 1_000_000 },
          { account: "1510", amountOre: -1_000_000 },
        ],
      },
      {
        date: "20261210",
        text: "Rotavdrag från Skatteverket faktura 1001",
        transactions: [
          { account: "1930", amountOre: 240_000 },
          { account: "1513", amountOre: -240_000 },
        ],
      },
    ]);
  });

  it("balances every voucher to zero öre", () => {
    expect(sie.vouchers).toHaveLength(5);
    for (const voucher of sie.vouchers) expect(voucher.transactions.reduce((sum, transaction) => sum + transaction.amountOre, 0)).toBe(0);
  });

  it("names exactly the accounts it uses", () => {
    expect(sie.accounts).toEqual({
      "1510": "Kundfordringar",
      "1513": "Kundfordringar - delad faktura",
      "1930": "Företagskonto",
      "2611": "Utgående moms, 25 %",
      "2621": "Utgående moms, 12 %",
      "3001": "Försäljning inom Sverige, 25 % moms",
      "3002": "Försäljning inom Sverige, 12 % moms",
      "3740": "Öres- och kronutjämning",
    });
  });

  it("writes CP437 bytes: ä is 0x84, no UTF-8 and no CR", () => {
    const company = Buffer.from("#FNAMN ", "latin1");
    const at = bytes.indexOf(company) + company.length + 2; // past the quote and the V
    expect(bytes[at]).toBe(0x84);
    expect([...encodeCp437("åäöÅÄÖéÉü")]).toEqual([0x86, 0x84, 0x94, 0x8f, 0x8e, 0x99, 0x82, 0x90, 0x81]);
    expect(bytes.includes(0xc3)).toBe(false);
    expect(bytes.includes(0x0d)).toBe(false);
  });

  it("uses configured accounts", () => {
    const accounts = { ...DEFAULT_SIE_ACCOUNTS, salesByVatRate: { ...DEFAULT_SIE_ACCOUNTS.salesByVatRate, 25: "3041" } };
    const own = parseSie(writeSie({ ...input, invoices: [rotInvoice], payments: [], rotPayouts: [] }, accounts));
    expect(own.vouchers[0].transactions.map((transaction) => transaction.account)).toEqual(["1510", "1513", "3041", "2611"]);
    expect(own.accounts["3041"]).toBe("Försäljning inom Sverige, 25 % moms");
  });
});

describe("writeSie refuses", () => {
  const only = (invoice: SieInvoice) => ({ ...input, invoices: [invoice], payments: [], rotPayouts: [] });

  it("an invoice that does not balance, such as a rounding with the wrong sign", () => {
    expect(() => writeSie(only({ ...twoRateInvoice, roundingOre: -40 }))).toThrow(
      'Faktura 1002 Kylmästarna "Bäst" – AB: verifikationen balanserar inte (summan är 0.80 kr, inte 0)',
    );
    expect(() => writeSie(only({ ...rotInvoice, rotOre: 240_001 }))).toThrow("balanserar inte");
  });

  it("VAT on a VAT-free sale, amounts that are not whole öre, and dates outside the period", () => {
    expect(() => writeSie(only({ ...rotInvoice, vatByRate: [{ rate: 0, netOre: 1_640_000, vatOre: 410_000 }] }))).toThrow("momsfri");
    expect(() => writeSie(only({ ...rotInvoice, toPayOre: 1_810_000.5, roundingOre: 0.5 }))).toThrow("helt antal öre");
    expect(() => writeSie(only({ ...rotInvoice, issueDate: "2027-01-01" }))).toThrow("utanför perioden");
    expect(() => writeSie(only({ ...rotInvoice, issueDate: "2026-11-31" }))).toThrow("inget datum");
    expect(() => writeSie({ ...input, company: { ...input.company, orgNumber: "55612-34567x" } })).toThrow("10 siffror");
  });
});

describe("CP437", () => {
  it("decodes and encodes all 256 bytes both ways (the table has 128 characters above ASCII)", () => {
    const all = Uint8Array.from({ length: 256 }, (_, byte) => byte);
    const text = decodeCp437(all);
    expect([...text]).toHaveLength(256);
    expect(encodeCp437(text).equals(Buffer.from(all))).toBe(true);
    expect(decodeCp437(Uint8Array.from([0x80, 0x9a, 0xe1, 0xf8, 0xff]))).toBe("ÇÜß°\u00a0");
  });

  it("keeps åäö, makes typographic characters ASCII and drops accents and characters CP437 lacks", () => {
    expect(toCp437Text("Åsa – “Bäst” … 5 € § 1\tRøde Dvořák 🔥")).toBe('Åsa - "Bäst" ... 5 EUR par. 1 Rode Dvorák ');
    expect(decodeCp437(encodeCp437(toCp437Text("Ärende för Émile Müller")))).toBe("Ärende för Émile Müller");
  });
});
