import { and, arrayContains, gte, lte, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blockedTimeSlots, bookings } from "../../db/schema";
import type { TimeRange } from "@/common/booking-rules";

export type DatedRange = TimeRange & { date: string };

const hhmm = (time: string) => time.slice(0, 5);

export function createAvailabilityRepository(db: Db) {
  return {
    /** Time ranges of active bookings (any service type, DECISIONS 5) between two dates inclusive. */
    async activeBookings(from: string, to: string): Promise<DatedRange[]> {
      const rows = await db
        .select({ date: bookings.date, start: bookings.startTime, end: bookings.endTime })
        .from(bookings)
        .where(and(gte(bookings.date, from), lte(bookings.date, to), ne(bookings.status, "cancelled")));
      return rows.map((r) => ({ date: r.date, start: hhmm(r.start), end: hhmm(r.end) }));
    },

    /** Blocked times for a service type between two dates inclusive. */
    async blockedTimes(from: string, to: string, serviceType: string): Promise<DatedRange[]> {
      const rows = await db
        .select({ date: blockedTimeSlots.date, start: blockedTimeSlots.startTime, end: blockedTimeSlots.endTime })
        .from(blockedTimeSlots)
        .where(and(gte(blockedTimeSlots.date, from), lte(blockedTimeSlots.date, to), arrayContains(blockedTimeSlots.serviceTypes, [serviceType])));
      return rows.map((r) => ({ date: r.date, start: hhmm(r.start), end: hhmm(r.end) }));
    },
  };
}
export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
