// Contract of GET /api/statistics (rules §7, §9; rules D13; issue 13).
import { z } from "zod";
import type { BookingStatus } from "../constants";
import { BOOKING_STATUS_LABELS } from "../constants";

export const STATISTICS_PERIODS = ["week", "month", "quarter", "year"] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
export const STATISTICS_PERIOD_LABELS: Record<StatisticsPeriod, string> = {
  week: "Denna vecka",
  month: "Denna månad",
  quarter: "Detta kvartal",
  year: "Detta år",
};

export const StatisticsQuerySchema = z.object({
  period: z.enum(STATISTICS_PERIODS, { error: "Välj vecka, månad, kvartal eller år" }).optional().default("month"),
});

/** rules §4: statistics call confirmed bookings 'Väntande'; the rest as everywhere else. */
export const STATISTICS_STATUS_LABELS: Record<BookingStatus, string> = { ...BOOKING_STATUS_LABELS, confirmed: "Väntande" };

export const WEEKDAY_NAMES = ["Måndag", "Tisdag", "Onsdag", "Torsdag", "Fredag", "Lördag", "Söndag"] as const;

const Count = z.object({ key: z.string(), label: z.string(), count: z.number() });
export const StatisticsSchema = z.object({
  period: z.enum(STATISTICS_PERIODS),
  from: z.string(),
  to: z.string(),
  total: z.number(),
  completed: z.number(),
  /** Completed of all bookings in the period, in whole per cent (rules §9). */
  completionRate: z.number(),
  customers: z.number(),
  /** Bookings per customer who had one, to one decimal (rules §9). */
  visitsPerCustomer: z.number(),
  /** Service history costs of the period, in kr. */
  revenue: z.number(),
  byStatus: z.array(Count),
  byServiceType: z.array(Count),
  /** Monday first. */
  byWeekday: z.array(Count),
  /** The busiest time slots, most booked first. */
  busiestTimeSlots: z.array(Count),
  remindersSent: z.number(),
  remindersBooked: z.number(),
  /**
   * Service agreements (issue 26): in force at the period's end (accepted, not paused, not ended),
   * accepted in the period, ending in the period, and the yearly value of those in force (öre).
   */
  agreements: z.object({ active: z.number(), new: z.number(), ended: z.number(), yearlyValueOre: z.number() }),
  /**
   * rules D25: per technician (bookable, or with visits), hours of active visits against hours they
   * could be booked (working hours less absences) in the period; percent null without such hours.
   */
  utilisation: z.array(
    z.object({ technicianId: z.number(), name: z.string(), bookedHours: z.number(), availableHours: z.number(), percent: z.number().nullable() }),
  ),
});
export type Statistics = z.infer<typeof StatisticsSchema>;
