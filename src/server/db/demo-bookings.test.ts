import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  BOOKING_WEEKDAYS,
  addDays,
  daysBetween,
  isAdminBookableSlot,
  isBookableSlot,
  isClosedDay,
  isSlotInFuture,
  occupiedRangeOf,
  slotsOverlap,
  storedRange,
  todayIn,
  weekdayOf,
  WEEKDAY,
  type IsoDate,
} from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import { DEFAULT_SYSTEM_SETTINGS } from "@/common/schemas/settings";
import { createTestDatabase, queryRows } from "../test-support/test-app";
import type { Database } from "./client";
import { planDemoCalendar, type DemoBlockedTime, type DemoBookingSource } from "./demo-bookings";
import { seedDemoData } from "./seed-demo";

// Issue 23 point 14: every demo booking passes the rules a real booking of its kind passes, for any
// day the demo is started on. Each booking goes through the shared rules (src/common/booking-rules):
// a customer's under the public wizard's rules as they were the day it was made (so a visit long
// past was made at least the lead time before it), the office's under the admin rules on the days
// the company works; and all of them hold the range a real one holds, with no overlaps (the
// company's, and so each technician's), no blocked time of its type and no more than the day limit.

type Seeded = {
  date: IsoDate;
  serviceType: ServiceType;
  timeSlot: string;
  startTime: string;
  endTime: string;
  status: string;
  madeBy: DemoBookingSource;
  createdAt: Date;
  technician: string | number | null;
};

const { workdayEnd, maxBookingsPerDay } = DEFAULT_SYSTEM_SETTINGS;
const at = (b: Seeded) => `${b.date} ${b.timeSlot} ${b.serviceType} (${b.madeBy})`;

/** Every rule `b` breaks, as readable lines (empty when it passes). */
function ruleBreaks(b: Seeded, now: Date): string[] {
  const breaks: string[] = [];
  const madeOn = todayIn(b.createdAt);
  if (b.createdAt.getTime() > now.getTime()) breaks.push("made in the future");
  if (!isSlotInFuture(b.date, b.timeSlot, b.createdAt)) breaks.push("made after its time began");
  if (b.madeBy === "customer") {
    // The wizard's rules on the day it was booked: lead time, horizon, Sunday, holidays, weekday, slot.
    if (!isBookableSlot(b.serviceType, b.date, b.timeSlot, madeOn)) breaks.push(`not bookable on the web on ${madeOn}`);
  } else {
    if (!isAdminBookableSlot(b.serviceType, b.date, b.timeSlot, madeOn)) breaks.push(`not an admin slot on ${madeOn}`);
    if (weekdayOf(b.date) === WEEKDAY.sunday) breaks.push("a Sunday");
    if (isClosedDay(b.date)) breaks.push("a holiday (rules D22)");
    if (!BOOKING_WEEKDAYS[b.serviceType].includes(weekdayOf(b.date))) breaks.push("a weekday the service is not offered");
  }
  const holds = occupiedRangeOf(b.serviceType, b.timeSlot, workdayEnd);
  const stored = storedRange(b);
  if (!holds || holds.start !== stored.start || holds.end !== stored.end)
    breaks.push(`holds ${stored.start}-${stored.end}, not ${JSON.stringify(holds)} (rules D24)`);
  return breaks.map((line) => `${at(b)}: ${line}`);
}

/** The rules between bookings of one calendar: overlaps, the technician's day, blocked times, the day limit. */
function calendarBreaks(bookings: Seeded[], blocked: DemoBlockedTime): string[] {
  const breaks: string[] = [];
  const active = bookings.filter((b) => b.status !== "cancelled");
  const byDate = new Map<IsoDate, Seeded[]>();
  for (const b of active) byDate.set(b.date, [...(byDate.get(b.date) ?? []), b]);
  for (const [date, day] of byDate) {
    if (day.length > maxBookingsPerDay) breaks.push(`${date}: ${day.length} bookings, over the day limit`);
    for (const [i, a] of day.entries()) {
      for (const b of day.slice(i + 1)) {
        if (!slotsOverlap(storedRange(a), storedRange(b))) continue;
        breaks.push(`${at(a)} overlaps ${at(b)}`);
        if (a.technician !== null && a.technician === b.technician) breaks.push(`${at(a)} and ${at(b)}: one technician twice`);
      }
    }
  }
  for (const b of active) {
    if (
      b.date === blocked.date &&
      (blocked.serviceTypes as string[]).includes(b.serviceType) &&
      slotsOverlap(storedRange(b), { start: blocked.startTime, end: blocked.endTime })
    ) {
      breaks.push(`${at(b)}: inside the blocked time`);
    }
  }
  return breaks;
}

const planned = (now: Date): Seeded[] => planDemoCalendar(now).bookings.map((b) => ({ ...b, technician: b.technicianIndex }));

/** Noon in Stockholm on each day from `from` for `days` days (and one early-morning and one late-evening now). */
function nows(from: IsoDate, days: number): Date[] {
  const list: Date[] = [];
  for (let i = 0; i < days; i++) list.push(new Date(`${addDays(from, i)}T11:00:00Z`));
  return list;
}

