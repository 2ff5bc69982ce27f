import { describe, expect, it } from "vitest";
import {
  PROPOSAL_LEAD_DAYS,
  addYears,
  agreementStatus,
  agreementYearEnd,
  agreementYearIndex,
  agreementYearStart,
  discountedOre,
  monthName,
  monthRange,
  nextVisitMonth,
  proposalDue,
  upcomingVisitMonths,
  visitMonths,
  type AgreementState,
  type VisitSchedule,
} from "./terms";

// The service agreements' pure rules (issue 26), case by case with a fixed "today".

describe("addYears", () => {
  it("keeps the day, and makes 29 February the 28th in a common year", () => {
    expect(addYears("2026-03-15", 1)).toBe("2027-03-15");
    expect(addYears("2024-02-29", 1)).toBe("2025-02-28");
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
  });
});

describe("agreementYearStart", () => {
  const start = "2026-03-15";

  it("is the start date before and on it", () => {
    expect(agreementYearStart(start, "2025-12-31")).toBe(start);
    expect(agreementYearStart(start, start)).toBe(start);
  });

  it("is the last anniversary on or before the day", () => {
    expect(agreementYearStart(start, "2027-03-14")).toBe("2026-03-15");
    expect(agreementYearStart(start, "2027-03-15")).toBe("2027-03-15");
    expect(agreementYearStart(start, "2028-01-01")).toBe("2027-03-15");
    expect(agreementYearStart(start, "2036-03-16")).toBe("2036-03-15");
  });

  it("begins an agreement that started on 29 February on 28 February in common years and on the 29th in leap years", () => {
    const leap = "2024-02-29";
    expect(agreementYearStart(leap, "2025-02-27")).toBe("2024-02-29");
    expect(agreementYearStart(leap, "2025-02-28")).toBe("2025-02-28");
    expect(agreementYearStart(leap, "2027-12-31")).toBe("2027-02-28");
    expect(agreementYearStart(leap, "2028-02-28")).toBe("2027-02-28");
    expect(agreementYearStart(leap, "2028-02-29")).toBe("2028-02-29");
    expect(agreementYearStart(leap, "2029-02-28")).toBe("2029-02-28");
  });

  it("refuses a date that is not one", () => {
    expect(() => agreementYearStart("2026-02-30", "2026-03-01")).toThrow(RangeError);
    expect(() => agreementYearStart("2026-01-01", "inte")).toThrow(RangeError);
  });
});

describe("agreementYearEnd and agreementYearIndex", () => {
  it("ends each agreement year the day before the next anniversary", () => {
    expect(agreementYearEnd("2026-03-15", "2026-03-15")).toBe("2027-03-14");
    expect(agreementYearEnd("2026-03-15", "2028-03-15")).toBe("2029-03-14");
    expect(agreementYearIndex("2026-03-15", "2026-03-15")).toBe(0);
    expect(agreementYearIndex("2026-03-15", "2028-03-15")).toBe(2);
  });

  it("ends a 29 February agreement's years on the 27th, or the 28th before a leap year", () => {
    expect(agreementYearEnd("2024-02-29", "2024-02-29")).toBe("2025-02-27");
    expect(agreementYearEnd("2024-02-29", "2027-02-28")).toBe("2028-02-28");
    expect(agreementYearEnd("2024-02-29", "2028-02-29")).toBe("2029-02-27");
  });
});

describe("visitMonths", () => {
  it("spreads 1–4 visits evenly over the year from the visit month, in calendar order", () => {
    expect(visitMonths(4, 1)).toEqual([4]);
    expect(visitMonths(4, 2)).toEqual([4, 10]);
    expect(visitMonths(11, 2)).toEqual([5, 11]);
    expect(visitMonths(1, 3)).toEqual([1, 5, 9]);
    expect(visitMonths(10, 3)).toEqual([2, 6, 10]);
    expect(visitMonths(2, 4)).toEqual([2, 5, 8, 11]);
    expect(visitMonths(12, 4)).toEqual([3, 6, 9, 12]);
  });

  it("refuses a month or a number of visits out of range", () => {
    for (const [month, visits] of [
      [0, 1],
      [13, 1],
      [1.5, 1],
      [1, 0],
      [1, 5],
      [1, 2.5],
    ]) {
      expect(() => visitMonths(month, visits), `${month}, ${visits}`).toThrow(RangeError);
    }
  });
});

