import { endOfMonth, endOfQuarter, endOfYear, format, startOfMonth, startOfQuarter, startOfYear } from "date-fns";
import { addDays, technicianUtilisation, type IsoDate, type LoadInput, type TimeRange } from "@/common/booking-rules";
import { BOOKING_STATUSES, SERVICE_TYPE_LABELS, SERVICE_TYPES, type BookingStatus, type ServiceType } from "@/common/constants";
import { completionRate, visitsPerCustomer } from "@/common/planning/formulas";
import { weekStart } from "@/common/planning/week";
import { STATISTICS_STATUS_LABELS, WEEKDAY_NAMES, type Statistics, type StatisticsPeriod } from "@/common/schemas/statistics";
import type { BookingCell, PeriodFigures, StatisticsRepository } from "./statistics.repository";

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

const BUSIEST_SLOTS = 5;

/** Minutes as hours to one decimal. */
const hours = (minutes: number) => Math.round(minutes / 6) / 10;

/** The response of a period from its figures (rules §4 'Väntande', §9 rounding) and, when given, the technicians' load (rules D25). */
export function statisticsOf(
  period: StatisticsPeriod,
  from: IsoDate,
  to: IsoDate,
  figures: PeriodFigures,
  load: { input: LoadInput; companyDay: TimeRange } | null = null,
): Statistics {
  const sum = (match: (cell: BookingCell) => boolean) => figures.cells.reduce((total, cell) => total + (match(cell) ? cell.bookings : 0), 0);
  const total = sum(() => true);
  const completed = sum((c) => c.status === "completed");
  return {
    period,
    from,
    to,
    total,
    completed,
    completionRate: completionRate(completed, total),
    customers: figures.customers,
    visitsPerCustomer: visitsPerCustomer(total, figures.customers),
    revenue: figures.revenue,
    byStatus: BOOKING_STATUSES.map((status: BookingStatus) => ({
      key: status,
      label: STATISTICS_STATUS_LABELS[status],
      count: sum((c) => c.status === status),
    })),
    byServiceType: SERVICE_TYPES.map((type: ServiceType) => ({ key: type, label: SERVICE_TYPE_LABELS[type], count: sum((c) => c.serviceType === type) })),
    byWeekday: WEEKDAY_NAMES.map((name, i) => ({ key: String(i + 1), label: name, count: sum((c) => c.weekday === i + 1) })),
    busiestTimeSlots: [...figures.timeSlots]
      .sort((a, b) => b.bookings - a.bookings || a.timeSlot.localeCompare(b.timeSlot))
      .slice(0, BUSIEST_SLOTS)
      .map((s) => ({ key: s.timeSlot, label: s.timeSlot.replace("-", "–"), count: s.bookings })),
    remindersSent: figures.remindersSent,
    remindersBooked: figures.remindersBooked,
    agreements: figures.agreements,
    utilisation: load
      ? technicianUtilisation(load.input, from, to, load.companyDay).map((row) => ({
          technicianId: row.technicianId,
          name: row.name,
          bookedHours: hours(row.bookedMinutes),
          availableHours: hours(row.availableMinutes),
          percent: row.percent,
        }))
      : [],
  };
}

/**
 * The statistics of this week, month, quarter or year (rules §7, rules D13): real figures of the
 * calendar period around today.
 */
export function createStatisticsService({
  repo,
  today,
  sharing = true,
  companyDay = async () => ({ start: "08:00", end: "17:00" }),
}: {
  repo: StatisticsRepository;
  today: () => string;
  sharing?: boolean;
  /** The settings' working day: a technician without hours of their own works it (rules D25). */
  companyDay?: () => Promise<TimeRange>;
}) {
  const compute = async (period: StatisticsPeriod, from: IsoDate, to: IsoDate) => {
    const [figures, input, day] = await Promise.all([repo.periodFigures(from, to), repo.technicianLoad(from, to), companyDay()]);
    return statisticsOf(period, from, to, figures, { input, companyDay: day });
  };

  // Identical requests that arrive while the figures are being worked out share that work: an
  // admin's dashboard refreshing at the same moment as another's gets the same answer, as fresh as
  // the computation it joins (begun at most that computation's time earlier). The computation itself
  // is within the budget without it (bench/statistics.mjs measures both); STATISTICS_SHARING=0 turns
  // it off.
  const inFlight = new Map<string, Promise<Statistics>>();
  function figuresOf(period: StatisticsPeriod): Promise<Statistics> {
    const { from, to } = periodOf(period, today() as IsoDate);
    if (!sharing) return compute(period, from, to);
    const key = `${period} ${from} ${to}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = compute(period, from, to).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  return { figuresOf };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
