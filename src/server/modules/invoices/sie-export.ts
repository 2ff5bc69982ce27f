import { DEFAULT_SIE_ACCOUNTS as DEFAULT_SETTINGS_SIE_ACCOUNTS, type SieAccountKey } from "@/common/schemas/settings";
import { encodeCp437, toCp437Text } from "./cp437";

/**
 * The bookkeeping export: invoices, credit notes, payments and Skatteverket's ROT payouts as an
 * SIE 4I file (SIE-gruppen, "SIE filformat utgåva 4B"), the type meant for a försystem such as
 * invoicing, which the accounting program imports (research notes §6). Its numbers come already
 * computed; this file only books them, and refuses a voucher whose transactions do not sum to zero.
 */

export type SieVatRate = 25 | 12 | 6 | 0;

export type SieAccounts = {
  receivables: string;
  /** The ROT part of the invoice, owed by Skatteverket until it pays. */
  rotReceivable: string;
  bank: string;
  rounding: string;
  salesByVatRate: Record<SieVatRate, string>;
  outputVatByRate: Record<Exclude<SieVatRate, 0>, string>;
};

/** The accounts as the settings keep them (one flat field per account), in the export's shape. */
export function sieAccountsFrom(accounts: Record<SieAccountKey, string>): SieAccounts {
  return {
    receivables: accounts.receivables,
    rotReceivable: accounts.rotReceivable,
    bank: accounts.bank,
    rounding: accounts.rounding,
    salesByVatRate: { 25: accounts.sales25, 12: accounts.sales12, 6: accounts.sales6, 0: accounts.sales0 },
    outputVatByRate: { 25: accounts.outputVat25, 12: accounts.outputVat12, 6: accounts.outputVat6 },
  };
}

/** BAS chart accounts (research notes §6), as the settings default to; the sales accounts are a choice, hence configurable. */
export const DEFAULT_SIE_ACCOUNTS: SieAccounts = sieAccountsFrom(DEFAULT_SETTINGS_SIE_ACCOUNTS);

/** An invoice or credit note as booked; a credit note's amounts are negative. All amounts in öre. */
export type SieInvoice = {
  number: number;
  kind: "invoice" | "credit";
  issueDate: string;
  customerName: string;
  vatByRate: { rate: SieVatRate; netOre: number; vatOre: number }[];
  rotOre: number;
  /** The amount to pay minus (total − ROT): positive when rounded up. */
  roundingOre: number;
  toPayOre: number;
};

export type SiePayment = { invoiceNumber: number; paidOn: string; amountOre: number };

/** Skatteverket's decision on a ROT claim: the amount it pays out for the invoice. */
export type SieRotPayout = { invoiceNumber: number; decidedOn: string; approvedOre: number };

export type SieExportInput = {
  company: { name: string; orgNumber: string };
  generatedOn: string;
  /** The period exported, inclusive: every voucher's date must lie in it. */
  from: string;
  to: string;
  invoices: SieInvoice[];
  payments: SiePayment[];
  rotPayouts: SieRotPayout[];
};

type Transaction = { account: string; amountOre: number };
type Voucher = { date: string; text: string; transactions: Transaction[] };

const PROGRAM_NAME = "Värmepumpsservice";
const PROGRAM_VERSION = "1.0";

/** The SIE 4I file's bytes (CP437, LF line ends). Vouchers come in date order. */
export function writeSie(input: SieExportInput, accounts: SieAccounts = DEFAULT_SIE_ACCOUNTS): Buffer {
  for (const date of [input.generatedOn, input.from, input.to]) checkDate(date);
  if (input.from > input.to) throw new Error(`perioden ${input.from}–${input.to} slutar innan den börjar`);
  const vouchers = sortedByDate([
    ...input.invoices.map((invoice) => invoiceVoucher(invoice, accounts)),
    ...input.payments.map((payment) => paymentVoucher(payment, accounts)),
    ...input.rotPayouts.map((payout) => rotPayoutVoucher(payout, accounts)),
  ]).filter((voucher) => voucher.transactions.length > 0);
  for (const voucher of vouchers) checkVoucher(voucher, input);
  const lines = [...headerLines(input), ...accountLines(vouchers, accounts), ...vouchers.flatMap(voucherLines)];
  return encodeCp437(lines.join("\n") + "\n");
}

