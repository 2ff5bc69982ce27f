import { afterEach, describe, expect, it } from "vitest";
import { addDays, daysBetween, isIsoDate, isWallTime, todayIn, toMinutes, weekdayOf, zonedInstant } from "./calendar";

describe("todayIn: today's date in Stockholm", () => {
  it.each([
    // [now (UTC), Stockholm date]
    ["2026-11-22T22:59:59Z", "2026-11-22"], // 23:59:59 CET
    ["2026-11-22T23:00:00Z", "2026-11-23"], // midnight CET
    ["2026-11-22T23:30:00Z", "2026-11-23"], // still the 22nd in UTC, already the 23rd in Stockholm
    ["2026-06-30T21:59:00Z", "2026-06-30"], // 23:59 CEST
    ["2026-06-30T22:30:00Z", "2026-07-01"], // 00:30 CEST
    ["2026-12-31T23:00:00Z", "2027-01-01"], // new year in Stockholm first
    ["2026-03-29T00:59:00Z", "2026-03-29"], // DST day, before the change
    ["2026-10-25T23:30:00Z", "2026-10-26"], // DST day, after the change (CET again)
  ])("at %s it is %s", (now, expected) => {
    expect(todayIn(new Date(now))).toBe(expected);
    expect(todayIn(new Date(now), "Europe/Stockholm")).toBe(expected);
  });

  it("uses the time zone it is given", () => {
    expect(todayIn(new Date("2026-11-22T23:30:00Z"), "UTC")).toBe("2026-11-22");
    expect(todayIn(new Date("2026-11-22T23:30:00Z"), "America/New_York")).toBe("2026-11-22");
  });
});

describe("plain-date arithmetic", () => {
  it.each([
    ["2026-03-02", 14, "2026-03-16"],
    ["2026-03-28", 1, "2026-03-29"], // across the spring DST change
    ["2026-03-28", 2, "2026-03-30"],
    ["2026-10-24", 2, "2026-10-26"], // across the autumn DST change
    ["2026-12-25", 10, "2027-01-04"],
    ["2028-02-28", 1, "2028-02-29"], // leap year
    ["2026-03-01", -1, "2026-02-28"],
  ])("addDays(%s, %i) is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
  });

  it("counts whole days across DST changes", () => {
    expect(daysBetween("2026-03-01", "2026-05-14")).toBe(74);
    expect(daysBetween("2026-10-01", "2026-12-14")).toBe(74);
  });

  it.each([
    ["2026-03-02", 1],
    ["2026-03-03", 2],
    ["2026-03-04", 3],
    ["2026-03-05", 4],
    ["2026-03-06", 5],
    ["2026-03-07", 6],
    ["2026-03-08", 0],
    ["2026-03-29", 0],
    ["2026-10-25", 0],
  ])("weekdayOf(%s) is %i", (date, day) => {
    expect(weekdayOf(date)).toBe(day);
  });

  // 0050-06-15: Date.UTC would read a year below 100 as 19xx.
  it.each(["2026-02-29", "2026-13-01", "2026-00-10", "0050-06-15", "2026-3-2", "20260302", "2026-03-02T00:00", " 2026-03-02", "", "abc"])(
    "rejects '%s' as a date",
    (value) => {
      expect(isIsoDate(value)).toBe(false);
      expect(() => addDays(value, 1)).toThrow(RangeError);
      expect(() => daysBetween(value, "2026-03-02")).toThrow(RangeError);
    },
  );

  it("accepts real dates only", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate(20260302)).toBe(false);
    expect(isIsoDate(null)).toBe(false);
    // A list that prints as a date (a query parameter given twice) is not one.
    expect(isIsoDate(["2026-03-02"])).toBe(false);
  });

  it("names the value it refuses", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow("Invalid date '2026-02-30', expected YYYY-MM-DD");
    expect(() => toMinutes("24:00")).toThrow("Invalid time '24:00', expected HH:MM");
  });

  it("reads wall-clock times strictly", () => {
    expect(toMinutes("00:00")).toBe(0);
    expect(toMinutes("15:30")).toBe(930);
    expect(toMinutes("23:59")).toBe(1439);
    // 10:00:00 is how the database writes a time; 110:00 and 10:000 hold one too many digits.
    for (const bad of ["24:00", "7:00", "07:60", "07.00", "", "10:00:00", "110:00", "10:000"]) {
      expect(isWallTime(bad)).toBe(false);
      expect(() => toMinutes(bad)).toThrow(RangeError);
    }
    expect(isWallTime(["10:00"])).toBe(false);
  });
});

describe("zonedInstant: Stockholm wall clock to UTC", () => {
  it.each([
    ["2026-03-28", "08:00", "2026-03-28T07:00:00.000Z"], // winter time (CET, +1)
    ["2026-03-29", "08:00", "2026-03-29T06:00:00.000Z"], // DST day, summer time from 02:00
    ["2026-03-29", "10:00", "2026-03-29T08:00:00.000Z"],
    ["2026-03-29", "01:30", "2026-03-29T00:30:00.000Z"], // before the change
    ["2026-03-30", "08:00", "2026-03-30T06:00:00.000Z"],
    ["2026-07-15", "15:30", "2026-07-15T13:30:00.000Z"],
    ["2026-10-24", "08:00", "2026-10-24T06:00:00.000Z"], // still summer time
    ["2026-10-25", "08:00", "2026-10-25T07:00:00.000Z"], // DST day, winter time from 03:00
    ["2026-10-25", "10:00", "2026-10-25T09:00:00.000Z"],
    ["2026-10-26", "17:30", "2026-10-26T16:30:00.000Z"],
  ])("%s %s Stockholm is %s", (date, time, iso) => {
    expect(zonedInstant(date, time).toISOString()).toBe(iso);
    expect(zonedInstant(date, time, "Europe/Stockholm").toISOString()).toBe(iso);
  });

  it("uses the time zone it is given", () => {
    expect(zonedInstant("2026-03-29", "10:00", "UTC").toISOString()).toBe("2026-03-29T10:00:00.000Z");
  });

  it("refuses malformed input", () => {
    expect(() => zonedInstant("2026-02-30", "10:00")).toThrow(RangeError);
    expect(() => zonedInstant("2026-03-29", "25:00")).toThrow(RangeError);
  });
});

describe("independence from the machine's time zone", () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each([
    ["America/Los_Angeles", 480],
    ["Asia/Tokyo", -540],
    ["UTC", 0],
    ["Australia/Lord_Howe", -660],
  ])("gives the same answers when TZ=%s", (tz, offset) => {
    process.env.TZ = tz;
    expect(new Date("2026-01-01T00:00:00Z").getTimezoneOffset()).toBe(offset); // the machine zone did change
    expect(todayIn(new Date("2026-11-22T23:30:00Z"))).toBe("2026-11-23");
    expect(zonedInstant("2026-10-25", "10:00").toISOString()).toBe("2026-10-25T09:00:00.000Z");
    expect(zonedInstant("2026-03-29", "10:00").toISOString()).toBe("2026-03-29T08:00:00.000Z");
    expect(weekdayOf("2026-03-29")).toBe(0);
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
  });
});
