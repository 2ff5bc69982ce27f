import { describe, expect, it } from "vitest";
import {
  DEFAULT_VAT_RATE,
  PAYMENT_TERMS_DEFAULT_DAYS,
  ROT_BASES,
  ROT_BASIS_LABELS,
  ROT_PERIODS,
  ROT_STANDARD_LABOUR_SHARE,
  TAX_RULES_CHECKED,
  VAT_RATES,
  isVatRate,
  rotRuleOn,
} from "./tax-rules";

/** The day after a 'YYYY-MM-DD' date, by Date in UTC (independent of the rules' own date code). */
function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

describe("VAT rates", () => {
  it("are 25, 12, 6 and 0 %, in that order, 25 % by default", () => {
    expect(VAT_RATES).toEqual([25, 12, 6, 0]);
    expect(DEFAULT_VAT_RATE).toBe(25);
  });

  it.each([25, 12, 6, 0])("%i is a VAT rate", (rate) => {
    expect(isVatRate(rate)).toBe(true);
  });

  it.each([10, 24, 26, 1, -25, 0.25, "25", null, undefined])("%j is not", (value) => {
    expect(isVatRate(value)).toBe(false);
  });
});

describe("ROT periods", () => {
  it("were checked on 2026-11-26", () => {
    expect(TAX_RULES_CHECKED).toBe("2026-11-26");
  });

  it("are 30 % until 2025-05-11, 50 % 2025-05-12 – 2025-12-31 and 30 % from 2026, capped at 50 000 kr", () => {
    expect(ROT_PERIODS).toEqual([
      { from: "2025-01-01", to: "2025-05-11", ratePercent: 30, capPerPersonOre: 5_000_000 },
      { from: "2025-05-12", to: "2025-12-31", ratePercent: 50, capPerPersonOre: 5_000_000 },
      { from: "2026-01-01", to: null, ratePercent: 30, capPerPersonOre: 5_000_000 },
    ]);
  });

  it("follow each other without a gap or an overlap, the last open-ended", () => {
    for (let i = 1; i < ROT_PERIODS.length; i++) expect(ROT_PERIODS[i].from).toBe(dayAfter(ROT_PERIODS[i - 1].to ?? ""));
    expect(ROT_PERIODS.at(-1)?.to).toBeNull();
  });

  it.each([
    ["2025-01-01", 0],
    ["2025-03-15", 0],
    ["2025-05-11", 0],
    ["2025-05-12", 1],
    ["2025-09-01", 1],
    ["2025-12-31", 1],
    ["2026-01-01", 2],
    ["2026-11-26", 2],
    ["2040-06-30", 2],
  ])("a payment on %s falls in period %i", (date, index) => {
    expect(rotRuleOn(date)).toBe(ROT_PERIODS[index]);
  });

  it("gives the rate of the worked examples: 30 % in 2026, 50 % in late 2025", () => {
    expect(rotRuleOn("2026-03-02").ratePercent).toBe(30);
    expect(rotRuleOn("2025-06-01").ratePercent).toBe(50);
    expect(rotRuleOn("2026-03-02").capPerPersonOre).toBe(5_000_000);
  });

  it("refuses a date before the first period", () => {
    expect(() => rotRuleOn("2024-12-31")).toThrow(new RangeError("No ROT rules are defined for 2024-12-31 (the first period starts 2025-01-01)"));
  });

  it.each(["2026-02-29", "2026-13-01", "20260101", "2026-1-01", "", "2026-01-01T00:00"])("refuses the malformed date %j", (date) => {
    expect(() => rotRuleOn(date)).toThrow(new RangeError(`Invalid date '${date}', expected YYYY-MM-DD`));
  });
});

describe("standard labour share (schablon)", () => {
  it("is 30 % for air and 35 % for liquid heat pumps", () => {
    expect(ROT_STANDARD_LABOUR_SHARE).toEqual({ "standard-air": 30, "standard-liquid": 35 });
  });

  it("names each basis in Swedish, with the share it uses", () => {
    expect(ROT_BASES).toEqual(["lines", "standard-air", "standard-liquid"]);
    expect(ROT_BASIS_LABELS).toEqual({
      lines: "Arbetskostnad enligt fakturaraderna",
      "standard-air": "Schablon luftvärmepump (30 % arbetskostnad)",
      "standard-liquid": "Schablon berg-, jord- eller sjövärmepump (35 % arbetskostnad)",
    });
    for (const basis of ["standard-air", "standard-liquid"] as const) {
      expect(ROT_BASIS_LABELS[basis]).toContain(`(${ROT_STANDARD_LABOUR_SHARE[basis]} % arbetskostnad)`);
    }
  });
});

describe("payment terms", () => {
  it("are 30 days by default", () => {
    expect(PAYMENT_TERMS_DEFAULT_DAYS).toBe(30);
  });
});
