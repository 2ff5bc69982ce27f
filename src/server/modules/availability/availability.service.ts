import {
  addDays,
  bookableSlots,
  slotsOverlap,
  todayIn,
  type TimeSlot,
} from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import type { AvailabilityDayResponse, AvailabilityRangeResponse } from "@/common/schemas/bookings";
import type { AvailabilityRepository, DatedRange } from "./availability.repository";

export type Clock = () => Date;

/**
 * How long a read is shared, 1 s unless AVAILABILITY_CACHE_MS says otherwise. Only
 * bench/availability-mix.mjs sets it (to 0, sharing off) to measure the uncached path, where every
 * request runs the database query.
 */
export function cacheTtlMs(value: string | undefined): number {
  const ms = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(ms) && ms >= 0 ? ms : 1000;
}
const CACHE_MAX_ENTRIES = 2000;

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

const isFree = (slot: TimeSlot, taken: DatedRange[] | undefined) => !(taken ?? []).some((t) => slotsOverlap(slot, t));

/** SPEC §9 max bookings per day (DECISIONS 11): a day with that many bookings has no free slot. */
const isDayFull = (taken: DatedRange[] | undefined, maxPerDay: number) => (taken ?? []).filter((t) => t.booked).length >= maxPerDay;

/**
 * Availability per DECISIONS 4 and 8: a slot is available when the booking rules allow it today,
 * it overlaps no blocked time for its service type, and no active booking of any type.
 */
export function createAvailabilityService(
  repo: AvailabilityRepository,
  now: Clock,
  timeZone: string,
  {
    cacheMs = cacheTtlMs(process.env.AVAILABILITY_CACHE_MS),
    maxPerDay = async () => Number.POSITIVE_INFINITY,
  }: { cacheMs?: number; maxPerDay?: () => Promise<number> } = {},
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

  /** What is taken per date; a full day counts as taken all day. */
  async function takenRanges(from: string, to: string, serviceType: ServiceType) {
    const [ranges, max] = await Promise.all([repo.takenRanges(from, to, serviceType), maxPerDay()]);
    const taken = byDate(ranges);
    for (const [date, list] of taken) if (isDayFull(list, max)) taken.set(date, [...list, { date, start: "00:00", end: "23:59", booked: false }]);
    return taken;
  }

  return {
    today,

    /** Whether a slot can be booked; `fresh` skips the shared read (the booking path uses it). */
    async isAvailable(serviceType: ServiceType, date: string, timeSlot: string, { fresh = false } = {}): Promise<boolean> {
      // Bookable when the label is one of the date's bookable slots (the rule of isBookableSlot).
      const slot = bookableSlots(serviceType, date, today()).find((s) => s.label === timeSlot);
      if (!slot) return false;
      const taken = fresh ? await takenRanges(date, date, serviceType) : await shared(`taken|${serviceType}|${date}`, () => takenRanges(date, date, serviceType));
      return isFree(slot, taken.get(date));
    },

    /** Forget shared reads: called after every booking write. */
    invalidate() {
      cache.clear();
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
    const taken = (await takenRanges(date, date, serviceType)).get(date);
    return { date, slots: slots.map((s) => ({ label: s.label, start: s.start, end: s.end, available: isFree(s, taken) })) };
  }

  async function computeRange(serviceType: ServiceType, from: string, to: string): Promise<AvailabilityRangeResponse> {
    const taken = await takenRanges(from, to, serviceType);
    const dates: AvailabilityRangeResponse["dates"] = [];
    const day0 = today();
    for (let date = from; date <= to; date = addDays(date, 1)) {
      const slots = bookableSlots(serviceType, date, day0);
      dates.push({ date, available: slots.some((s) => isFree(s, taken.get(date))) });
    }
    return { dates };
  }
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
