import { describe, expect, it } from "vitest";
import { SERVICE_TYPES, type ServiceType } from "../constants";
import { addDays, todayIn, toMinutes, weekdayOf } from "./calendar";
import {
  BOOKING_LIMITS,
  RESCHEDULE_SLOTS,
  adminSlots,
  bookableDatesInRange,
  bookableSlots,
  bookingWindow,
  dateRejection,
  firstBookableDate,
  isAdminBookableDate,
  isAdminBookableSlot,
  isBookableDate,
  isBookableSlot,
  isSlotInFuture,
  parseTimeSlot,
  rescheduleSlots,
  ruleSlots,
  slotInstants,
  slotsOverlap,
  withAvailability,
  type TimeSlot,
} from "./slots";

// A fixed clock: Monday 2 March 2026, 10:00 in Stockholm.
const NOW = new Date("2026-03-02T09:00:00Z");
const TODAY = todayIn(NOW);
const labels = (slots: TimeSlot[]) => slots.map((s) => s.label);

const SERVICE_MONDAY = ["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00", "15:30-17:30"];
const SERVICE_TUE_FRI = ["15:30-17:30"];
const SERVICE_SATURDAY = ["12:00-14:00", "14:00-16:00"];
const INSTALLATION = ["08:00-10:00", "10:00-12:00"];
const HEMBESOK = ["10:00-10:30", "10:30-11:00", "11:00-11:30", "11:30-12:00", "12:00-12:30", "12:30-13:00", "13:00-13:30", "13:30-14:00", "14:00-14:30"];
const HEMBESOK_WEDNESDAY = [...HEMBESOK, "17:00-17:30", "17:30-18:00"];

describe("the fixed clock", () => {
  it("is a Monday in Stockholm", () => {
    expect(TODAY).toBe("2026-03-02");
    expect(weekdayOf(TODAY)).toBe(1);
  });
});

describe("slots for every weekday of every service type", () => {
  // The week of 13 April 2026 lies 42-48 days ahead: inside every type's booking window.
  const week = [
    ["måndag", "2026-04-13"],
    ["tisdag", "2026-04-14"],
    ["onsdag", "2026-04-15"],
    ["torsdag", "2026-04-16"],
    ["fredag", "2026-04-17"],
    ["lördag", "2026-04-18"],
    ["söndag", "2026-04-19"],
  ] as const;
  const expected: Record<ServiceType, string[][]> = {
    service: [SERVICE_MONDAY, SERVICE_TUE_FRI, SERVICE_TUE_FRI, SERVICE_TUE_FRI, SERVICE_TUE_FRI, SERVICE_SATURDAY, []],
    troubleshooting: [SERVICE_MONDAY, SERVICE_TUE_FRI, SERVICE_TUE_FRI, SERVICE_TUE_FRI, SERVICE_TUE_FRI, SERVICE_SATURDAY, []],
    installation: [[], INSTALLATION, INSTALLATION, INSTALLATION, INSTALLATION, INSTALLATION, []],
    hembesok: [HEMBESOK, HEMBESOK, HEMBESOK_WEDNESDAY, HEMBESOK, HEMBESOK, [], []],
  };
  const cases = SERVICE_TYPES.flatMap((type) => week.map(([dayName, date], i) => ({ type, dayName, date, slots: expected[type][i] })));

  it.each(cases)("$type on a $dayName ($date): $slots", ({ type, date, slots }) => {
    expect(labels(ruleSlots(type, date))).toEqual(slots);
    expect(labels(bookableSlots(type, date, TODAY))).toEqual(slots);
    expect(isBookableDate(type, date, TODAY)).toBe(slots.length > 0);
    for (const label of slots) expect(isBookableSlot(type, date, label, TODAY)).toBe(true);
  });

  it("offers no slot a weekday does not list", () => {
    expect(isBookableSlot("service", "2026-04-14", "08:00-10:00", TODAY)).toBe(false);
    expect(isBookableSlot("installation", "2026-04-14", "12:00-14:00", TODAY)).toBe(false);
    expect(isBookableSlot("hembesok", "2026-04-14", "17:00-17:30", TODAY)).toBe(false);
    expect(isBookableSlot("hembesok", "2026-04-15", "17:00-17:30", TODAY)).toBe(true);
    expect(isBookableSlot("service", "2026-04-13", " 08:00-10:00", TODAY)).toBe(false);
  });

  it("gives each slot its length from rules §9", () => {
    for (const type of SERVICE_TYPES)
      for (const [, date] of week)
        for (const slot of ruleSlots(type, date)) {
          expect(toMinutes(slot.end) - toMinutes(slot.start)).toBe(BOOKING_LIMITS.slotMinutes[type]);
          expect(slot.label).toBe(`${slot.start}-${slot.end}`);
        }
  });

  it("hands out copies that callers cannot use to change the rules", () => {
    const slots = ruleSlots("service", "2026-04-13");
    slots.pop();
    expect(ruleSlots("service", "2026-04-13")).toHaveLength(5);
  });
});

