import { describe, expect, it } from "vitest";
import {
  FGAS_RULES_CHECKED,
  FOLLOW_UP_AFTER_REPAIR,
  GWP,
  HERMETIC_EXEMPTION_BELOW_TONNES,
  LEAK_CHECK_BANDS,
  LEAK_CHECK_INTERVALS,
  LEAK_CHECK_THRESHOLD_TONNES,
  NOTIFICATION_THRESHOLD_TONNES,
  REFRIGERANTS,
  REFRIGERANT_NAMES,
  YEARLY_REPORT,
  isFGas,
  isRefrigerant,
} from "./fgas-rules";
import { co2eTonnes } from "./leak-checks";

describe("the F-gas figures (docs/research/fgas-rules-2026-11.md)", () => {
  it("are dated", () => {
    expect(FGAS_RULES_CHECKED).toBe("2026-11-26");
  });

  it("give each refrigerant its GWP and whether it is an F-gas", () => {
    expect(REFRIGERANTS).toEqual({
      R32: { gwp: 675, fGas: true },
      R410A: { gwp: 2087.5, fGas: true },
      R134a: { gwp: 1430, fGas: true },
      R407C: { gwp: 1773.85, fGas: true },
      R290: { gwp: 3, fGas: false },
      R744: { gwp: 1, fGas: false },
    });
    expect(REFRIGERANT_NAMES).toEqual(["R32", "R410A", "R134a", "R407C", "R290", "R744"]);
    expect(GWP).toEqual({ R32: 675, R410A: 2087.5, R134a: 1430, R407C: 1773.85, R290: 3, R744: 1 });
  });

  it("derive the blends' GWPs from HFC-32 675, HFC-125 3 500 and HFC-134a 1 430, unrounded (Annex VI)", () => {
    // In hundredths of a percent × GWP, exact integers.
    expect((50 * 675 + 50 * 3500) / 100).toBe(GWP.R410A);
    expect((23 * 675 + 25 * 3500 + 52 * 1430) / 100).toBe(GWP.R407C);
  });

  it("have GWPs with at most two decimals, which the exact CO2e arithmetic relies on", () => {
    for (const name of REFRIGERANT_NAMES) expect(Number.isInteger(Math.round(GWP[name] * 100)) && Math.round(GWP[name] * 100) / 100 === GWP[name]).toBe(true);
  });

  it.each([
    ["R32", true],
    ["R410A", true],
    ["R134a", true],
    ["R407C", true],
    ["R290", false],
    ["R744", false],
  ] as const)("%s is an F-gas: %s", (refrigerant, fGas) => {
    expect(isFGas(refrigerant)).toBe(fGas);
  });

  it("recognise only the listed refrigerants, exactly as written", () => {
    for (const name of REFRIGERANT_NAMES) expect(isRefrigerant(name)).toBe(true);
    for (const value of ["r32", "R32 ", "R1234yf", "R404A", "", "toString", "hasOwnProperty", "__proto__", "constructor", 32, null, undefined, {}])
      expect(isRefrigerant(value)).toBe(false);
    // A string's lookalike: Object.hasOwn alone would turn it into the key "R32".
    expect(isRefrigerant({ toString: () => "R32" })).toBe(false);
  });

  it("hold the leak-check threshold and bands of Art. 5 (months, doubled with a leak detection system)", () => {
    expect(LEAK_CHECK_THRESHOLD_TONNES).toBe(5);
    expect(LEAK_CHECK_BANDS).toEqual([
      { fromTonnes: 500, months: 3, monthsWithLeakDetection: 6 },
      { fromTonnes: 50, months: 6, monthsWithLeakDetection: 12 },
      { fromTonnes: 5, months: 12, monthsWithLeakDetection: 24 },
    ]);
    expect(LEAK_CHECK_INTERVALS).toEqual([3, 6, 12, 24]);
  });

  it("hold the hermetic exemption, the follow-up window and the Swedish report and notification", () => {
    expect(HERMETIC_EXEMPTION_BELOW_TONNES).toBe(10);
    expect(FOLLOW_UP_AFTER_REPAIR).toEqual({ earliestAfterHoursOfOperation: 24, latestAfterMonths: 1 });
    expect(YEARLY_REPORT).toEqual({ thresholdTonnes: 14, deadlineMonth: 3, deadlineDay: 31 });
    expect(NOTIFICATION_THRESHOLD_TONNES).toBe(14);
  });

  it("need no residential-building flag: under 3 kg every listed F-gas is below the 10 t hermetic exemption", () => {
    for (const name of REFRIGERANT_NAMES.filter(isFGas)) expect(co2eTonnes(name, 2.999)).toBeLessThan(HERMETIC_EXEMPTION_BELOW_TONNES);
  });
});
