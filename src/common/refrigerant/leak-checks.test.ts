import { describe, expect, it } from "vitest";
import { GWP, REFRIGERANT_NAMES, type Refrigerant } from "./fgas-rules";
import {
  DUE_SOON_DAYS,
  addMonths,
  chargeGrams,
  checkDueDate,
  checkIntervalMonths,
  checkStatus,
  co2eTonnes,
  followUpTiming,
  followUpWindow,
  nextCheckDue,
  notificationRequired,
  peakCheckDutyTonnes,
  pendingFollowUp,
  reportYears,
  yearlyReportDeadline,
  yearlyReportRequired,
  type InstallationUnit,
  type LeakCheckUnit,
  type RegisteredUnit,
} from "./leak-checks";

const unit = (refrigerant: Refrigerant, chargeKg: number, flags: Partial<LeakCheckUnit> = {}): LeakCheckUnit => ({
  refrigerant,
  chargeKg,
  leakDetection: false,
  hermeticallySealed: false,
  ...flags,
});

describe("chargeGrams: the charge to the gram", () => {
  it.each([
    [0, 0],
    [2.395, 2395],
    [0.29, 290], // 0.29 × 1000 is 290.00000000000006 in floating point
    [1.1, 1100],
    [2.3954, 2395], // finer than a gram: to the nearest gram
    [2.3956, 2396],
    [500, 500_000],
  ])("%f kg is %i g", (kg, grams) => {
    expect(chargeGrams(kg)).toBe(grams);
  });

  it("gives 0, not −0, for a charge of −0", () => {
    expect(Object.is(chargeGrams(-0), 0)).toBe(true);
    expect(Object.is(co2eTonnes("R32", -0), 0)).toBe(true);
  });

  it.each([-0.001, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("rejects %f kg", (kg) => {
    expect(() => chargeGrams(kg)).toThrow(RangeError);
    expect(() => chargeGrams(kg)).toThrow(`Invalid refrigerant charge ${kg} kg`);
    expect(() => co2eTonnes("R32", kg)).toThrow(RangeError);
    expect(() => checkIntervalMonths(unit("R290", kg))).toThrow(RangeError);
    expect(() => notificationRequired("R744", kg)).toThrow(RangeError);
  });
});

describe("co2eTonnes: exact, three decimals rounded down", () => {
  it.each([
    ["R32", 1, 0.675],
    ["R32", 1.2, 0.81], // worked example 2
    ["R32", 7.4, 4.995],
    ["R32", 7.407, 4.999], // 4 999.725 kg CO2e
    ["R32", 7.408, 5], // 5 000.4
    ["R32", 7.41, 5.001], // 5 001.75: down, not to 5.002
    ["R410A", 3, 6.262], // worked example 1: 6.2625
    ["R410A", 2.39, 4.989], // worked example 3: 4 989.125
    ["R410A", 2.4, 5.01],
    ["R410A", 2.395, 4.999], // 4 999.5625: to the nearest it would show 5.000 without any duty
    ["R410A", 2.396, 5.001], // 5 001.65
    ["R410A", 0.001, 0.002], // 2.0875 kg
    ["R407C", 6, 10.643], // worked example 4: 10 643.1
    ["R407C", 0.001, 0.001], // 1.77385 kg
    ["R134a", 40, 57.2], // worked example 5
    ["R134a", 3.496, 4.999], // 4 999.28
    ["R134a", 3.497, 5], // 5 000.71
    ["R290", 1000, 3],
    ["R290", 0.333, 0], // 0.999 kg CO2e
    ["R290", 0.334, 0.001], // 1.002 kg
    ["R744", 5000, 5],
    ["R744", 0.999, 0],
    ["R744", 1, 0.001],
    ["R32", 0, 0],
  ] as const)("%s, %f kg → %f t", (refrigerant, kg, tonnes) => {
    expect(co2eTonnes(refrigerant, kg)).toBe(tonnes);
  });

  it("is exact where kg × GWP in floating point falls just short of a whole kg", () => {
    // 0.7 × 1430 is 1000.9999999999999 and 1.4 × 675 is 944.9999999999999 in floating point.
    expect(co2eTonnes("R134a", 0.7)).toBe(1.001);
    expect(co2eTonnes("R32", 1.4)).toBe(0.945);
    expect(co2eTonnes("R32", 2.8)).toBe(1.89);
  });

  it("equals grams × GWP / 10⁶ tonnes rounded down to the kg, computed in BigInt, for every refrigerant", () => {
    for (const name of REFRIGERANT_NAMES) {
      const gwpHundredths = BigInt(Math.round(GWP[name] * 100));
      for (let grams = 0; grams <= 800_000; grams += 997) {
        const wholeKg = (BigInt(grams) * gwpHundredths) / 100_000n;
        expect(co2eTonnes(name, grams / 1000), `${name} ${grams} g`).toBe(Number(wholeKg) / 1000);
      }
    }
  });
});

describe("checkIntervalMonths (2024/573 Art. 5)", () => {
  it.each([
    // [refrigerant, kg, months, months with a leak detection system]; R32: 5 t at 7.4074 kg, 50 t at 74.074 kg, 500 t at 740.74 kg.
    ["R32", 0, null, null],
    ["R32", 1.2, null, null],
    ["R32", 7.407, null, null], // 4.9997 t
    ["R32", 7.408, 12, 24], // 5.0004 t
    ["R32", 74.074, 12, 24], // 49.99995 t
    ["R32", 74.075, 6, 12], // 50.0006 t
    ["R32", 740.74, 6, 12], // 499.9995 t
    ["R32", 740.741, 3, 6], // 500.0002 t
    ["R32", 5000, 3, 6],
    ["R410A", 2.395, null, null], // 4.9996 t: below 5 t computed exactly, although it rounds to 5.000
    ["R410A", 2.396, 12, 24],
    ["R410A", 3, 12, 24], // worked example 1
    ["R407C", 6, 12, 24], // worked example 4
    ["R407C", 2.818, null, null], // 4.9987 t
    ["R407C", 2.819, 12, 24], // 5.0005 t
    ["R134a", 40, 6, 12], // worked example 5
    ["R134a", 34.965, 12, 24], // 49.99995 t
    ["R134a", 34.966, 6, 12], // 50.0014 t
    ["R134a", 349.65, 6, 12], // 499.9995 t
    ["R134a", 349.651, 3, 6], // 500.0009 t
  ] as const)("%s, %f kg: every %s months, %s with leak detection", (refrigerant, kg, months, withLeakDetection) => {
    expect(checkIntervalMonths(unit(refrigerant, kg))).toBe(months);
    expect(checkIntervalMonths(unit(refrigerant, kg, { leakDetection: true }))).toBe(withLeakDetection);
  });

  it("gives R290 and R744, not F-gases, no duty at any charge", () => {
    expect(co2eTonnes("R290", 1667)).toBe(5.001);
    expect(checkIntervalMonths(unit("R290", 1667))).toBeNull();
    expect(checkIntervalMonths(unit("R290", 1_000_000, { leakDetection: true }))).toBeNull();
    expect(checkIntervalMonths(unit("R744", 5000))).toBeNull();
    expect(checkIntervalMonths(unit("R744", 500_000))).toBeNull();
  });

  it.each([
    // R410A: 10 t at 4.7904 kg. [kg, hermetic, hermetic with leak detection]
    [2.396, null, null], // 5.0017 t: hermetic and labelled, below 10 t
    [4.79, null, null], // 9.9991 t
    [4.791, 12, 24], // 10.0012 t
    [30, 6, 12], // 62.625 t
    [300, 3, 6], // 626.25 t
  ] as const)("R410A %f kg hermetically sealed and labelled: %s months, %s with leak detection", (kg, months, withLeakDetection) => {
    expect(checkIntervalMonths(unit("R410A", kg, { hermeticallySealed: true }))).toBe(months);
    expect(checkIntervalMonths(unit("R410A", kg, { hermeticallySealed: true, leakDetection: true }))).toBe(withLeakDetection);
    // Not sealed, the same charge always has a duty.
    expect(checkIntervalMonths(unit("R410A", kg))).not.toBeNull();
  });

  it("exempts a hermetic unit only when the flag says so: an unknown flag exempts nothing", () => {
    const unknown = { refrigerant: "R410A", chargeKg: 3, leakDetection: false } as unknown as LeakCheckUnit;
    expect(checkIntervalMonths(unknown)).toBe(12);
  });
});

describe("notificationRequired (SFS 2016:1128 14 §): one unit of at least 14 t CO2e", () => {
  it.each([
    ["R410A", 6.706, false], // 13.9988 t
    ["R410A", 6.707, true], // 14.0009 t (worked example 8: from ≈ 6.71 kg)
    ["R32", 20.74, false], // 13.9995 t
    ["R32", 20.741, true], // 14.0002 t
    ["R134a", 9.79, false], // 13.9997 t
    ["R134a", 9.791, true], // 14.0011 t
    ["R407C", 7.892, false], // 13.9991 t
    ["R407C", 7.893, true], // 14.0009 t
    ["R290", 5000, false], // 15 t, but not an F-gas
    ["R744", 14_000, false], // 14 t, but not an F-gas
  ] as const)("%s %f kg: %s", (refrigerant, kg, required) => {
    expect(notificationRequired(refrigerant, kg)).toBe(required);
  });
});

describe("addMonths: calendar months, clamped to the month's last day", () => {
  it.each([
    ["2026-01-31", 1, "2026-02-28"],
    ["2028-01-31", 1, "2028-02-29"], // leap year
    ["2026-03-31", 1, "2026-04-30"],
    ["2026-01-30", 1, "2026-02-28"],
    ["2026-01-28", 1, "2026-02-28"],
    ["2026-01-27", 1, "2026-02-27"],
    ["2026-12-15", 1, "2027-01-15"],
    ["2026-12-31", 1, "2027-01-31"],
    ["2026-11-30", 3, "2027-02-28"],
    ["2026-08-31", 6, "2027-02-28"],
    ["2026-02-28", 12, "2027-02-28"],
    ["2028-02-29", 12, "2029-02-28"],
    ["2028-02-29", 24, "2030-02-28"],
    ["2028-02-29", 48, "2032-02-29"],
    ["1900-01-31", 1, "1900-02-28"], // no leap year
    ["2000-01-31", 1, "2000-02-29"],
    ["2026-12-05", 0, "2026-12-05"],
    ["2026-11-05", 1, "2026-12-05"],
    ["2026-03-31", -1, "2026-02-28"],
    ["2026-01-15", -1, "2025-12-15"],
    ["2026-01-15", -13, "2024-12-15"],
    ["2026-05-31", -12, "2025-05-31"],
    ["0999-01-31", 1, "0999-02-28"],
  ])("%s + %i months is %s", (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it.each([
    ["2026-02-30", 1],
    ["2026-1-31", 1],
    ["2026-01-31T00:00", 1],
    ["", 1],
    ["2026-01-31", 1.5],
    ["2026-01-31", Number.NaN],
    ["2026-01-31", Number.POSITIVE_INFINITY],
  ])("rejects %s + %f", (date, months) => {
    expect(() => addMonths(date, months)).toThrow(RangeError);
  });

  it("says what was wrong", () => {
    expect(() => addMonths("2026-02-30", 1)).toThrow("Invalid date '2026-02-30', expected YYYY-MM-DD");
    expect(() => addMonths("2026-01-31", 1.5)).toThrow("Invalid number of months 1.5");
  });
});

describe("nextCheckDue: the last day the next check is on time", () => {
  it.each([
    ["2026-01-31", 1, "2026-02-28"],
    ["2026-03-15", 3, "2026-06-15"],
    ["2026-03-15", 6, "2026-09-15"],
    ["2026-03-15", 12, "2027-03-15"],
    ["2026-03-15", 24, "2028-03-15"],
    ["2026-08-31", 6, "2027-02-28"],
    ["2028-02-29", 12, "2029-02-28"],
  ])("%s + %i months: %s", (last, months, due) => {
    expect(nextCheckDue(last, months)).toBe(due);
  });

  it.each([0, -1, -12, 1.5, Number.NaN])("rejects an interval of %f months", (months) => {
    expect(() => nextCheckDue("2026-03-15", months)).toThrow(RangeError);
    expect(() => nextCheckDue("2026-03-15", months)).toThrow(`Invalid interval ${months} months`);
  });

  it("rejects an invalid date", () => {
    expect(() => nextCheckDue("2026-02-29", 12)).toThrow(RangeError);
  });
});

describe("the follow-up check after a repaired leak (2024/573 Art. 4(5))", () => {
  it.each([
    ["2026-03-10", "2026-03-11", "2026-04-10"], // worked example 9
    ["2026-01-31", "2026-02-01", "2026-02-28"],
    ["2026-12-31", "2027-01-01", "2027-01-31"],
    ["2028-02-28", "2028-02-29", "2028-03-28"],
    ["2026-02-28", "2026-03-01", "2026-03-28"],
  ])("repaired %s: from %s to %s", (repair, earliest, latest) => {
    expect(followUpWindow(repair)).toEqual({ earliest, latest });
  });

  it.each([
    ["2026-03-09", "too-early"],
    ["2026-03-10", "too-early"], // straight after the repair: fine under 517/2014, too early now
    ["2026-03-11", "in-window"],
    ["2026-03-25", "in-window"],
    ["2026-04-10", "in-window"],
    ["2026-04-11", "too-late"],
    ["2027-01-01", "too-late"],
  ] as const)("a check on %s after a repair on 2026-03-10 is %s", (check, timing) => {
    expect(followUpTiming("2026-03-10", check)).toBe(timing);
  });

  it("rejects invalid dates", () => {
    expect(() => followUpWindow("2026-02-29")).toThrow(RangeError);
    expect(() => followUpTiming("2026-02-29", "2026-03-11")).toThrow(RangeError);
    // Written otherwise, a date would not sort as a date.
    expect(() => followUpTiming("2026-03-10", "2026-3-11")).toThrow("Invalid date '2026-3-11', expected YYYY-MM-DD");
    expect(() => followUpTiming("2026-03-10", "2026-04-31")).toThrow(RangeError);
  });
});

describe("checkDueDate and checkStatus", () => {
  // R410A 3 kg: 6.2625 t, every 12 months.
  const registered = (fields: Partial<RegisteredUnit> = {}): RegisteredUnit => ({
    ...unit("R410A", 3),
    lastCheckDate: "2026-01-15",
    installedOn: "2024-05-02",
    lastLeakRepairDate: null,
    ...fields,
  });

  it("warns 30 days ahead", () => {
    expect(DUE_SOON_DAYS).toBe(30);
  });

  it.each([
    ["2026-06-01", "ok"],
    ["2026-12-15", "ok"], // 31 days left
    ["2026-12-16", "due-soon"], // 30 days left
    ["2027-01-14", "due-soon"],
    ["2027-01-15", "due-soon"], // the due day is still on time
    ["2027-01-16", "overdue"],
    ["2028-01-01", "overdue"],
  ] as const)("checked 2026-01-15, due 2027-01-15: on %s %s", (today, status) => {
    expect(checkDueDate(registered())).toBe("2027-01-15");
    expect(checkStatus(registered(), today)).toBe(status);
  });

  it("has no due date and status none without a duty, whatever the dates", () => {
    for (const fields of [
      { refrigerant: "R32", chargeKg: 1.2 },
      { refrigerant: "R290", chargeKg: 2000 },
      { hermeticallySealed: true },
      { refrigerant: "R32", chargeKg: 1.2, lastCheckDate: null, installedOn: null },
      { refrigerant: "R32", chargeKg: 1.2, lastLeakRepairDate: "2020-01-01" },
    ] as const) {
      expect(checkDueDate(registered(fields))).toBeNull();
      expect(checkStatus(registered(fields), "2030-01-01")).toBe("none");
    }
  });

  it("counts the interval from the leak detection system's longer interval", () => {
    expect(checkDueDate(registered({ leakDetection: true }))).toBe("2028-01-15");
    expect(checkStatus(registered({ leakDetection: true }), "2027-12-16")).toBe("due-soon");
    expect(checkStatus(registered({ leakDetection: true }), "2027-12-15")).toBe("ok");
  });

  it("counts from the installation while no check is recorded, and from the last check once one is", () => {
    expect(checkDueDate(registered({ lastCheckDate: null, installedOn: "2026-06-30" }))).toBe("2027-06-30");
    expect(checkDueDate(registered({ lastCheckDate: "2026-08-31", installedOn: "2026-06-30" }))).toBe("2027-08-31");
    expect(checkStatus(registered({ lastCheckDate: null, installedOn: "2026-06-30" }), "2026-07-01")).toBe("ok");
  });

  it("calls a unit with a duty but nothing to count from overdue", () => {
    const unknown = registered({ lastCheckDate: null, installedOn: null });
    expect(checkDueDate(unknown)).toBeNull();
    expect(checkStatus(unknown, "2026-01-01")).toBe("overdue");
  });

  it("brings the due date forward to the follow-up's last day after a repaired leak", () => {
    const repaired = registered({ lastLeakRepairDate: "2026-03-10" });
    expect(checkDueDate(repaired)).toBe("2026-04-10");
    expect(checkStatus(repaired, "2026-03-10")).toBe("ok"); // 31 days left
    expect(checkStatus(repaired, "2026-03-11")).toBe("due-soon");
    expect(checkStatus(repaired, "2026-04-10")).toBe("due-soon");
    expect(checkStatus(repaired, "2026-04-11")).toBe("overdue");
  });

  it("counts the follow-up as done by a check from the day after the repair, not by one on the repair day", () => {
    expect(checkDueDate(registered({ lastLeakRepairDate: "2026-03-10", lastCheckDate: "2026-03-11" }))).toBe("2027-03-11");
    expect(checkDueDate(registered({ lastLeakRepairDate: "2026-03-10", lastCheckDate: "2026-05-20" }))).toBe("2027-05-20"); // late, but done
    expect(checkDueDate(registered({ lastLeakRepairDate: "2026-03-10", lastCheckDate: "2026-03-10" }))).toBe("2026-04-10");
    expect(checkDueDate(registered({ lastLeakRepairDate: "2026-03-10", lastCheckDate: "2026-03-09" }))).toBe("2026-04-10");
  });

  it("keeps the periodic due date when it comes before the follow-up's last day", () => {
    expect(checkDueDate(registered({ lastCheckDate: "2025-04-01", lastLeakRepairDate: "2026-03-20" }))).toBe("2026-04-01");
    expect(checkDueDate(registered({ lastCheckDate: "2025-04-20", lastLeakRepairDate: "2026-03-20" }))).toBe("2026-04-20");
    expect(checkDueDate(registered({ lastCheckDate: "2025-04-21", lastLeakRepairDate: "2026-03-20" }))).toBe("2026-04-20");
  });

  it("names the follow-up a repaired leak still waits for, until a check from the day after the repair", () => {
    const window = { repairedOn: "2026-03-10", earliest: "2026-03-11", latest: "2026-04-10" };
    expect(pendingFollowUp(registered({ lastLeakRepairDate: "2026-03-10", lastCheckDate: "2026-03-10" }))).toEqual(window);
    expect(pendingFollowUp(registered({ lastLeakRepairDate: "2026-03-10", lastCheckDate: null }))).toEqual(window);
    expect(pendingFollowUp(registered({ lastLeakRepairDate: "2026-03-10", lastCheckDate: "2026-03-11" }))).toBeNull();
    expect(pendingFollowUp(registered({ lastLeakRepairDate: "2026-03-10", lastCheckDate: "2026-06-01" }))).toBeNull(); // late, but done
    expect(pendingFollowUp(registered({ lastLeakRepairDate: null }))).toBeNull();
    // Only equipment with a check duty (Art. 5(1)) has one.
    expect(pendingFollowUp(registered({ lastLeakRepairDate: "2026-03-10", lastCheckDate: "2026-03-10", refrigerant: "R32", chargeKg: 1.2 }))).toBeNull();
    expect(pendingFollowUp(registered({ lastLeakRepairDate: "2026-03-10", lastCheckDate: "2026-03-10", hermeticallySealed: true }))).toBeNull();
  });

  it("needs the follow-up after a repair on a unit that was never checked", () => {
    expect(checkDueDate(registered({ lastCheckDate: null, installedOn: "2026-01-01", lastLeakRepairDate: "2026-02-01" }))).toBe("2026-03-01");
  });

  it("rejects an invalid today", () => {
    expect(() => checkStatus(registered(), "2026-13-01")).toThrow(RangeError);
  });
});

describe("the Swedish yearly report (SFS 2016:1128 15 §)", () => {
  const installed = (refrigerant: Refrigerant, chargeKg: number, fields: Partial<InstallationUnit> = {}): InstallationUnit => ({
    ...unit(refrigerant, chargeKg),
    inServiceFrom: null,
    inServiceUntil: null,
    ...fields,
  });

  it("sums the units with a check duty (worked example 7)", () => {
    const site = [installed("R410A", 3), installed("R407C", 6), installed("R32", 1.2)];
    expect(peakCheckDutyTonnes(site, 2026)).toBe(16.905); // 6 262.5 + 10 643.1 kg; the R32 unit (0.81 t) does not count
    expect(yearlyReportRequired(site, 2026)).toBe(true);
    const withoutR407C = [installed("R410A", 3), installed("R32", 1.2)];
    expect(peakCheckDutyTonnes(withoutR407C, 2026)).toBe(6.262);
    expect(yearlyReportRequired(withoutR407C, 2026)).toBe(false);
  });

  it("reports from exactly 14 t, compared exactly", () => {
    // 13.22 kg R32 is 8 923.5 kg and 3.55 kg R134a 5 076.5 kg CO2e: 14 000 kg together.
    expect(peakCheckDutyTonnes([installed("R32", 13.22), installed("R134a", 3.55)], 2026)).toBe(14);
    expect(yearlyReportRequired([installed("R32", 13.22), installed("R134a", 3.55)], 2026)).toBe(true);
    expect(peakCheckDutyTonnes([installed("R32", 13.219), installed("R134a", 3.55)], 2026)).toBe(13.999);
    expect(yearlyReportRequired([installed("R32", 13.219), installed("R134a", 3.55)], 2026)).toBe(false);
  });

  it("counts neither units below 5 t, nor exempt hermetic ones, nor non-F-gases, however many", () => {
    expect(
      yearlyReportRequired(
        Array.from({ length: 20 }, () => installed("R32", 7.407)),
        2026,
      ),
    ).toBe(false); // 20 × 4.9997 t
    expect(
      yearlyReportRequired(
        Array.from({ length: 20 }, () => installed("R32", 7.408)),
        2026,
      ),
    ).toBe(true);
    const hermetic = { hermeticallySealed: true };
    expect(yearlyReportRequired([installed("R410A", 4.5, hermetic), installed("R410A", 4.5, hermetic)], 2026)).toBe(false);
    expect(yearlyReportRequired([installed("R410A", 4.5), installed("R410A", 4.5)], 2026)).toBe(true); // 18.7875 t
    expect(peakCheckDutyTonnes([installed("R290", 100_000), installed("R744", 100_000)], 2026)).toBe(0);
    expect(yearlyReportRequired([installed("R290", 100_000), installed("R744", 100_000)], 2026)).toBe(false);
    expect(yearlyReportRequired([], 2026)).toBe(false);
    expect(peakCheckDutyTonnes([], 2026)).toBe(0);
  });

  it("takes the most held at any one time in the year, not the year's sum", () => {
    const kept = installed("R410A", 3); // 6.2625 t each
    const replaced = installed("R410A", 3, { inServiceUntil: "2026-03-31" });
    const replacement = (from: string) => installed("R410A", 3, { inServiceFrom: from });
    expect(peakCheckDutyTonnes([kept, replaced, replacement("2026-04-01")], 2026)).toBe(12.525);
    expect(yearlyReportRequired([kept, replaced, replacement("2026-04-01")], 2026)).toBe(false);
    // Both in service on 31 March (days included): 18.7875 t.
    expect(peakCheckDutyTonnes([kept, replaced, replacement("2026-03-31")], 2026)).toBe(18.787);
    expect(yearlyReportRequired([kept, replaced, replacement("2026-03-31")], 2026)).toBe(true);
    // A unit added mid-year counts from its first day.
    expect(
      yearlyReportRequired([kept, installed("R410A", 3, { inServiceFrom: "2026-12-31" }), installed("R410A", 3, { inServiceFrom: "2026-07-01" })], 2026),
    ).toBe(true);
  });

  it("counts only units in service during the year", () => {
    const big = (fields: Partial<InstallationUnit>) => installed("R134a", 20, fields); // 28.6 t
    expect(yearlyReportRequired([big({ inServiceUntil: "2025-12-31" })], 2026)).toBe(false);
    expect(yearlyReportRequired([big({ inServiceUntil: "2026-01-01" })], 2026)).toBe(true);
    expect(yearlyReportRequired([big({ inServiceFrom: "2027-01-01" })], 2026)).toBe(false);
    expect(yearlyReportRequired([big({ inServiceFrom: "2026-12-31" })], 2026)).toBe(true);
    expect(yearlyReportRequired([big({ inServiceFrom: "2026-01-01" })], 2026)).toBe(true);
    expect(yearlyReportRequired([big({ inServiceFrom: "2020-01-01", inServiceUntil: "2026-06-30" })], 2026)).toBe(true);
    // In service together only before the year.
    expect(yearlyReportRequired([big({ inServiceFrom: "2020-05-01", inServiceUntil: "2025-06-01" }), big({ inServiceUntil: "2025-12-31" })], 2026)).toBe(false);
    expect(peakCheckDutyTonnes([big({ inServiceFrom: "2020-05-01", inServiceUntil: "2025-06-01" }), big({ inServiceUntil: "2025-12-31" })], 2026)).toBe(0);
    // Together only after the year.
    expect(
      yearlyReportRequired([big({ inServiceFrom: "2027-02-01" }), installed("R32", 10, { inServiceFrom: "2026-02-01", inServiceUntil: "2026-12-31" })], 2026),
    ).toBe(false);
  });

  it("is due by 31 March the following year", () => {
    expect(yearlyReportDeadline(2026)).toBe("2027-03-31");
    expect(yearlyReportDeadline(1000)).toBe("1001-03-31");
    expect(yearlyReportDeadline(9998)).toBe("9999-03-31");
  });

  it.each([999, 9999, 2026.5, Number.NaN])("rejects the year %f", (year) => {
    expect(() => yearlyReportDeadline(year)).toThrow(RangeError);
    expect(() => yearlyReportDeadline(year)).toThrow(`Invalid year ${year}`);
    expect(() => yearlyReportRequired([], year)).toThrow(RangeError);
    expect(() => peakCheckDutyTonnes([], year)).toThrow(RangeError);
  });

  it("accepts the first and last four-digit years it supports", () => {
    expect(yearlyReportRequired([installed("R134a", 20)], 1000)).toBe(true);
    expect(yearlyReportRequired([installed("R134a", 20)], 9998)).toBe(true);
  });
  describe("reportYears: the years an operator has a report to hand over", () => {
    const liable = (fields: Partial<InstallationUnit>) => installed("R410A", 3, fields); // 6.2625 t: every 12 months
    const TODAY = "2026-11-22";

    it("offers this year and the five before it (2024/573 Art. 7(2)), newest first, while a liable unit is in service", () => {
      expect(reportYears([liable({ inServiceFrom: "2010-04-01" })], TODAY)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
      expect(reportYears([liable({})], TODAY)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
    });

    it("starts with the year the first liable unit came into service, on any day of it", () => {
      expect(reportYears([liable({ inServiceFrom: "2024-12-31" })], TODAY)).toEqual([2026, 2025, 2024]);
      expect(reportYears([liable({ inServiceFrom: "2025-01-01" })], TODAY)).toEqual([2026, 2025]);
      expect(reportYears([liable({ inServiceFrom: "2025-01-01" }), liable({ inServiceFrom: "2023-06-01" })], TODAY)).toEqual([2026, 2025, 2024, 2023]);
    });

    it("counts this year up to today only, and a year a unit left service in", () => {
      expect(reportYears([liable({ inServiceFrom: TODAY })], TODAY)).toEqual([2026]);
      expect(reportYears([liable({ inServiceFrom: "2026-11-23" })], TODAY)).toEqual([]);
      expect(reportYears([liable({ inServiceFrom: "2022-03-01", inServiceUntil: "2024-01-01" })], TODAY)).toEqual([2024, 2023, 2022]);
      expect(reportYears([liable({ inServiceFrom: "2022-03-01", inServiceUntil: "2023-12-31" })], TODAY)).toEqual([2023, 2022]);
    });

    it("offers nothing for units without a duty: below 5 t, exempt hermetic, not an F-gas, or none at all", () => {
      expect(reportYears([installed("R410A", 2.395), installed("R410A", 4.5, { hermeticallySealed: true }), installed("R290", 100_000)], TODAY)).toEqual([]);
      expect(reportYears([], TODAY)).toEqual([]);
      expect(reportYears([installed("R410A", 2.396)], TODAY)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]); // 5.001 t
    });
  });
});