/**
 * Receivables (what the customer pays, and the ROT part Skatteverket pays) against sales and output
 * VAT per rate. The rounding balances the rest: to pay + ROT = total + rounding, so 3740 takes
 * −rounding (a credit, income, when the amount to pay was rounded up).
 */
function invoiceVoucher(invoice: SieInvoice, accounts: SieAccounts): Voucher {
  const label = invoice.kind === "credit" ? "Kreditfaktura" : "Faktura";
  const transactions: Transaction[] = [
    { account: accounts.receivables, amountOre: invoice.toPayOre },
    { account: accounts.rotReceivable, amountOre: invoice.rotOre },
  ];
  for (const { rate, netOre, vatOre } of invoice.vatByRate) {
    transactions.push({ account: accounts.salesByVatRate[rate], amountOre: -netOre });
    if (rate === 0) {
      if (vatOre !== 0) throw new Error(`faktura ${invoice.number}: moms ${vatOre} öre på momsfri försäljning`);
    } else {
      transactions.push({ account: accounts.outputVatByRate[rate], amountOre: -vatOre });
    }
  }
  transactions.push({ account: accounts.rounding, amountOre: -invoice.roundingOre });
  return { date: invoice.issueDate, text: `${label} ${invoice.number} ${invoice.customerName}`, transactions: nonZero(transactions) };
}

function paymentVoucher(payment: SiePayment, accounts: SieAccounts): Voucher {
  return {
    date: payment.paidOn,
    text: `Inbetalning faktura ${payment.invoiceNumber}`,
    transactions: nonZero([
      { account: accounts.bank, amountOre: payment.amountOre },
      { account: accounts.receivables, amountOre: -payment.amountOre },
    ]),
  };
}

function rotPayoutVoucher(payout: SieRotPayout, accounts: SieAccounts): Voucher {
  return {
    date: payout.decidedOn,
    text: `Rotavdrag från Skatteverket faktura ${payout.invoiceNumber}`,
    transactions: nonZero([
      { account: accounts.bank, amountOre: payout.approvedOre },
      { account: accounts.rotReceivable, amountOre: -payout.approvedOre },
    ]),
  };
}

function nonZero(transactions: Transaction[]): Transaction[] {
  return transactions.filter((transaction) => transaction.amountOre !== 0);
}

/** Invoices before payments before payouts on the same day; the input's order otherwise (a stable sort). */
function sortedByDate(vouchers: Voucher[]): Voucher[] {
  return vouchers
    .map((voucher, index) => ({ voucher, index }))
    .sort((a, b) => compare(a.voucher.date, b.voucher.date) || a.index - b.index)
    .map(({ voucher }) => voucher);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** SIE's rule: a voucher's transactions sum to zero. Checked in whole öre, before writing. */
function checkVoucher(voucher: Voucher, input: SieExportInput) {
  checkDate(voucher.date);
  if (voucher.date < input.from || voucher.date > input.to) {
    throw new Error(`${voucher.text}: datumet ${voucher.date} ligger utanför perioden ${input.from}–${input.to}`);
  }
  let sum = 0;
  for (const { account, amountOre } of voucher.transactions) {
    if (!Number.isSafeInteger(amountOre)) throw new Error(`${voucher.text}: beloppet ${amountOre} är inte ett helt antal öre`);
    if (!/^\d+$/.test(account)) throw new Error(`${voucher.text}: kontot ${JSON.stringify(account)} är inte ett kontonummer`);
    sum += amountOre;
  }
  if (sum !== 0) throw new Error(`${voucher.text}: verifikationen balanserar inte (summan är ${formatAmount(sum)} kr, inte 0)`);
}

function checkDate(date: string) {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new Error(`${JSON.stringify(date)} är inget datum (ÅÅÅÅ-MM-DD)`);
  }
}

