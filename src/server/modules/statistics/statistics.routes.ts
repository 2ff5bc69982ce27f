import { endOfMonth, endOfQuarter, endOfYear, format, startOfMonth, startOfQuarter, startOfYear } from "date-fns";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { addDays, type IsoDate } from "@/common/booking-rules";
import { BOOKING_STATUSES, SERVICE_TYPE_LABELS, SERVICE_TYPES, type BookingStatus, type ServiceType } from "@/common/constants";
import { completionRate, visitsPerCustomer } from "@/common/planning/formulas";
import { weekStart } from "@/common/planning/week";
import { STATISTICS_STATUS_LABELS, StatisticsQuerySchema, StatisticsSchema, WEEKDAY_NAMES, type Statistics, type StatisticsPeriod } from "@/common/schemas/statistics";
import type { StatisticsRepository } from "./statistics.repository";

/** The calendar period around `today`: this week (Monday–Sunday), month, quarter or year. */
export function periodOf(period: StatisticsPeriod, today: IsoDate): { from: IsoDate; to: IsoDate } {
  if (period === "week") {
    const monday = weekStart(today);
    return { from: monday, to: addDays(monday, 6) };
  }
  const at = new Date(`${today}T12:00:00`);
  const day = (d: Date) => format(d, "yyyy-MM-dd") as IsoDate;
  if (period === "month") return { from: day(startOfMonth(at)), to: day(endOfMonth(at)) };
  if (period === "quarter") return { from: day(startOfQuarter(at)), to: day(endOfQuarter(at)) };
  return { from: day(startOfYear(at)), to: day(endOfYear(at)) };
}

// GROUPING() bits of the figures query, in its order (status, service type, weekday, time slot):
// a set leaves its own column's bit 0 and sets the others.
const BY = { status: 0b0111, serviceType: 0b1011, weekday: 0b1101, timeSlot: 0b1110, all: 0b1111 } as const;
const BUSIEST_SLOTS = 5;

/** GET /api/statistics?period= (SPEC §7, DECISIONS 13): real figures of the period, for admins. */
export async function statisticsRoutes(fastify: FastifyInstance, { statistics, today }: { statistics: StatisticsRepository; today: () => string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Identical requests that arrive while the figures are being worked out share that work: a year of
  // bookings takes tens of milliseconds to count, and an admin's dashboard refreshing at the same
  // moment as another's gets the same answer (never an older one than its own request).
  const inFlight = new Map<string, Promise<Statistics>>();
  function figuresOf(period: StatisticsPeriod): Promise<Statistics> {
    const { from, to } = periodOf(period, today() as IsoDate);
    const key = `${period} ${from} ${to}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = compute(period, from, to).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  async function compute(period: StatisticsPeriod, from: IsoDate, to: IsoDate): Promise<Statistics> {
    const [rows, other] = await Promise.all([statistics.bookingFigures(from, to), statistics.otherFigures(from, to)]);
    const of = (bits: number) => rows.filter((r) => r.grouping === bits);
    const all = { bookings: of(BY.all)[0]?.bookings ?? 0, customers: other.customers };
    const count = (bits: number, key: (r: (typeof rows)[number]) => unknown, value: unknown) => of(bits).find((r) => key(r) === value)?.bookings ?? 0;
    const completed = count(BY.status, (r) => r.status, "completed");
    return {
      period,
      from,
      to,
      total: all.bookings,
      completed,
      completionRate: completionRate(completed, all.bookings),
      customers: all.customers,
      visitsPerCustomer: visitsPerCustomer(all.bookings, all.customers),
      revenue: other.revenue,
      byStatus: BOOKING_STATUSES.map((status: BookingStatus) => ({ key: status, label: STATISTICS_STATUS_LABELS[status], count: count(BY.status, (r) => r.status, status) })),
      byServiceType: SERVICE_TYPES.map((type: ServiceType) => ({ key: type, label: SERVICE_TYPE_LABELS[type], count: count(BY.serviceType, (r) => r.service_type, type) })),
      byWeekday: WEEKDAY_NAMES.map((name, i) => ({ key: String(i + 1), label: name, count: count(BY.weekday, (r) => r.weekday, i + 1) })),
      busiestTimeSlots: of(BY.timeSlot)
        .sort((a, b) => b.bookings - a.bookings || String(a.time_slot).localeCompare(String(b.time_slot)))
        .slice(0, BUSIEST_SLOTS)
        .map((r) => ({ key: String(r.time_slot), label: String(r.time_slot).replace("-", "–"), count: r.bookings })),
      remindersSent: other.remindersSent,
      remindersBooked: other.remindersBooked,
    };
  }

  app.get("/api/statistics", { schema: { querystring: StatisticsQuerySchema, response: { 200: StatisticsSchema } } }, (request) => figuresOf(request.query.period));
}
