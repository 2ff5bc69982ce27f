import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { technicianLoad } from "../bookings/booking-capacity.repository";

/** The period's bookings by (status, service type, weekday 1 = Monday … 7 = Sunday). */
export type BookingCell = { status: string; serviceType: string; weekday: number; bookings: number };
export type PeriodFigures = {
  cells: BookingCell[];
  /** Bookings per time slot label ("08:00-10:00"), in no particular order. */
  timeSlots: { timeSlot: string; bookings: number }[];
  /** Distinct customers with a booking in the period. */
  customers: number;
  revenue: number;
  remindersSent: number;
  remindersBooked: number;
  agreements: { active: number; new: number; ended: number; yearlyValueOre: number };
};

type Row = {
  cells: [string, string, number, number][] | null;
  slots: [string, number][] | null;
  customers: number;
  revenue: string | null;
  reminders_sent: number;
  reminders_booked: number;
  agreements: { active: number; new: number; ended: number; yearly_value: number | string | null };
};

// Periods are calendar days in Stockholm (rules D1: all booking times are Europe/Stockholm): the
// timestamps of service history and reminders are compared with the period's first and last
// midnight there, constants of the statement, so their indexes serve the range.
const TIME_ZONE = "Europe/Stockholm";

/**
 * The figures of a period in one statement of independent parts (issue 13). Each count of the
 * bookings is a single streaming pass over an index that holds exactly its columns, in the order it
 * groups by, so no table row is read and nothing is hashed or sorted (hashing 50 000 rows cost twice
 * as much as reading them in order; bench/statistics.mjs):
 * - by (date, status, service type) over bookings_statistics_idx; the ≤ 24 cells of a day are then
 *   summed by weekday (integer arithmetic on the date: 2000-01-03 was a Monday; extract() works in
 *   numeric and cost more than the rest of the pass);
 * - by time slot over bookings_time_slot_idx (time slot, date);
 * - the distinct customers over bookings_customer_idx (customer, date): a distinct aggregate would
 *   sort, a hashed one costs three times as much.
 * With a short period (a week) the planner reads the period's few rows by date instead.
 * Revenue and reminders are range sums over service_history_date_idx, reminders_sent_at_idx and
 * service_reminder_responses_booked_idx. The parts are scalar subqueries, each run once.
 */
export function createStatisticsRepository(db: Db) {
  return {
    /** The technicians' calendars, absences and visits of the period (utilisation, rules D25). */
    technicianLoad: (from: string, to: string) => technicianLoad(db, from, to),

    async periodFigures(from: string, to: string): Promise<PeriodFigures> {
      const inPeriod = sql`date between ${from}::date and ${to}::date`;
      const start = sql`(${from}::date)::timestamp at time zone ${TIME_ZONE}`;
      const end = sql`(${to}::date + 1)::timestamp at time zone ${TIME_ZONE}`;
      const result = await db.execute(sql`
        select
          (select json_agg(json_build_array(status, service_type, weekday, bookings)) from (
             select status, service_type, ((date - date '2000-01-03') % 7 + 7) % 7 + 1 as weekday, sum(bookings)::int as bookings
             from (select date, status, service_type, count(*) as bookings from bookings where ${inPeriod} group by date, status, service_type) days
             group by 1, 2, 3) cells) as cells,
          (select json_agg(json_build_array(time_slot, bookings)) from (
             select time_slot, count(*)::int as bookings from bookings where ${inPeriod} group by time_slot) slots) as slots,
          (select count(*)::int from (select customer_id from bookings where ${inPeriod} group by customer_id) customers) as customers,
          (select sum(cost) from service_history where service_date >= ${start} and service_date < ${end} and status <> 'cancelled') as revenue,
          (select count(*)::int from reminders where sent and sent_at >= ${start} and sent_at < ${end}) as reminders_sent,
          (select count(*)::int from service_reminder_responses where response_type = 'booked' and response_date >= ${start} and response_date < ${end}) as reminders_booked,
          (select json_build_object(
             'active', count(*) filter (where in_force)::int,
             'new', count(*) filter (where accepted_at >= ${start} and accepted_at < ${end})::int,
             'ended', count(*) filter (where ends_on between ${from}::date and ${to}::date and accepted_at is not null)::int,
             'yearly_value', coalesce(sum(yearly_price_ore) filter (where in_force), 0))
           from (select *, accepted_at is not null and accepted_at < ${end} and paused_at is null and start_date <= ${to}::date
                          and (ends_on is null or ends_on >= ${to}::date) as in_force
                 from service_agreements) a) as agreements`);
      const [row] = (result as unknown as { rows: Row[] }).rows;
      return {
        cells: (row.cells ?? []).map(([status, serviceType, weekday, bookings]) => ({ status, serviceType, weekday, bookings })),
        timeSlots: (row.slots ?? []).map(([timeSlot, bookings]) => ({ timeSlot, bookings })),
        customers: row.customers,
        revenue: Number(row.revenue ?? 0),
        remindersSent: row.reminders_sent,
        remindersBooked: row.reminders_booked,
        agreements: {
          active: row.agreements.active,
          new: row.agreements.new,
          ended: row.agreements.ended,
          yearlyValueOre: Number(row.agreements.yearly_value ?? 0),
        },
      };
    },
  };
}
export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