/** The flag, then identification (SIE 4B's order: flag, identification, accounts, vouchers). */
function headerLines(input: SieExportInput): string[] {
  return [
    "#FLAGGA 0",
    `#PROGRAM ${quote(PROGRAM_NAME)} ${PROGRAM_VERSION}`,
    "#FORMAT PC8",
    `#GEN ${sieDate(input.generatedOn)}`,
    "#SIETYP 4",
    `#ORGNR ${sieOrgNumber(input.company.orgNumber)}`,
    `#FNAMN ${quote(input.company.name)}`,
  ];
}

/** The accounts the vouchers use, with their names, so that an importer can create missing ones. */
function accountLines(vouchers: Voucher[], accounts: SieAccounts): string[] {
  const names = accountNames(accounts);
  const used = new Set(vouchers.flatMap((voucher) => voucher.transactions.map((transaction) => transaction.account)));
  return [...used].sort((a, b) => Number(a) - Number(b)).map((account) => `#KONTO ${account} ${quote(names.get(account) ?? account)}`);
}

/** Names by the account's role, so that configured account numbers still get a fitting name. */
function accountNames(accounts: SieAccounts): Map<string, string> {
  const named: [string, string][] = [
    [accounts.receivables, "Kundfordringar"],
    [accounts.rotReceivable, "Kundfordringar - delad faktura"],
    [accounts.bank, "Företagskonto"],
    [accounts.rounding, "Öres- och kronutjämning"],
    [accounts.salesByVatRate[25], "Försäljning inom Sverige, 25 % moms"],
    [accounts.salesByVatRate[12], "Försäljning inom Sverige, 12 % moms"],
    [accounts.salesByVatRate[6], "Försäljning inom Sverige, 6 % moms"],
    [accounts.salesByVatRate[0], "Försäljning inom Sverige, momsfri"],
    [accounts.outputVatByRate[25], "Utgående moms, 25 %"],
    [accounts.outputVatByRate[12], "Utgående moms, 12 %"],
    [accounts.outputVatByRate[6], "Utgående moms, 6 %"],
  ];
  const names = new Map<string, string>();
  // The first role wins when two roles share an account.
  for (const [account, name] of named) if (!names.has(account)) names.set(account, name);
  return names;
}

function voucherLines(voucher: Voucher): string[] {
  // Series and number left empty: in 4I the importing program numbers the vouchers.
  return [
    `#VER "" "" ${sieDate(voucher.date)} ${quote(voucher.text)}`,
    "{",
    ...voucher.transactions.map(({ account, amountOre }) => `#TRANS ${account} {} ${formatAmount(amountOre)}`),
    "}",
  ];
}

/** A text field: quoted (also without spaces, which SIE allows), `"` escaped, only CP437 characters. */
function quote(text: string): string {
  // A backslash would read as an escape of the closing quote, so it becomes a slash.
  const safe = toCp437Text(text).replace(/\\/g, "/").replace(/"/g, '\\"');
  return `"${safe}"`;
}

/** Kronor with "." and exactly two decimals, "-" when negative, never "+". */
function formatAmount(ore: number): string {
  const absolute = Math.abs(ore);
  const kronor = Math.floor(absolute / 100);
  const rest = String(absolute % 100).padStart(2, "0");
  return `${ore < 0 ? "-" : ""}${kronor}.${rest}`;
}

function sieDate(date: string): string {
  checkDate(date);
  return date.replace(/-/g, "");
}

/** "556123-4567": SIE's form, a hyphen after the sixth digit; a 12-digit number loses its century. */
function sieOrgNumber(orgNumber: string): string {
  const digits = orgNumber.replace(/[\s-]/g, "");
  if (!/^(\d{2})?\d{10}$/.test(digits)) throw new Error(`organisationsnumret ${JSON.stringify(orgNumber)} har inte 10 siffror`);
  const ten = digits.slice(-10);
  return `${ten.slice(0, 6)}-${ten.slice(6)}`;
}
