// The ONE place for the Swedish figures invoicing depends on (issue 25). Each carries its source from
// docs/research/invoicing-rules-2026-11.md ([A] the authority's own text was seen, [S] secondary
// sources only, [NF] no authoritative source found). When a figure changes, add a period here rather
// than editing the old one: sent invoices must still compute as they did on their date.
import { isIsoDate } from "./calendar-date";

/** The day these figures were last checked against the research notes' sources. */
export const TAX_RULES_CHECKED = "2026-11-26";

/**
 * The Swedish VAT rates in percent (ML 2023:200 ch. 9). 25 % is the general rate: "på nästan alla
 * varor och tjänster"; heat-pump installation, service and parts are on no reduced list [A]. 12 % and
 * 6 % cover listed items (food moves from 12 % to 6 % 2026-04-01 – 2027-12-31, prop. 2025/26:55 [A
 * for the bill]), which is why a line's rate is chosen, not fixed.
 * Source: Skatteverket "Momssats på varor och tjänster".
 */
export const VAT_RATES = [25, 12, 6, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];
/** Heat-pump work and parts (see VAT_RATES). */
export const DEFAULT_VAT_RATE: VatRate = 25;

export function isVatRate(value: unknown): value is VatRate {
  return (VAT_RATES as readonly unknown[]).includes(value);
}

/** A span of payment dates with one ROT rate and cap; `to` null is open-ended. */
export type RotPeriod = {
  from: string;
  to: string | null;
  /** Percent of the labour cost including VAT. */
  ratePercent: number;
  /** Per person and calendar year, in öre. */
  capPerPersonOre: number;
};

/**
 * ROT by payment date (the work must be paid within the period). Caps: 50 000 kr of ROT per person
 * and year (the temporary 75 000 kr of 2024, prop. 2023/24:86, is over) [A for 50 000: Skatteverket
 * RV 2024.5/2944; S for 2026]. ROT + RUT together may not exceed 75 000 kr; that limit is the
 * buyer's, across companies, and not checked here.
 * - 2025-01-01 – 2025-05-11: 30 % (the rate before the temporary increase).
 * - 2025-05-12 – 2025-12-31: 50 %, prop. 2024/25:156 (data.riksdagen.se HC03156) [A].
 * - 2026-01-01 –: 30 %, not extended [S: in.se 2025-10-16, fastighetssverige.se]; Skatteverket
 *   "Villkor för att få rotavdrag": "Företaget får dra av högst 30 procent av arbetskostnaden" [A].
 * Earlier years are not defined: this app issues no invoices dated before 2025.
 */
export const ROT_PERIODS: readonly RotPeriod[] = [
  { from: "2025-01-01", to: "2025-05-11", ratePercent: 30, capPerPersonOre: 5_000_000 },
  { from: "2025-05-12", to: "2025-12-31", ratePercent: 50, capPerPersonOre: 5_000_000 },
  { from: "2026-01-01", to: null, ratePercent: 30, capPerPersonOre: 5_000_000 },
];

/** The ROT period of a payment (or issue) date 'YYYY-MM-DD'; throws RangeError before the first period or for a malformed date. */
export function rotRuleOn(date: string): RotPeriod {
  if (!isIsoDate(date)) throw new RangeError(`Invalid date '${date}', expected YYYY-MM-DD`);
  // 'YYYY-MM-DD' strings compare as the dates they name.
  const period = ROT_PERIODS.find((p) => p.from <= date && (p.to === null || date <= p.to));
  if (!period) throw new RangeError(`No ROT rules are defined for ${date} (the first period starts ${ROT_PERIODS[0].from})`);
  return period;
}

/** How the labour cost of a ROT invoice is found: from its labour lines, or as a standard share (schablon). */
export const ROT_BASES = ["lines", "standard-air", "standard-liquid"] as const;
export type RotBasis = (typeof ROT_BASES)[number];
export type RotStandardBasis = Exclude<RotBasis, "lines">;

/**
 * The standard labour share (schablon) of a heat pump bought as a totalentreprenad at a fixed price,
 * in percent of the whole contract cost including VAT: 35 % for liquid-to-water pumps (rock, ground,
 * lake), 30 % for air pumps (air-water, air-air, exhaust air). It cannot be combined with another
 * labour calculation; a higher share must be documented [A]. Accepted for replacements since 2020 [S].
 * Sources: Skatteverket ställningstagande 2014-04-03, Dnr 131 183266-14/111; SKVP 2020-03-10.
 */
export const ROT_STANDARD_LABOUR_SHARE: Record<RotStandardBasis, number> = { "standard-air": 30, "standard-liquid": 35 };

/** The bases as the invoice form and the PDF name them. */
export const ROT_BASIS_LABELS: Record<RotBasis, string> = {
  lines: "Arbetskostnad enligt fakturaraderna",
  "standard-air": "Schablon luftvärmepump (30 % arbetskostnad)",
  "standard-liquid": "Schablon berg-, jord- eller sjövärmepump (35 % arbetskostnad)",
};

/**
 * Days from the issue date to the due date unless the invoice says otherwise. The company's choice, not
 * a rule from the research notes [NF]: 30 days is customary, and matches räntelagen (1975:635) 3 §,
 * under which late-payment interest runs from 30 days after the invoice was sent when no due date was agreed.
 */
export const PAYMENT_TERMS_DEFAULT_DAYS = 30;
