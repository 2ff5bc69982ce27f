import { describe, expect, it } from "vitest";
import { formatDayMonthYear, formatLongDate, formatLongDateTime, formatMonthList, formatMonthYear, monthNameOf, weekdayNames } from "./format-date";

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

  it("writes a day without its weekday, and names a month by its number", () => {
    expect(formatDayMonthYear("2026-06-01")).toBe("1 juni 2026");
    expect(formatDayMonthYear("2026-02-30")).toBe("2026-02-30");
    expect([1, 5, 12].map(monthNameOf)).toEqual(["januari", "maj", "december"]);
    expect(formatMonthList([5])).toBe("maj");
    expect(formatMonthList([5, 11])).toBe("maj och november");
    expect(formatMonthList([2, 5, 8, 11])).toBe("februari, maj, augusti och november");
  });

  it("writes an instant in running text on Stockholm's clock, winter and summer", () => {
    expect(formatLongDateTime("2026-11-26T13:05:00.000Z")).toBe("26 november 2026 kl. 14.05");
    expect(formatLongDateTime("2026-06-30T22:30:00.000Z")).toBe("1 juli 2026 kl. 00.30");
    expect(formatLongDateTime("nonsense")).toBe("nonsense");
  });
});