describe("lead time and horizon (rules D2)", () => {
  // Each `today` is picked so that both dates of a pair fall on a weekday the type is offered.
  it.each([
    // type, today, date, days ahead, bookable
    ["service", "2026-03-05", "2026-03-18", 13, false],
    ["service", "2026-03-05", "2026-03-19", 14, true],
    ["troubleshooting", "2026-03-05", "2026-03-18", 13, false],
    ["troubleshooting", "2026-03-05", "2026-03-19", 14, true],
    ["installation", "2026-03-05", "2026-03-18", 13, false],
    ["installation", "2026-03-05", "2026-03-19", 14, true],
    ["hembesok", "2026-03-02", "2026-03-04", 2, false],
    ["hembesok", "2026-03-02", "2026-03-05", 3, true],
    ["service", "2026-03-06", "2026-05-19", 74, true],
    ["service", "2026-03-06", "2026-05-20", 75, false],
    ["troubleshooting", "2026-03-06", "2026-05-19", 74, true],
    ["troubleshooting", "2026-03-06", "2026-05-20", 75, false],
    ["installation", "2026-03-06", "2026-05-19", 74, true],
    ["installation", "2026-03-06", "2026-05-20", 75, false],
    ["hembesok", "2026-03-06", "2026-05-19", 74, true],
    ["hembesok", "2026-03-06", "2026-05-20", 75, false],
    ["service", "2026-03-05", "2026-03-05", 0, false],
    ["hembesok", "2026-03-05", "2026-03-04", -1, false],
  ] as const)("%s: today %s, %s (%i days ahead) bookable: %s", (type, today, date, ahead, bookable) => {
    expect(addDays(today, ahead)).toBe(date);
    expect(ruleSlots(type, date).length).toBeGreaterThan(0); // only the lead time or horizon decides
    expect(isBookableDate(type, date, today)).toBe(bookable);
    expect(bookableSlots(type, date, today).length > 0).toBe(bookable);
  });

  it.each([
    ["service", "2026-03-19", null],
    ["service", "2026-03-18", "too-soon"],
    ["service", "2026-03-04", "too-soon"], // in the past
    ["service", "2026-05-20", "too-late"],
    ["service", "2026-03-22", "sunday"],
    ["installation", "2026-03-23", "weekday"], // a Monday
    ["hembesok", "2026-03-21", "weekday"], // a Saturday
    ["hembesok", "2026-03-22", "sunday"],
    ["service", "2026-02-30", "invalid-date"],
    ["service", "", "invalid-date"],
    ["reparation", "2026-03-19", "invalid-date"],
  ])("%s on %s (today 2026-03-05) is refused for: %s", (type, date, reason) => {
    expect(dateRejection(type as ServiceType, date, "2026-03-05")).toBe(reason);
  });

  it("never allows a Sunday, even inside the window", () => {
    for (const sunday of ["2026-03-22", "2026-03-29", "2026-04-19", "2026-05-17"])
      for (const type of SERVICE_TYPES) {
        expect(isBookableDate(type, sunday, "2026-03-05")).toBe(false);
        expect(ruleSlots(type, sunday)).toEqual([]);
      }
  });

  it("counts from today in Stockholm, not in UTC", () => {
    // 23:30 UTC on Sunday 22 November is already Monday 23 November in Stockholm.
    const now = new Date("2026-11-22T23:30:00Z");
    const today = todayIn(now);
    expect(today).toBe("2026-11-23");
    // Wednesday the 25th is 3 days from the UTC date but only 2 from Stockholm's: too soon.
    expect(isBookableDate("hembesok", "2026-11-25", today)).toBe(false);
    expect(isBookableDate("hembesok", "2026-11-26", today)).toBe(true);
    expect(firstBookableDate("hembesok", today)).toBe("2026-11-26");
    expect(isBookableDate("service", "2026-12-06", today)).toBe(false); // Sunday
    expect(isBookableDate("service", "2026-12-07", today)).toBe(true); // 14 days
  });

  it("gives the calendar its bounds", () => {
    expect(bookingWindow("service", "2026-03-02")).toEqual({ earliest: "2026-03-16", latest: "2026-05-15" });
    expect(bookingWindow("hembesok", "2026-03-02")).toEqual({ earliest: "2026-03-05", latest: "2026-05-15" });
  });
});

