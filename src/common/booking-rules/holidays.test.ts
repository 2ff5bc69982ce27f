import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generatedModule, OUTPUT } from "../../../scripts/generate-holidays.mjs";
import { closedDayName, closedDaysOfYear, isClosedDay } from "./holidays";
import { adminSlots, bookableDatesInRange, bookableSlots, dateRejection, firstBookableDate, isAdminBookableDate, isBookableDate } from "./slots";
import { dateRejectionMessage } from "./text";
import { SERVICE_TYPES } from "../constants";

// rules D22: closed on every Swedish public holiday (allmän helgdag) and on midsommarafton,
// julafton and nyårsafton. The expected days are written out by hand from the almanac, not derived
// from the table, for the years the business plans in.
const EXPECTED: Record<number, Record<string, string>> = {
  2026: {
    nyårsdagen: "2026-01-01",
    "trettondedag jul": "2026-01-06",
    långfredagen: "2026-04-03",
    påskdagen: "2026-04-05",
    "annandag påsk": "2026-04-06",
    "första maj": "2026-05-01",
    "Kristi himmelsfärdsdag": "2026-05-14",
    pingstdagen: "2026-05-24",
    nationaldagen: "2026-06-06",
    midsommarafton: "2026-06-19",
    midsommardagen: "2026-06-20",
    "alla helgons dag": "2026-10-31",
    julafton: "2026-12-24",
    juldagen: "2026-12-25",
    "annandag jul": "2026-12-26",
    nyårsafton: "2026-12-31",
  },
  2027: {
    nyårsdagen: "2027-01-01",
    "trettondedag jul": "2027-01-06",
    långfredagen: "2027-03-26",
    påskdagen: "2027-03-28",
    "annandag påsk": "2027-03-29",
    "första maj": "2027-05-01",
    "Kristi himmelsfärdsdag": "2027-05-06",
    pingstdagen: "2027-05-16",
    nationaldagen: "2027-06-06",
    midsommarafton: "2027-06-25",
    midsommardagen: "2027-06-26",
    "alla helgons dag": "2027-11-06",
    julafton: "2027-12-24",
    juldagen: "2027-12-25",
    "annandag jul": "2027-12-26",
    nyårsafton: "2027-12-31",
  },
  2028: {
    nyårsdagen: "2028-01-01",
    "trettondedag jul": "2028-01-06",
    långfredagen: "2028-04-14",
    påskdagen: "2028-04-16",
    "annandag påsk": "2028-04-17",
    "första maj": "2028-05-01",
    "Kristi himmelsfärdsdag": "2028-05-25",
    pingstdagen: "2028-06-04",
    nationaldagen: "2028-06-06",
    midsommarafton: "2028-06-23",
    midsommardagen: "2028-06-24",
    "alla helgons dag": "2028-11-04",
    julafton: "2028-12-24",
    juldagen: "2028-12-25",
    "annandag jul": "2028-12-26",
    nyårsafton: "2028-12-31",
  },
  2029: {
    nyårsdagen: "2029-01-01",
    "trettondedag jul": "2029-01-06",
    långfredagen: "2029-03-30",
    påskdagen: "2029-04-01",
    "annandag påsk": "2029-04-02",
    "första maj": "2029-05-01",
    "Kristi himmelsfärdsdag": "2029-05-10",
    pingstdagen: "2029-05-20",
    nationaldagen: "2029-06-06",
    midsommarafton: "2029-06-22",
    midsommardagen: "2029-06-23",
    "alla helgons dag": "2029-11-03",
    julafton: "2029-12-24",
    juldagen: "2029-12-25",
    "annandag jul": "2029-12-26",
    nyårsafton: "2029-12-31",
  },
  2030: {
    nyårsdagen: "2030-01-01",
    "trettondedag jul": "2030-01-06",
    långfredagen: "2030-04-19",
    påskdagen: "2030-04-21",
    "annandag påsk": "2030-04-22",
    "första maj": "2030-05-01",
    "Kristi himmelsfärdsdag": "2030-05-30",
    pingstdagen: "2030-06-09",
    nationaldagen: "2030-06-06",
    midsommarafton: "2030-06-21",
    midsommardagen: "2030-06-22",
    "alla helgons dag": "2030-11-02",
    julafton: "2030-12-24",
    juldagen: "2030-12-25",
    "annandag jul": "2030-12-26",
    nyårsafton: "2030-12-31",
  },
};

const YEARS = Object.keys(EXPECTED).map(Number);
const ROWS = YEARS.flatMap((year) => Object.entries(EXPECTED[year]).map(([name, date]) => [year, name, date] as const));

