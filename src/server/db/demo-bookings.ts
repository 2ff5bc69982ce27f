import {
  BOOKING_LIMITS,
  BOOKING_TIME_ZONE,
  BOOKING_WEEKDAYS,
  addDays,
  adminSlots,
  isClosedDay,
  occupiedRange,
  ruleSlots,
  slotsOverlap,
  todayIn,
  weekdayOf,
  WEEKDAY,
  type IsoDate,
  type TimeRange,
  type TimeSlot,
  type WallTime,
} from "@/common/booking-rules";
import type { BLOCKABLE_SERVICE_TYPES, BookingStatus, ServiceType } from "@/common/constants";
import { DEFAULT_SYSTEM_SETTINGS, type SystemSettings } from "@/common/schemas/settings";

// The demo company's calendar (rules D19), placed relative to today so every staff screen looks
// alive, and made as a real company's calendar is made (issue 23 point 14): customers booked
// through the wizard under the public rules (lead time at the time they booked, the weekday's
// slots, never a Sunday nor a holiday of rules D22), the office booked phone customers under
// the admin rules on the days the company works, and every booking holds the range a real one
// holds (rules D24: an installation the rest of its day) without overlapping another, a
// blocked time of its type or the day limit. Pure and deterministic: the same `now` gives the same
// calendar (src/server/db/demo-bookings.test.ts checks every booking of two years of `now`s).

/** Who made a demo booking, and so under which rules: the public wizard's or the office's (rules D6). */
export type DemoBookingSource = "customer" | "staff";

export type DemoBooking = {
  date: IsoDate;
  serviceType: ServiceType;
  timeSlot: string;
  /** The range it holds (rules D24), as a real booking stores it. */
  startTime: WallTime;
  endTime: WallTime;
  status: BookingStatus;
  madeBy: DemoBookingSource;
  createdAt: Date;
  /** Which demo customer (an index into the seed's customers, modulo their number). */
  customerIndex: number;
  /** Which demo technician, or null for an unassigned visit. */
  technicianIndex: number | null;
};

export type DemoBlockedTime = { date: IsoDate; startTime: WallTime; endTime: WallTime; serviceTypes: (typeof BLOCKABLE_SERVICE_TYPES)[number][] };

export type DemoCalendar = { bookings: DemoBooking[]; blockedTime: DemoBlockedTime };

/** Deterministic pseudo-random numbers, so two seeded databases look the same. */
export function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const DAYS_BACK = 45;
const DAYS_AHEAD = 60;
const HOUR_MS = 3_600_000;
const TYPES: ServiceType[] = ["service", "service", "troubleshooting", "installation", "hembesok"];
/** Today's visits, so the dashboard and the technician's day are never empty on a working day. */
const TODAY_TYPES: ServiceType[] = ["service", "troubleshooting", "hembesok"];
/** Most customers book on the web; the office books the rest by phone. */
const SHARE_BOOKED_ONLINE = 0.7;

/** A day the demo company works: not a Sunday, nor a holiday or an eve of rules D22. */
const isWorkingDay = (date: IsoDate) => weekdayOf(date) !== WEEKDAY.sunday && !isClosedDay(date);

/** Mid-morning of `date` in Stockholm (10:00 or 11:00), as an instant. */
const morningOf = (date: IsoDate) => new Date(`${date}T09:00:00Z`);

/**
 * The demo calendar for `now`: bookings from 45 days back to 60 days ahead and one day of training
 * (a blocked time) three weeks ahead. `settings` are the ones the bookings are made under (the
 * seed runs on an empty database: the §9 defaults).
 */