describe("daylight-saving days (rules D1)", () => {
  // 2026-03-29 and 2026-10-25 are Sundays; the days around them keep their usual wall-clock slots.
  it("keeps wall-clock slots on the days around the changes", () => {
    expect(labels(ruleSlots("service", "2026-03-28"))).toEqual(SERVICE_SATURDAY);
    expect(labels(ruleSlots("service", "2026-03-30"))).toEqual(SERVICE_MONDAY);
    expect(labels(ruleSlots("hembesok", "2026-10-26"))).toEqual(HEMBESOK);
    expect(labels(ruleSlots("installation", "2026-10-24"))).toEqual(INSTALLATION);
    expect(ruleSlots("service", "2026-03-29")).toEqual([]);
    expect(ruleSlots("service", "2026-10-25")).toEqual([]);
  });

  it("keeps admin slots wall-clock on the change days themselves", () => {
    expect(labels(adminSlots("service", "2026-03-29"))).toEqual(labels([...RESCHEDULE_SLOTS]));
    expect(labels(adminSlots("service", "2026-10-25"))).toEqual(labels([...RESCHEDULE_SLOTS]));
  });

  it.each([
    ["2026-03-28", "08:00-10:00", "2026-03-28T07:00:00.000Z", "2026-03-28T09:00:00.000Z"],
    ["2026-03-29", "08:00-10:00", "2026-03-29T06:00:00.000Z", "2026-03-29T08:00:00.000Z"],
    ["2026-03-29", "10:00-12:00", "2026-03-29T08:00:00.000Z", "2026-03-29T10:00:00.000Z"],
    ["2026-03-30", "15:30-17:30", "2026-03-30T13:30:00.000Z", "2026-03-30T15:30:00.000Z"],
    ["2026-10-24", "12:00-14:00", "2026-10-24T10:00:00.000Z", "2026-10-24T12:00:00.000Z"],
    ["2026-10-25", "08:00-10:00", "2026-10-25T07:00:00.000Z", "2026-10-25T09:00:00.000Z"],
    ["2026-10-25", "10:00-12:00", "2026-10-25T09:00:00.000Z", "2026-10-25T11:00:00.000Z"],
    ["2026-10-28", "17:30-18:00", "2026-10-28T16:30:00.000Z", "2026-10-28T17:00:00.000Z"],
  ])("%s %s runs from %s to %s", (date, slot, start, end) => {
    const instants = slotInstants(date, slot);
    expect(instants?.start.toISOString()).toBe(start);
    expect(instants?.end.toISOString()).toBe(end);
  });

  it("returns null instants for a bad label or date", () => {
    expect(slotInstants("2026-03-29", "10-12")).toBeNull();
    expect(slotInstants("2026-02-30", "10:00-12:00")).toBeNull();
  });
});

describe("firstBookableDate: the date the wizard picks by itself (rules §4)", () => {
  it.each([
    // type, today, expected
    ["service", "2026-03-02", "2026-03-16"], // Monday + 14 = Monday
    ["troubleshooting", "2026-03-02", "2026-03-16"],
    ["installation", "2026-03-02", "2026-03-17"], // Monday + 14 is a Monday; installation starts Tuesday
    ["hembesok", "2026-03-02", "2026-03-05"], // Monday + 3 = Thursday
    ["service", "2026-03-08", "2026-03-23"], // Sunday + 14 is a Sunday
    ["installation", "2026-03-08", "2026-03-24"],
    ["hembesok", "2026-03-04", "2026-03-09"], // Wednesday + 3 is a Saturday
    ["hembesok", "2026-03-05", "2026-03-09"], // Thursday + 3 is a Sunday
    ["service", "2026-03-07", "2026-03-21"], // Saturday + 14 is a Saturday
  ] as const)("%s from %s: %s", (type, today, expected) => {
    expect(firstBookableDate(type, today)).toBe(expected);
  });

  it("searches only the given number of days", () => {
    expect(firstBookableDate("service", "2026-03-02", 13)).toBeNull();
    expect(firstBookableDate("service", "2026-03-02", 14)).toBe("2026-03-16");
    expect(firstBookableDate("installation", "2026-03-02", 14)).toBeNull();
    expect(firstBookableDate("service", "2026-03-02", 0)).toBeNull();
    expect(firstBookableDate("service", "not a date")).toBeNull();
  });
});

