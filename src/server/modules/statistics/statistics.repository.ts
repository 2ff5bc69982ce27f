import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

type Row = { status: string | null; service_type: string | null; weekday: number | null; time_slot: string | null; grouping: number; bookings: number };

/**
 * The figures of a period in two queries (issue 13): one pass over the period's bookings groups them
 * by status, service type, weekday and time slot at once (GROUPING SETS, hashed: no distinct
 * aggregate in it, which would sort the rows once per set), with the total; the distinct customers,
 * revenue and reminders are small sums beside it.
 */
export function createStatisticsRepository(db: Db) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  return {
    async bookingFigures(from: string, to: string) {
      return rowsOf<Row>(
        await db.execute(sql`
          select status, service_type, extract(isodow from date)::int as weekday, time_slot,
                 grouping(status, service_type, extract(isodow from date), time_slot)::int as grouping,
                 count(*)::int as bookings
          from bookings
          where date between ${from}::date and ${to}::date
          group by grouping sets ((status), (service_type), (extract(isodow from date)), (time_slot), ())`),
      );
    },

    async otherFigures(from: string, to: string) {
      const [row] = rowsOf<{ customers: number; revenue: string | null; reminders_sent: number; reminders_booked: number }>(
        await db.execute(sql`
          select
            (select count(distinct customer_id)::int from bookings where date between ${from}::date and ${to}::date) as customers,
            (select sum(cost) from service_history where service_date >= ${from}::date and service_date < ${to}::date + 1 and status <> 'cancelled') as revenue,
            (select count(*)::int from reminders where sent and sent_at >= ${from}::date and sent_at < ${to}::date + 1) as reminders_sent,
            (select count(*)::int from service_reminder_responses where response_type = 'booked' and response_date >= ${from}::date and response_date < ${to}::date + 1) as reminders_booked`),
      );
      return { customers: row.customers, revenue: Number(row.revenue ?? 0), remindersSent: row.reminders_sent, remindersBooked: row.reminders_booked };
    },
  };
}
export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
