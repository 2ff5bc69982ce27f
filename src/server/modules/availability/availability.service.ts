import {
  addDays,
  bookableSlots,
  capacityOf,
  occupiedRange,
  slotsOverlap,
  todayIn,
  type HeldRange,
  type TechnicianCalendar,
  type TimeSlot,
  type WallTime,
} from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import { DEFAULT_SYSTEM_SETTINGS } from "@/common/schemas/settings";
import type { AvailabilityDayResponse, AvailabilityRangeResponse } from "@/common/schemas/bookings";
import { DEFAULT_AVAILABILITY_CACHE_MS } from "../../config";
import type { AvailabilityRepository, DatedRange } from "./availability.repository";

export type Clock = () => Date;

/**
 * What a booking at a slot would meet: free; taken (not bookable, blocked, or overlapping a visit);
 * or a day already holding the most visits a day may have (rules §9), which the customer is told as
 * such ('Dagen är fullbokad'), since no other time of that day would do either.
 */
export type SlotCheck = { state: "free" } | { state: "taken" } | { state: "day-full"; maxPerDay: number };

const CACHE_MAX_ENTRIES = 2000;
/** How long the bookable technicians' calendars are kept between reads (rules D25). */
const TECHNICIANS_CACHE_MS = 1000;

/** Groups ranges by date for quick lookups. */
function byDate(ranges: DatedRange[]): Map<string, DatedRange[]> {
  const map = new Map<string, DatedRange[]>();
  for (const r of ranges) {
    const list = map.get(r.date);
    if (list) list.push(r);
    else map.set(r.date, [r]);
  }
  return map;
}

/** What holds time on one date: the company's blocked times, and the visits and absences that hold technicians (rules D25). */
type DayHeld = { blocked: DatedRange[]; held: HeldRange[] };

function dayHeld(ranges: DatedRange[] | undefined): DayHeld {
  const day: DayHeld = { blocked: [], held: [] };
  for (const r of ranges ?? []) {
    if (r.booked) day.held.push({ start: r.start, end: r.end, technicianId: r.technicianId });
    else if (r.technicianId !== null) day.held.push({ start: r.start, end: r.end, technicianId: r.technicianId, absence: true });
    else day.blocked.push(r);
  }
  return day;
}

/**
 * Free when the range a booking at `slot` would hold (rules D24: an installation the rest of the
 * day) overlaps no company blocked time and some technician is free for all of it (rules D25; with
 * no bookable technician, when no visit overlaps it: capacity one). Stored bookings already hold
 * their whole occupied range.
 */
const isFree = (serviceType: ServiceType, date: string, slot: TimeSlot, workdayEnd: WallTime, technicians: TechnicianCalendar[], day: DayHeld) => {
  const wanted = occupiedRange(serviceType, slot, workdayEnd);
  if (day.blocked.some((t) => slotsOverlap(wanted, t))) return false;
  return capacityOf(date, wanted, slot, technicians, day.held).room > 0;
};

/** rules §9 max bookings per day (rules D11): a day with that many bookings has no free slot. */
const isDayFull = (taken: DatedRange[] | undefined, maxPerDay: number) => (taken ?? []).filter((t) => t.booked).length >= maxPerDay;

/**
 * Availability per rules D4, D8 and D25: a slot is available when the booking rules allow it today,
 * it overlaps no company blocked time for its service type, the day is not full, and a bookable
 * technician is free for the range it holds (with none bookable: no active booking overlaps it).
 */