describe("bookableDatesInRange", () => {
  it("lists the bookable dates of a range in order", () => {
    expect(bookableDatesInRange("hembesok", "2026-03-01", "2026-03-15", "2026-03-02")).toEqual([
      "2026-03-05",
      "2026-03-06",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
    ]);
    expect(bookableDatesInRange("installation", "2026-03-14", "2026-03-22", "2026-03-02")).toEqual([
      "2026-03-17",
      "2026-03-18",
      "2026-03-19",
      "2026-03-20",
      "2026-03-21",
    ]);
  });

  it("stops at the horizon whatever range is asked", () => {
    const dates = bookableDatesInRange("service", "2000-01-01", "2100-01-01", "2026-03-02");
    expect(dates[0]).toBe("2026-03-16");
    expect(dates.at(-1)).toBe("2026-05-15");
    expect(dates.every((d) => isBookableDate("service", d, "2026-03-02"))).toBe(true);
    // 61 days minus 8 Sundays and 4 holidays on weekdays (långfredagen, annandag påsk, första maj,
    // Kristi himmelsfärdsdag; rules D22).
    expect(dates).toHaveLength(49);
    expect(dates).not.toContain("2026-04-03");
  });

  it("is empty for a reversed or invalid range", () => {
    expect(bookableDatesInRange("service", "2026-04-20", "2026-04-10", "2026-03-02")).toEqual([]);
    expect(bookableDatesInRange("service", "2026-04-31", "2026-05-10", "2026-03-02")).toEqual([]);
  });
});

describe("parseTimeSlot", () => {
  it.each([
    ["08:00-10:00", "08:00", "10:00"],
    ["15:30-17:30", "15:30", "17:30"],
    ["00:00-00:30", "00:00", "00:30"],
    ["23:00-23:59", "23:00", "23:59"],
  ])("reads %s", (label, start, end) => {
    expect(parseTimeSlot(label)).toEqual({ start, end, label });
  });

  it.each([
    "",
    "8:00-10:00",
    "08:00-9:00",
    "10:00-08:00",
    "10:00-10:00",
    "24:00-24:30",
    "08:60-09:00",
    "08:00 - 10:00",
    " 08:00-10:00",
    "08:00-10:00 ",
    "08.00-10.00",
    "0800-1000",
    "08:00–10:00",
    "08:00-10:00-12:00",
    "08:00",
  ])("rejects '%s'", (label) => {
    expect(parseTimeSlot(label)).toBeNull();
  });

  it("rejects what is not a string", () => {
    expect(parseTimeSlot(null)).toBeNull();
    expect(parseTimeSlot(800)).toBeNull();
    expect(parseTimeSlot(undefined)).toBeNull();
    expect(parseTimeSlot(["08:00-10:00"])).toBeNull(); // prints as a label, but is a list (a query parameter given twice)
  });
});

describe("slotsOverlap", () => {
  const r = (label: string) => parseTimeSlot(label)!;
  it.each([
    ["14:00-16:00", "15:30-17:30", true], // Monday's overlapping pair
    ["08:00-10:00", "09:00-11:00", true],
    ["10:00-12:00", "10:30-11:00", true], // one inside the other
    ["10:00-10:30", "10:00-10:30", true],
    ["10:00-12:00", "12:00-14:00", false], // touching ends do not overlap
    ["12:00-14:00", "10:00-12:00", false],
    ["08:00-10:00", "15:30-17:30", false],
  ])("%s and %s: %s", (a, b, overlap) => {
    expect(slotsOverlap(r(a), r(b))).toBe(overlap);
    expect(slotsOverlap(r(b), r(a))).toBe(overlap);
  });

  it("treats a blocked time that ends before it starts as empty", () => {
    expect(slotsOverlap({ start: "17:00", end: "08:00" }, r("10:00-12:00"))).toBe(false);
    expect(slotsOverlap({ start: "08:00", end: "17:00" }, r("15:30-17:30"))).toBe(true);
  });

  it("lets an empty or reversed range inside a slot overlap nothing, from either side", () => {
    for (const empty of [
      { start: "11:00", end: "11:00" },
      { start: "11:00", end: "10:30" },
    ]) {
      expect(slotsOverlap(empty, r("10:00-12:00"))).toBe(false);
      expect(slotsOverlap(r("10:00-12:00"), empty)).toBe(false);
    }
  });
});

