import {
  addDays,
  bookableSlots,
  isBookableSlot,
  slotsOverlap,
  todayIn,
  type TimeSlot,
} from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import type { AvailabilityDayResponse, AvailabilityRangeResponse } from "@/common/schemas/bookings";
import type { AvailabilityRepository, DatedRange } from "./availability.repository";

export type Clock = () => Date;

/** Groups ranges by date for quick lookups. */
function byDate(ranges: DatedRange[]): Map<string, DatedRange[]> {
  const map = new Map<string, DatedRange[]>();
  for (const r of ranges) map.set(r.date, [...(map.get(r.date) ?? []), r]);
  return map;
}

const isFree = (slot: TimeSlot, taken: DatedRange[] | undefined) => !(taken ?? []).some((t) => slotsOverlap(slot, t));

/**
 * Availability per DECISIONS 4 and 8: a slot is available when the booking rules allow it today,
 * it overlaps no blocked time for its service type, and no active booking of any type.
 */
export function createAvailabilityService(repo: AvailabilityRepository, now: Clock, timeZone: string) {
  const today = () => todayIn(now(), timeZone);

  async function takenRanges(from: string, to: string, serviceType: ServiceType) {
    const [booked, blocked] = await Promise.all([repo.activeBookings(from, to), repo.blockedTimes(from, to, serviceType)]);
    return byDate([...booked, ...blocked]);
  }

  return {
    today,

    async isAvailable(serviceType: ServiceType, date: string, timeSlot: string): Promise<boolean> {
      if (!isBookableSlot(serviceType, date, timeSlot, today())) return false;
      const slot = bookableSlots(serviceType, date, today()).find((s) => s.label === timeSlot)!;
      return isFree(slot, (await takenRanges(date, date, serviceType)).get(date));
    },

    async day(serviceType: ServiceType, date: string): Promise<AvailabilityDayResponse> {
      const slots = bookableSlots(serviceType, date, today());
      if (slots.length === 0) return { date, slots: [] };
      const taken = (await takenRanges(date, date, serviceType)).get(date);
      return { date, slots: slots.map((s) => ({ label: s.label, start: s.start, end: s.end, available: isFree(s, taken) })) };
    },

    async range(serviceType: ServiceType, from: string, to: string): Promise<AvailabilityRangeResponse> {
      const taken = await takenRanges(from, to, serviceType);
      const dates: AvailabilityRangeResponse["dates"] = [];
      const day0 = today();
      for (let date = from; date <= to; date = addDays(date, 1)) {
        const slots = bookableSlots(serviceType, date, day0);
        dates.push({ date, available: slots.some((s) => isFree(s, taken.get(date))) });
      }
      return { dates };
    },
  };
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