export function createAvailabilityService(
  repo: AvailabilityRepository,
  now: Clock,
  timeZone: string,
  {
    // How long a read is shared (AVAILABILITY_CACHE_MS); 0: not at all.
    cacheMs = DEFAULT_AVAILABILITY_CACHE_MS,
    maxPerDay = async () => Number.POSITIVE_INFINITY,
    workdayEnd = async () => DEFAULT_SYSTEM_SETTINGS.workdayEnd,
  }: { cacheMs?: number; maxPerDay?: () => Promise<number>; workdayEnd?: () => Promise<WallTime> } = {},
) {
  // Today's date in the time zone, worked out once per second of the clock rather than on every
  // request: the zone conversion was the service's largest cost per uncached request.
  let todaySecond = NaN;
  let todayDate = "";
  const today = () => {
    const second = Math.floor(now().getTime() / 1000);
    if (second !== todaySecond) {
      todayDate = todayIn(new Date(second * 1000), timeZone);
      todaySecond = second;
    }
    return todayDate;
  };

  /**
   * Reads of the wizard are shared for a moment: concurrent customers looking at the same days get
   * one database query (request coalescing, at most cacheMs old). Every booking written by this
   * process clears it at once; the booking itself always checks fresh data and the exclusion
   * constraint decides, so a stale read can never cause a double booking.
   */
  const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

  /** The answer under `key`, computed at most once per cacheMs (concurrent callers share it). */
  function shared<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
    if (cacheMs === 0) return compute();
    if (cache.size > CACHE_MAX_ENTRIES) cache.clear();
    const value = compute();
    cache.set(key, { expires: Date.now() + cacheMs, value });
    value.catch(() => cache.delete(key));
    return value;
  }

  /**
   * What is taken per date (`taken`: a full day counts as taken all day; `held`: only what bookings
   * and blocked times hold), the full dates, the day limit, and the end of the working day new
   * installations hold until (rules D24).
   */
  /**
   * The bookable technicians' calendars change when an admin edits them, like the settings, and are
   * read as the settings are: kept for a moment (TECHNICIANS_CACHE_MS, whatever AVAILABILITY_CACHE_MS
   * says), forgotten at once after a write on this instance. A stale list can only show a time for a
   * moment too long or too short: every booking reads them afresh under the day's lock.
   */
  let technicianList: { expires: number; value: Promise<TechnicianCalendar[]> } | null = null;
  function bookableTechnicians(): Promise<TechnicianCalendar[]> {
    if (technicianList && technicianList.expires > Date.now()) return technicianList.value;
    const value = repo.bookableTechnicians();
    technicianList = { expires: Date.now() + TECHNICIANS_CACHE_MS, value };
    value.catch(() => (technicianList = null));
    return value;
  }

  async function takenRanges(from: string, to: string, serviceType: ServiceType, { fresh = false } = {}) {
    const [ranges, technicians, max, dayEnd] = await Promise.all([
      repo.takenRanges(from, to, serviceType),
      fresh ? repo.bookableTechnicians() : bookableTechnicians(),
      maxPerDay(),
      workdayEnd(),
    ]);
    const byDay = byDate(ranges);
    const fullDates = new Set<string>();
    for (const [date, list] of byDay) if (isDayFull(list, max)) fullDates.add(date);
    /** The day's ranges as availability judges them: a full day counts as taken all day. */
    const taken = (date: string): DayHeld => {
      const day = dayHeld(byDay.get(date));
      if (fullDates.has(date)) day.blocked.push({ date, start: "00:00", end: "23:59", booked: false, technicianId: null });
      return day;
    };
    const held = (date: string) => dayHeld(byDay.get(date));
    return { taken, held, technicians, fullDates, maxPerDay: max, dayEnd };
  }

  /**
   * What a booking at the slot would meet; `fresh` skips the shared read (the booking path uses it).
   * A slot that is itself taken says so before a full day does.
   */
  async function check(serviceType: ServiceType, date: string, timeSlot: string, { fresh = false } = {}): Promise<SlotCheck> {
    // Bookable when the label is one of the date's bookable slots (the rule of isBookableSlot).
    const slot = bookableSlots(serviceType, date, today()).find((s) => s.label === timeSlot);
    if (!slot) return { state: "taken" };
    const ranges = fresh
      ? await takenRanges(date, date, serviceType, { fresh })
      : await shared(`taken|${serviceType}|${date}`, () => takenRanges(date, date, serviceType));
    if (!isFree(serviceType, date, slot, ranges.dayEnd, ranges.technicians, ranges.held(date))) return { state: "taken" };
    if (ranges.fullDates.has(date)) return { state: "day-full", maxPerDay: ranges.maxPerDay };
    return { state: "free" };
  }

  return {
    today,

    check,

    /** Whether a slot can be booked (see check). */
    async isAvailable(serviceType: ServiceType, date: string, timeSlot: string, options: { fresh?: boolean } = {}): Promise<boolean> {
      return (await check(serviceType, date, timeSlot, options)).state === "free";
    },

    /** Forget shared reads: called after every booking write and calendar change. */
    invalidate() {
      cache.clear();
      technicianList = null;
    },

    day(serviceType: ServiceType, date: string): Promise<AvailabilityDayResponse> {
      return shared(`day|${serviceType}|${date}|${today()}`, () => computeDay(serviceType, date));
    },

    range(serviceType: ServiceType, from: string, to: string): Promise<AvailabilityRangeResponse> {
      return shared(`range|${serviceType}|${from}|${to}|${today()}`, () => computeRange(serviceType, from, to));
    },
  };

  async function computeDay(serviceType: ServiceType, date: string): Promise<AvailabilityDayResponse> {
    const slots = bookableSlots(serviceType, date, today());
    if (slots.length === 0) return { date, slots: [] };
    const { taken, technicians, dayEnd } = await takenRanges(date, date, serviceType);
    const day = taken(date);
    // The wizard shows the start window ('08:00-10:00'); whether it is free depends on the whole range.
    return {
      date,
      slots: slots.map((s) => ({ label: s.label, start: s.start, end: s.end, available: isFree(serviceType, date, s, dayEnd, technicians, day) })),
    };
  }

  async function computeRange(serviceType: ServiceType, from: string, to: string): Promise<AvailabilityRangeResponse> {
    const { taken, technicians, dayEnd } = await takenRanges(from, to, serviceType);
    const dates: AvailabilityRangeResponse["dates"] = [];
    const day0 = today();
    for (let date = from; date <= to; date = addDays(date, 1)) {
      const slots = bookableSlots(serviceType, date, day0);
      const day = slots.length > 0 ? taken(date) : null;
      dates.push({ date, available: day !== null && slots.some((s) => isFree(serviceType, date, s, dayEnd, technicians, day)) });
    }
    return { dates };
  }
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