export function planDemoCalendar(
  now: Date,
  settings: Pick<SystemSettings, "workdayEnd" | "maxBookingsPerDay"> = DEFAULT_SYSTEM_SETTINGS,
  timeZone: string = BOOKING_TIME_ZONE,
): DemoCalendar {
  const rand = seededRandom(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const today = todayIn(now, timeZone);
  // Booked at the latest an hour ago: the overview's "new bookings" shows those of the last days.
  const latestBooking = now.getTime() - HOUR_MS;

  // A weekday's training three weeks ahead (or the next working weekday after it).
  let trainingDay = addDays(today, 21);
  while (!isWorkingDay(trainingDay) || weekdayOf(trainingDay) === WEEKDAY.saturday) trainingDay = addDays(trainingDay, 1);
  const blockedTime: DemoBlockedTime = {
    date: trainingDay,
    startTime: "08:00",
    endTime: "17:00",
    serviceTypes: ["service", "installation", "troubleshooting"],
  };

  const held = new Map<IsoDate, TimeRange[]>();
  const bookings: DemoBooking[] = [];

  /** The slots `madeBy` may book on `date` whose occupied range is free (cancelled visits count: they were once booked). */
  function freeSlots(date: IsoDate, serviceType: ServiceType, madeBy: DemoBookingSource): TimeSlot[] {
    if (!BOOKING_WEEKDAYS[serviceType].includes(weekdayOf(date))) return [];
    const offered = madeBy === "customer" ? ruleSlots(serviceType, date) : adminSlots(serviceType, date);
    const taken = held.get(date) ?? [];
    return offered.filter((slot) => !taken.some((range) => slotsOverlap(occupiedRange(serviceType, slot, settings.workdayEnd), range)));
  }

  /**
   * When the booking was made: a customer at least the type's lead time before the visit (and within
   * the horizon), the office one to ten days before; never later than an hour ago.
   */
  function createdAt(date: IsoDate, serviceType: ServiceType, madeBy: DemoBookingSource): Date {
    const daysBefore = madeBy === "customer" ? BOOKING_LIMITS.leadDays[serviceType] + Math.floor(rand() * 31) : 1 + Math.floor(rand() * 10);
    return new Date(Math.min(latestBooking, morningOf(addDays(date, -daysBefore)).getTime()));
  }

  let customerIndex = 0;
  for (let offset = -DAYS_BACK; offset <= DAYS_AHEAD; offset++) {
    const date = addDays(today, offset);
    const perDay = offset === 0 ? TODAY_TYPES.length : Math.floor(rand() * 3);
    for (let n = 0; n < perDay; n++) {
      const serviceType = offset === 0 ? TODAY_TYPES[n] : pick(TYPES);
      const status: BookingStatus =
        offset < 0 ? (rand() < 0.85 ? "completed" : "cancelled") : offset === 0 ? "confirmed" : rand() < 0.8 ? "confirmed" : "planned";
      const preferred: DemoBookingSource = rand() < SHARE_BOOKED_ONLINE ? "customer" : "staff";
      const technicianIndex = offset === 0 ? 0 : Math.floor(rand() * 3) === 2 ? null : Math.floor(rand() * 2);
      const slotChoice = rand();
      if (!isWorkingDay(date) || date === trainingDay) continue;
      if ((held.get(date)?.length ?? 0) >= settings.maxBookingsPerDay) continue;
      // A customer who finds no free time on the web may still get one by phone.
      const madeBy = freeSlots(date, serviceType, preferred).length > 0 ? preferred : preferred === "customer" ? "staff" : "customer";
      const free = freeSlots(date, serviceType, madeBy);
      if (free.length === 0) continue;
      const slot = free[Math.floor(slotChoice * free.length)];
      const range = occupiedRange(serviceType, slot, settings.workdayEnd);
      held.set(date, [...(held.get(date) ?? []), range]);
      bookings.push({
        date,
        serviceType,
        timeSlot: slot.label,
        startTime: range.start,
        endTime: range.end,
        status,
        madeBy,
        createdAt: createdAt(date, serviceType, madeBy),
        customerIndex: customerIndex++,
        technicianIndex,
      });
    }
  }
  return { bookings, blockedTime };
}