describe("monthRange and monthName", () => {
  it("gives a month's first and last day, February of leap years too", () => {
    expect(monthRange("2026-04")).toEqual({ first: "2026-04-01", last: "2026-04-30" });
    expect(monthRange("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(() => monthRange("2026-13")).toThrow(RangeError);
  });

  it("names the months in Swedish", () => {
    expect([1, 5, 12].map(monthName)).toEqual(["januari", "maj", "december"]);
    expect(() => monthName(0)).toThrow(RangeError);
    expect(() => monthName(13)).toThrow(RangeError);
  });
});

describe("upcomingVisitMonths and nextVisitMonth", () => {
  const schedule: VisitSchedule = { startDate: "2026-01-15", endsOn: null, visitMonth: 4, visitsPerYear: 2 };

  it("lists the visit months from the start date on", () => {
    expect(upcomingVisitMonths(schedule, "2025-06-01", 3)).toEqual(["2026-04", "2026-10", "2027-04"]);
    expect(upcomingVisitMonths({ ...schedule, startDate: "2026-06-01" }, "2026-01-01", 2)).toEqual(["2026-10", "2027-04"]);
  });

  it("counts the month of `from` until it ends", () => {
    expect(upcomingVisitMonths(schedule, "2026-04-30", 2)).toEqual(["2026-04", "2026-10"]);
    expect(upcomingVisitMonths(schedule, "2026-05-01", 2)).toEqual(["2026-10", "2027-04"]);
    expect(nextVisitMonth(schedule, "2026-10-31")).toBe("2026-10");
    expect(nextVisitMonth(schedule, "2026-11-01")).toBe("2027-04");
  });

  it("keeps a visit month cut by the start date", () => {
    expect(nextVisitMonth({ ...schedule, startDate: "2026-04-20" }, "2026-04-01")).toBe("2026-04");
  });

  it("stops at the end date: a month whose first day is after it is not the agreement's", () => {
    const ending = { startDate: "2026-01-01", visitMonth: 4, visitsPerYear: 1 };
    expect(upcomingVisitMonths({ ...ending, endsOn: "2027-04-01" }, "2026-01-01", 5)).toEqual(["2026-04", "2027-04"]);
    expect(upcomingVisitMonths({ ...ending, endsOn: "2027-03-31" }, "2026-01-01", 5)).toEqual(["2026-04"]);
    expect(nextVisitMonth({ ...ending, endsOn: "2027-03-31" }, "2026-05-01")).toBeNull();
  });

  it("gives the next four of four visits a year across the new year", () => {
    expect(upcomingVisitMonths({ startDate: "2026-01-01", endsOn: null, visitMonth: 2, visitsPerYear: 4 }, "2026-09-10", 4)).toEqual([
      "2026-11",
      "2027-02",
      "2027-05",
      "2027-08",
    ]);
  });
});

describe("proposalDue", () => {
  it(`is due from exactly ${PROPOSAL_LEAD_DAYS} days before the month until its last day`, () => {
    expect(proposalDue("2027-04", "2027-03-01")).toBe(false);
    expect(proposalDue("2027-04", "2027-03-02")).toBe(true); // 30 days before 1 April
    expect(proposalDue("2027-04", "2027-04-15")).toBe(true);
    expect(proposalDue("2027-04", "2027-04-30")).toBe(true); // the last day
    expect(proposalDue("2027-04", "2027-05-01")).toBe(false); // the day after
  });

  it("counts the 30 days across a short February and a year's end", () => {
    expect(proposalDue("2027-03", "2027-01-29")).toBe(false);
    expect(proposalDue("2027-03", "2027-01-30")).toBe(true);
    expect(proposalDue("2027-01", "2026-12-01")).toBe(false);
    expect(proposalDue("2027-01", "2026-12-02")).toBe(true);
  });
});

describe("agreementStatus", () => {
  const accepted: AgreementState = { startDate: "2026-01-01", acceptedAt: "2025-12-20T10:00:00Z", pausedAt: null, endsOn: null };
  const today = "2026-11-22";

  it("is ended from the day after the last day, before anything else", () => {
    expect(agreementStatus({ ...accepted, endsOn: "2026-11-22" }, today)).toBe("active");
    expect(agreementStatus({ ...accepted, endsOn: "2026-11-21" }, today)).toBe("ended");
    expect(agreementStatus({ ...accepted, acceptedAt: null, endsOn: "2026-11-21" }, today)).toBe("ended");
    expect(agreementStatus({ ...accepted, pausedAt: "2026-06-01T00:00:00Z", endsOn: "2026-11-21" }, today)).toBe("ended");
  });

  it("is pending until accepted, then paused while paused, else active", () => {
    expect(agreementStatus({ ...accepted, acceptedAt: null }, today)).toBe("pending");
    expect(agreementStatus({ ...accepted, acceptedAt: null, pausedAt: new Date("2026-06-01") }, today)).toBe("pending");
    expect(agreementStatus({ ...accepted, pausedAt: new Date("2026-06-01") }, today)).toBe("paused");
    expect(agreementStatus(accepted, today)).toBe("active");
  });

  it("is active before its start date once accepted (it is agreed)", () => {
    expect(agreementStatus({ ...accepted, startDate: "2027-01-01" }, today)).toBe("active");
  });
});

describe("discountedOre", () => {
  it("takes the discount off the net, rounded to whole öre half up", () => {
    expect(discountedOre(10_000, 10)).toBe(9_000);
    expect(discountedOre(333, 10)).toBe(300); // 33,3 öre off → 33
    expect(discountedOre(335, 10)).toBe(301); // 33,5 öre off → 34
    expect(discountedOre(5, 50)).toBe(2); // 2,5 öre off → 3
    expect(discountedOre(12_345, 0)).toBe(12_345);
    expect(discountedOre(12_345, 100)).toBe(0);
  });

  it("refuses a discount that is not a whole percent from 0 to 100", () => {
    for (const percent of [-1, 101, 12.5, Number.NaN]) expect(() => discountedOre(1_000, percent), String(percent)).toThrow(RangeError);
  });
});
