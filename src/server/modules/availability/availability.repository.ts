import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blockedTimeSlots, bookings } from "../../db/schema";
import type { TimeRange } from "@/common/booking-rules";

export type DatedRange = TimeRange & { date: string };

const hhmm = (time: string) => time.slice(0, 5);

export function createAvailabilityRepository(db: Db) {
  return {
    /**
     * Everything that takes time for a service type between two dates inclusive: active bookings of
     * any type and blocked times for this type, in one round trip (the hot path of the wizard).
     */
    async takenRanges(from: string, to: string, serviceType: string): Promise<DatedRange[]> {
      const result = (await db.execute(sql`
        select ${bookings.date} as date, ${bookings.startTime} as start, ${bookings.endTime} as "end" from ${bookings}
        where ${bookings.date} between ${from} and ${to} and ${bookings.status} <> 'cancelled'
        union all
        select ${blockedTimeSlots.date}, ${blockedTimeSlots.startTime}, ${blockedTimeSlots.endTime} from ${blockedTimeSlots}
        where ${blockedTimeSlots.date} between ${from} and ${to} and ${blockedTimeSlots.serviceTypes} @> array[${serviceType}]::text[]
      `)) as unknown as { rows: { date: string | Date; start: string; end: string }[] };
      return result.rows.map((r) => ({ date: typeof r.date === "string" ? r.date : r.date.toISOString().slice(0, 10), start: hhmm(r.start), end: hhmm(r.end) }));
    },

  };
}
export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