describe("Swedish holidays and eves (rules D22)", () => {
  it.each(ROWS)("%i: %s is %s and closed", (_year, name, date) => {
    expect(closedDayName(date)).toBe(name);
    expect(isClosedDay(date)).toBe(true);
  });

  it.each(YEARS)("%i has exactly the sixteen closed days and no others", (year) => {
    const expected = Object.entries(EXPECTED[year])
      .map(([name, date]) => ({ date, name }))
      .sort((a, b) => a.date.localeCompare(b.date));
    expect(closedDaysOfYear(year)).toEqual(expected);
  });

  it.each([
    ["2026-01-05", "trettondagsafton: an ordinary working day"],
    ["2026-04-02", "skärtorsdagen"],
    ["2026-04-04", "påskafton (a Saturday, open)"],
    ["2026-04-30", "valborgsmässoafton"],
    ["2026-05-25", "annandag pingst (no longer a holiday since 2005)"],
    ["2026-06-05", "the day before nationaldagen"],
    ["2026-10-30", "allhelgonaafton"],
    ["2026-12-23", "the day before julafton"],
    ["2026-12-28", "between the holidays"],
    ["2027-01-02", "the day after nyårsdagen"],
  ])("%s is open (%s)", (date) => {
    expect(closedDayName(date)).toBeNull();
    expect(isClosedDay(date)).toBe(false);
  });

  it("is null for invalid dates and outside the table's years", () => {
    for (const bad of ["2026-02-30", "2026-12-24T00:00", "", "24/12/2026"]) expect(closedDayName(bad)).toBeNull();
    expect(closedDaysOfYear(1999)).toEqual([]);
    expect(closedDaysOfYear(2100)).toEqual([]);
    expect(closedDaysOfYear(2099)).toHaveLength(16);
    // The table's first and last years are in it.
    expect(closedDayName("2000-12-25")).toBe("juldagen");
    expect(closedDayName("2099-12-25")).toBe("juldagen");
  });

  it("the generated table is what date-holidays says today (run `npm run generate:holidays` if not)", () => {
    expect(readFileSync(OUTPUT, "utf8")).toBe(generatedModule());
  });
});

describe("holidays in the booking rules", () => {
  // A today far enough back that the whole Christmas week lies inside every service's window.
  const today = "2026-11-22";

  it.each([
    ["2026-12-24", "julafton, a Thursday"],
    ["2026-12-25", "juldagen, a Friday"],
    ["2026-12-26", "annandag jul, a Saturday"],
    ["2026-12-31", "nyårsafton, a Thursday"],
    ["2027-01-01", "nyårsdagen, a Friday"],
  ])("no service type can be booked on %s (%s)", (date) => {
    for (const serviceType of SERVICE_TYPES) {
      expect(dateRejection(serviceType, date, today)).toBe("holiday");
      expect(isBookableDate(serviceType, date, today)).toBe(false);
      expect(bookableSlots(serviceType, date, today)).toEqual([]);
    }
  });

  it("trettondedag jul (a Wednesday in 2027) is closed for every service that works Wednesdays", () => {
    for (const serviceType of SERVICE_TYPES) expect(dateRejection(serviceType, "2027-01-06", "2026-12-01")).toBe("holiday");
  });

  it.each([
    ["långfredagen", "2027-03-26", "2027-02-01"],
    ["annandag påsk", "2027-03-29", "2027-02-01"],
    ["Kristi himmelsfärdsdag", "2027-05-06", "2027-03-01"],
    ["midsommarafton", "2027-06-25", "2027-05-01"],
    ["alla helgons dag", "2027-11-06", "2027-09-01"],
  ])("the moving %s (%s) is closed", (_name, date, from) => {
    expect(dateRejection("service", date, from)).toBe("holiday");
    expect(bookableDatesInRange("service", from, "2027-12-31", from)).not.toContain(date);
  });

  it("the days around the holidays stay bookable", () => {
    expect(isBookableDate("service", "2026-12-28", today)).toBe(true); // Monday between the holidays
    expect(isBookableDate("hembesok", "2026-12-23", today)).toBe(true);
    expect(bookableDatesInRange("service", "2026-12-21", "2027-01-09", today)).toEqual([
      "2026-12-21",
      "2026-12-22",
      "2026-12-23",
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2027-01-02",
      "2027-01-04",
      "2027-01-05",
      "2027-01-07",
      "2027-01-08",
      "2027-01-09",
    ]);
  });

  it("the first bookable date skips a holiday", () => {
    // 14 days after 2026-12-10 is julafton; the first service day after it is Monday the 28th.
    expect(firstBookableDate("installation", "2026-12-10")).toBe("2026-12-29");
    expect(firstBookableDate("service", "2026-12-10")).toBe("2026-12-28");
  });

  it("the server's message names the day", () => {
    expect(dateRejectionMessage("holiday", "service", "2026-12-24")).toBe("Vi har stängt på julafton. Välj ett annat datum.");
    expect(dateRejectionMessage("holiday", "service")).toMatch(/helgdagar/);
  });

  it("staff may still book a holiday themselves (rules D6)", () => {
    expect(isAdminBookableDate("2026-12-26", today)).toBe(true);
    expect(adminSlots("service", "2026-12-26").length).toBeGreaterThan(0);
  });
});
