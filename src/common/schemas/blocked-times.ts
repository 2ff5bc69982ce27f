// Contracts of /admin/blocked-times (rules §2, §3 blocked_time_slots, §4 filter, §5 blocked time,
// §7 /api/admin/blocked-time-slots rows). Messages are rules §5's.
import { z } from "zod";
import { BLOCKABLE_SERVICE_TYPES, BOOKING_STATUSES, SERVICE_TYPES } from "../constants";
import { isWallTime, toMinutes } from "../booking-rules";
import { isoDateSchema } from "./bookings";

export const blockedTimeText = {
  dateRequired: "Datum måste väljas",
  invalidTime: "Ogiltig tid. Använd format HH:MM",
  reasonRequired: "Ange en anledning",
  serviceTypesRequired: "Välj minst en tjänsttyp",
  // The older system did not check this (rules §5); a block that ends before it starts blocks nothing.
  endBeforeStart: "Sluttiden måste vara efter starttiden",
  pastDate: "Det går inte att blockera en dag som redan har passerat.",
} as const;

/** rules §5: create defaults 08:00 to 17:00. */
export const BLOCKED_TIME_DEFAULTS = { startTime: "08:00", endTime: "17:00" } as const;

const wallTime = z.string({ error: blockedTimeText.invalidTime }).refine(isWallTime, { error: blockedTimeText.invalidTime });

export const BlockedTimeInputSchema = z
  .object({
    date: isoDateSchema(blockedTimeText.dateRequired),
    startTime: wallTime,
    endTime: wallTime,
    reason: z.string({ error: blockedTimeText.reasonRequired }).trim().min(1, { error: blockedTimeText.reasonRequired }).max(200),
    serviceTypes: z
      .array(z.enum(BLOCKABLE_SERVICE_TYPES, { error: blockedTimeText.serviceTypesRequired }), { error: blockedTimeText.serviceTypesRequired })
      .min(1, { error: blockedTimeText.serviceTypesRequired })
      .transform((types) => [...new Set(types)]),
  })
  .refine((v) => !isWallTime(v.startTime) || !isWallTime(v.endTime) || toMinutes(v.endTime) > toMinutes(v.startTime), {
    path: ["endTime"],
    error: blockedTimeText.endBeforeStart,
  });
export type BlockedTimeInput = z.output<typeof BlockedTimeInputSchema>;
export type BlockedTimeForm = z.input<typeof BlockedTimeInputSchema>;

export const BLOCKED_TIME_FILTERS = ["all", "upcoming", "past"] as const;
export type BlockedTimeFilter = (typeof BLOCKED_TIME_FILTERS)[number];
export const BLOCKED_TIME_FILTER_LABELS: Record<BlockedTimeFilter, string> = { all: "Alla", upcoming: "Kommande", past: "Passerade" };
export const BlockedTimeListQuerySchema = z.object({ filter: z.enum(BLOCKED_TIME_FILTERS).optional().default("upcoming") });

export const BlockedTimeSchema = z.object({
  id: z.number(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  reason: z.string(),
  serviceTypes: z.array(z.enum(BLOCKABLE_SERVICE_TYPES)),
  createdAt: z.string(),
});
export type BlockedTime = z.output<typeof BlockedTimeSchema>;
export const BlockedTimeListSchema = z.array(BlockedTimeSchema);

/** Active bookings inside a blocked time: they are not dropped, the admin is told about them. */
export const OverlappingBookingSchema = z.object({
  id: z.number(),
  date: z.string(),
  timeSlot: z.string(),
  /** 'HH:MM': an installation holds the rest of its day (rules D24), so a later block overlaps it. */
  endTime: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(BOOKING_STATUSES),
  customerName: z.string(),
});
export type OverlappingBooking = z.output<typeof OverlappingBookingSchema>;

/** Answer of create and update: the blocked time and the bookings it overlaps. */
export const BlockedTimeSavedSchema = z.object({ blockedTime: BlockedTimeSchema, overlappingBookings: z.array(OverlappingBookingSchema) });
export type BlockedTimeSaved = z.output<typeof BlockedTimeSavedSchema>;
