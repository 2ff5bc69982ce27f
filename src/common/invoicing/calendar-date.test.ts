import { describe, expect, it } from "vitest";
import { daysInMonth, isCalendarDate, isIsoDate, isLeapYear } from "./calendar-date";

describe("isLeapYear", () => {
  it.each([
    [2024, true],
    [2028, true],
    [2000, true],
    [1600, true],
    [2026, false],
    [2023, false],
    [1900, false],
    [2100, false],
    [1800, false],
  ])("%i: %s", (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });
});

describe("daysInMonth", () => {
  it("knows every month of a common year", () => {
    expect(Array.from({ length: 12 }, (_, i) => daysInMonth(2026, i + 1))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
  });

  it("gives February 29 days in a leap year", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
  });
});

describe("isCalendarDate", () => {
  it.each([
    [2026, 1, 1, true],
    [2026, 12, 31, true],
    [2026, 4, 30, true],
    [2024, 2, 29, true],
    [2026, 2, 29, false],
    [2026, 4, 31, false],
    [2026, 1, 32, false],
    [2026, 1, 0, false],
    [2026, 0, 1, false],
    [2026, 13, 1, false],
  ])("%i-%i-%i: %s", (year, month, day, real) => {
    expect(isCalendarDate(year, month, day)).toBe(real);
  });
});

describe("isIsoDate", () => {
  it.each([
    ["2026-11-26", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-00-10", false],
    ["2026-1-10", false],
    ["26-11-26", false],
    ["2026-11-26 ", false],
    [" 2026-11-26", false],
    ["20261126", false],
    ["", false],
  ])("%j: %s", (value, valid) => {
    expect(isIsoDate(value)).toBe(valid);
  });
});
