import pg from "pg";
import type { Db } from "../../db/client";
import type { TimeRange } from "@/common/booking-rules";
import { bookableTechnicians } from "../bookings/booking-capacity.repository";

/**
 * A taken time of a date: a booking (`booked`) or a blocked time; `technicianId` is the visit's
 * technician (null: nobody yet) or, for a blocked time, the technician who is away (null: the company's).
 */
export type DatedRange = TimeRange & { date: string; booked: boolean; technicianId: number | null };

/**
 * Everything that takes time between two dates ($1, $2) for a service type ($3): active bookings of
 * any type with their technician, the company's blocked times that apply to the type and the
 * technicians' absences (rules D25), in one round trip (`booked` tells them apart, for the settings'
 * bookings-per-day limit). The bookings half is an index-only scan of bookings_active_date_idx
 * (date, start_time, end_time, assigned_technician_id of bookings whose status is not
 * 'cancelled'): it reads a few index pages and never the table. Dates and times come back as
 * text ('2026-12-07', '10:00:00'), so no Date objects are made on the hot path.
 * bench/availability-mix.mjs EXPLAINs this very text (a test keeps the two identical).
 */
export const TAKEN_RANGES_SQL = `select date::text as date, start_time::text as start, end_time::text as "end", true as booked, assigned_technician_id as technician from bookings
where date between $1::date and $2::date and status <> 'cancelled'
union all
select date::text, start_time::text, end_time::text, false, technician_id from blocked_time_slots
where date between $1::date and $2::date and (technician_id is not null or service_types @> array[$3::text])`;

/** Name of the server-side prepared statement: parsed once per connection, planned from cache. */
const TAKEN_RANGES_STATEMENT = "availability_taken_ranges";

type Row = { date: string; start: string; end: string; booked: boolean; technician: number | null };
type Queryable = { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

const hhmm = (time: string) => time.slice(0, 5);

/**
 * The wizard's hot path bypasses the query builder: a fixed statement, prepared once per pooled
 * connection on PostgreSQL (Drizzle's per-call SQL building cost more than the query itself), and a
 * plain parameterised query on the embedded database.
 */
function takenRangesQuery(db: Db): (values: string[]) => Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return async (values) => (await client.query<Row>({ name: TAKEN_RANGES_STATEMENT, text: TAKEN_RANGES_SQL, values })).rows;
  }
  const embedded = client as Queryable;
  return async (values) => (await embedded.query(TAKEN_RANGES_SQL, values)).rows as Row[];
}

export function createAvailabilityRepository(db: Db) {
  const query = takenRangesQuery(db);
  return {
    /**
     * Everything that takes time for a service type between two dates inclusive: active bookings of
     * any type and blocked times for this type, in one round trip (the hot path of the wizard).
     */
    async takenRanges(from: string, to: string, serviceType: string): Promise<DatedRange[]> {
      const rows = await query([from, to, serviceType]);
      return rows.map((r) => ({ date: r.date, start: hhmm(r.start), end: hhmm(r.end), booked: r.booked, technicianId: r.technician }));
    },

    /** The bookable technicians' calendars (rules D25); none: the company is one calendar. */
    bookableTechnicians: () => bookableTechnicians(db),
  };
}
export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