describe("withAvailability", () => {
  it("hides the slots a booking or blocked time overlaps", () => {
    const monday = ruleSlots("service", "2026-04-13");
    // A booking 14:00-16:00 also takes Monday's 15:30-17:30; a blocked morning takes 08-10.
    const busy = [parseTimeSlot("14:00-16:00")!, { start: "07:00", end: "09:00" }];
    expect(withAvailability(monday, busy).map((s) => [s.label, s.available])).toEqual([
      ["08:00-10:00", false],
      ["10:00-12:00", true],
      ["12:00-14:00", true],
      ["14:00-16:00", false],
      ["15:30-17:30", false],
    ]);
    expect(withAvailability(monday, []).every((s) => s.available)).toBe(true);
  });
});

describe("staff-made bookings (rules D6, rules §5)", () => {
  it.each([
    ["installation", "2026-03-02", ["08:00-10:00", "09:00-11:00", "10:00-12:00"]],
    ["installation", "2026-03-08", ["08:00-10:00", "09:00-11:00", "10:00-12:00"]], // any day, Sunday too
    ["service", "2026-03-03", ["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00", "16:00-18:00"]],
    ["troubleshooting", "2026-03-07", ["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00", "16:00-18:00"]],
    ["hembesok", "2026-03-03", HEMBESOK],
    ["hembesok", "2026-03-04", HEMBESOK_WEDNESDAY],
  ] as const)("%s on %s: %j", (type, date, expected) => {
    expect(labels(adminSlots(type, date))).toEqual(expected);
  });

  it("lets an admin book from today on without a horizon", () => {
    expect(isAdminBookableDate(TODAY, TODAY)).toBe(true);
    expect(isAdminBookableDate("2026-03-01", TODAY)).toBe(false);
    expect(isAdminBookableDate("2027-06-01", TODAY)).toBe(true);
    expect(isAdminBookableDate("2026-02-30", TODAY)).toBe(false);
    expect(isAdminBookableSlot("installation", TODAY, "09:00-11:00", TODAY)).toBe(true);
    expect(isAdminBookableSlot("installation", TODAY, "12:00-14:00", TODAY)).toBe(false);
    expect(isAdminBookableSlot("service", "2026-03-01", "08:00-10:00", TODAY)).toBe(false);
    // Not real dates, although they sort after today.
    expect(isAdminBookableDate("2026-13-01", TODAY)).toBe(false);
    expect(isAdminBookableDate("2026-04-01", "")).toBe(false);
  });

  it("offers the reschedule times of rules §5", () => {
    expect(labels([...RESCHEDULE_SLOTS])).toEqual(["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00", "16:00-18:00"]);
  });

  it("keeps a home visit's 30-minute times in the reschedule dialog, and gives the others the two-hour ones", () => {
    expect(labels(rescheduleSlots("installation", "2026-03-04"))).toEqual(labels([...RESCHEDULE_SLOTS]));
    expect(labels(rescheduleSlots("hembesok", "2026-03-04"))).toEqual(labels(adminSlots("hembesok", "2026-03-04")));
    expect(rescheduleSlots("hembesok", "2026-03-04")).toHaveLength(11); // a Wednesday: nine by day and two in the evening
    expect(rescheduleSlots("service", "2026-02-30")).toEqual([]);
  });

  it("knows whether a slot has already started", () => {
    // NOW is 10:00 in Stockholm on 2 March.
    expect(isSlotInFuture(TODAY, "08:00-10:00", NOW)).toBe(false);
    expect(isSlotInFuture(TODAY, "10:00-12:00", NOW)).toBe(false);
    expect(isSlotInFuture(TODAY, "12:00-14:00", NOW)).toBe(true);
    expect(isSlotInFuture("2026-03-01", "16:00-18:00", NOW)).toBe(false);
    expect(isSlotInFuture(TODAY, "bad", NOW)).toBe(false);
  });
});

describe("invalid input", () => {
  it("gives no slots and no dates", () => {
    expect(ruleSlots("service", "2026-02-30")).toEqual([]);
    expect(ruleSlots("reparation" as ServiceType, "2026-04-13")).toEqual([]);
    expect(adminSlots("reparation" as ServiceType, "2026-04-13")).toEqual([]);
    for (const type of SERVICE_TYPES) expect(adminSlots(type, "2026-02-30")).toEqual([]);
    expect(isBookableDate("service", "2026-04-13", "garbage")).toBe(false);
    expect(isBookableSlot("toString" as ServiceType, "2026-04-13", "08:00-10:00", TODAY)).toBe(false);
  });

  it("the first bookable date is always bookable", () => {
    for (const type of SERVICE_TYPES)
      for (let i = 0; i < 14; i++) {
        const today = addDays(TODAY, i);
        const first = firstBookableDate(type, today);
        expect(first).not.toBeNull();
        expect(isBookableDate(type, first!, today)).toBe(true);
      }
  });
});