describe("the demo calendar", () => {
  it("passes every rule of a real booking for every day of two years it may be started on", () => {
    const all = [...nows("2026-01-01", 731), new Date("2026-12-31T23:30:00Z"), new Date("2026-06-18T22:15:00Z"), new Date("2027-03-28T00:30:00Z")];
    let checked = 0;
    const breaks: string[] = [];
    for (const now of all) {
      const calendar = planDemoCalendar(now);
      const bookings = planned(now);
      checked += bookings.length;
      breaks.push(
        ...[...bookings.flatMap((b) => ruleBreaks(b, now)), ...calendarBreaks(bookings, calendar.blockedTime)].map(
          (line) => `now ${now.toISOString()}: ${line}`,
        ),
      );
    }
    expect(breaks.slice(0, 20)).toEqual([]);
    expect(checked).toBeGreaterThan(all.length * 50);
  });

  it("puts no booking on a Sunday, a holiday or an eve, nor a home visit on a Saturday", () => {
    for (const now of [new Date("2026-12-20T11:00:00Z"), new Date("2027-01-01T11:00:00Z"), new Date("2026-06-19T11:00:00Z")]) {
      for (const b of planned(now)) {
        expect(weekdayOf(b.date), at(b)).not.toBe(WEEKDAY.sunday);
        expect(isClosedDay(b.date), at(b)).toBe(false);
        if (b.serviceType === "hembesok") expect(weekdayOf(b.date), at(b)).not.toBe(WEEKDAY.saturday);
      }
    }
  });

  it("keeps the staff screens alive: visits today on a working day, this week, new bookings, both kinds of booker", () => {
    for (const now of nows("2026-11-23", 6)) {
      const bookings = planned(now);
      const today = todayIn(now);
      expect(bookings.filter((b) => b.date === today).length, today).toBeGreaterThanOrEqual(2);
      expect(bookings.filter((b) => b.date > today && daysBetween(today, b.date) <= 7).length, today).toBeGreaterThan(0);
      expect(bookings.filter((b) => now.getTime() - b.createdAt.getTime() < 7 * 86_400_000).length, today).toBeGreaterThan(0);
      expect(new Set(bookings.map((b) => b.madeBy))).toEqual(new Set(["customer", "staff"]));
      expect(new Set(bookings.map((b) => b.serviceType))).toEqual(new Set(["service", "troubleshooting", "installation", "hembesok"]));
    }
    // A Sunday or a holiday has no visits: the dashboard says so.
    expect(planned(new Date("2026-11-22T11:00:00Z")).filter((b) => b.date === "2026-11-22")).toEqual([]);
    expect(planned(new Date("2027-01-01T11:00:00Z")).filter((b) => b.date === "2027-01-01")).toEqual([]);
  });

  it("is the same calendar every time for the same day", () => {
    const now = new Date("2026-11-24T11:00:00Z");
    expect(planDemoCalendar(now)).toEqual(planDemoCalendar(new Date("2026-11-24T11:00:00Z")));
  });
});

describe("seedDemoData", () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  // Seeded into a real database: the exclusion constraint accepts every row, and what is stored
  // (with who made it, from the booking's history) passes the same rules.
  it.each([
    ["new year's day", "2027-01-01T11:00:00Z"],
    ["midsummer eve", "2026-06-19T11:00:00Z"],
    ["a Sunday", "2026-11-22T11:00:00Z"],
    ["a Tuesday", "2026-11-24T07:30:00Z"],
  ])("stores a calendar that obeys the rules when started on %s", async (_, iso) => {
    const now = new Date(iso);
    database = await createTestDatabase();
    await seedDemoData(database.db, now);
    const rows = await queryRows<{
      date: string;
      service_type: string;
      time_slot: string;
      start_time: string;
      end_time: string;
      status: string;
      created_at: string;
      technician: number | null;
      actor: string;
    }>(
      database,
      sql`select b.date::text, b.service_type, b.time_slot, b.start_time::text, b.end_time::text, b.status, b.created_at::text, b.assigned_technician_id as technician, e.actor
          from bookings b join booking_events e on e.booking_id = b.id and e.kind = 'created' order by b.id`,
    );
    const [blocked] = await queryRows<{ date: string; start_time: string; end_time: string; service_types: string[] }>(
      database,
      sql`select date::text, to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time, service_types from blocked_time_slots`,
    );
    const seeded: Seeded[] = rows.map((r) => ({
      date: r.date,
      serviceType: r.service_type as ServiceType,
      timeSlot: r.time_slot,
      startTime: r.start_time,
      endTime: r.end_time,
      status: r.status,
      madeBy: r.actor === "customer" ? "customer" : "staff",
      createdAt: new Date(r.created_at),
      technician: r.technician,
    }));
    expect(seeded.length).toBe(planDemoCalendar(now).bookings.length);
    const blockedTime = {
      date: blocked.date,
      startTime: blocked.start_time,
      endTime: blocked.end_time,
      serviceTypes: blocked.service_types as DemoBlockedTime["serviceTypes"],
    };
    expect([...seeded.flatMap((b) => ruleBreaks(b, now)), ...calendarBreaks(seeded, blockedTime)]).toEqual([]);
  });
});
