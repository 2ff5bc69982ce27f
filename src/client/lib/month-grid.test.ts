import { describe, expect, it } from "vitest";
import { addMonths, daysInMonth, monthBounds, monthGrid, monthOf, nextEnabledDate } from "./month-grid";

describe("month arithmetic", () => {
  it("moves across year boundaries both ways", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect(addMonths("2026-03", 14)).toBe("2027-05");
    expect(addMonths("2026-03", 0)).toBe("2026-03");
  });

  it("knows the length of each month, leap years included", () => {
    expect(daysInMonth("2026-02")).toBe(28);
    expect(daysInMonth("2028-02")).toBe(29);
    expect(daysInMonth("2026-04")).toBe(30);
    expect(daysInMonth("2026-12")).toBe(31);
    expect(monthBounds("2026-02")).toEqual({ first: "2026-02-01", last: "2026-02-28" });
    expect(monthOf("2026-12-07")).toBe("2026-12");
  });
});

describe("monthGrid", () => {
  it("starts the weeks on Monday and pads with empty cells", () => {
    // 1 December 2026 is a Tuesday, 31 December a Thursday.
    const weeks = monthGrid("2026-12");
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"]);
    expect(weeks[1][0]).toBe("2026-12-07"); // a Monday
    expect(weeks[4]).toEqual(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", null, null, null]);
  });

  it("has every day of the month exactly once, in order", () => {
    for (const month of ["2026-02", "2026-03", "2026-10", "2027-02", "2028-02"]) {
      const days = monthGrid(month)
        .flat()
        .filter((d): d is string => d !== null);
      expect(days).toHaveLength(daysInMonth(month));
      expect(days[0]).toBe(`${month}-01`);
      expect([...days].sort()).toEqual(days);
      monthGrid(month).forEach((week) => expect(week).toHaveLength(7));
    }
  });

  it("needs no leading padding when the month starts on a Monday and six rows at most", () => {
    // 1 June 2026 is a Monday; 1 August 2026 a Saturday (31 days → six rows).
    expect(monthGrid("2026-06")[0][0]).toBe("2026-06-01");
    expect(monthGrid("2026-08")).toHaveLength(6);
  });
});

describe("nextEnabledDate", () => {
  const enabled = new Set(["2026-12-07", "2026-12-14", "2026-12-15", "2027-01-04"]);
  const isEnabled = (d: string) => enabled.has(d);

  it("skips days that cannot be picked", () => {
    expect(nextEnabledDate("2026-12-07", 1, isEnabled, "2026-12-01", "2027-02-01")).toBe("2026-12-14");
    expect(nextEnabledDate("2026-12-15", -1, isEnabled, "2026-12-01", "2027-02-01")).toBe("2026-12-14");
    expect(nextEnabledDate("2026-12-07", 7, isEnabled, "2026-12-01", "2027-02-01")).toBe("2026-12-14");
  });

  it("crosses into the next month and stops at the bounds", () => {
    expect(nextEnabledDate("2026-12-15", 1, isEnabled, "2026-12-01", "2027-02-01")).toBe("2027-01-04");
    expect(nextEnabledDate("2026-12-15", 1, isEnabled, "2026-12-01", "2026-12-31")).toBeNull();
    expect(nextEnabledDate("2026-12-07", -7, isEnabled, "2026-12-01", "2026-12-31")).toBeNull();
  });
});
