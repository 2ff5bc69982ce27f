import { describe, expect, it } from "vitest";
import { formatLongDate, formatMonthYear, weekdayNames } from "./format-date";

describe("Swedish dates", () => {
  it("writes a booking date the Swedish way, whatever the machine's time zone", () => {
    expect(formatLongDate("2026-12-07")).toBe("måndag 7 december 2026");
    expect(formatLongDate("2026-03-29")).toBe("söndag 29 mars 2026");
    expect(formatLongDate("2026-10-25")).toBe("söndag 25 oktober 2026");
    expect(formatLongDate("not a date")).toBe("not a date");
  });

  it("names the month and the weekdays, Monday first", () => {
    expect(formatMonthYear("2026-12-01")).toBe("december 2026");
    expect(weekdayNames().map((d) => d.long)).toEqual(["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"]);
  });
});
