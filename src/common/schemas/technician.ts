// The technician portal's contracts (rules §2 technician portal, §5 service completion, §7 the
// /api/technician rows): visits of a day and ahead, one visit, its status, and the service report.
import { z } from "zod";
import { SERVICE_HISTORY_TYPES } from "@/common/constants";
import { AdminBookingListItemSchema, BookingImageSchema, StaffBookingSchema } from "./admin-bookings";
import { BookingCustomerSchema, isoDateSchema } from "./bookings";
import { IdSchema, idSchema } from "./common";
import { LeakCheckInputSchema, LeakCheckRecordedSchema } from "./refrigerant";

export const technicianText = {
  dateRequired: "Välj ett giltigt datum",
  statusInvalid: "Ogiltig status. Tekniker kan påbörja eller avboka ett uppdrag.",
  cancelReasonRequired: "Skriv varför besöket avbokas",
  cancelReasonTooLong: "Anledningen får vara högst 500 tecken",
  bookingIdRequired: "Bokningen saknas",
  serviceTypeInvalid: "Välj en typ av service",
  // rules §5 Service completion.
  actionsRequired: "Du måste beskriva vilka åtgärder som utförts",
  tooLong: "Texten är för lång (högst 4 000 tecken)",
  serviceDateInvalid: "Ogiltigt datum för servicen",
} as const;

/** GET /api/technician/bookings?date=: the visits of one day. */
export const TechnicianDayQuerySchema = z.object({ date: isoDateSchema(technicianText.dateRequired) });

/** A visit in the portal's lists: the admin list's row (time, customer, place, status, technician). */
export const TechnicianVisitSchema = AdminBookingListItemSchema;
export type TechnicianVisit = z.output<typeof TechnicianVisitSchema>;
export const TechnicianVisitListSchema = z.array(TechnicianVisitSchema);

export const VisitProductSchema = z.object({
  id: z.number(),
  brand: z.string().nullable(),
  model: z.string(),
  type: z.string(),
  serialNumber: z.string().nullable(),
  installDate: z.string().nullable(),
});

/**
 * One of the customer's heat pumps, offered when the report's unit is to be chosen (issue 26: an
 * online booking has none). `checkIntervalMonths`: its leak-check duty by the register's rules, at
 * least every so many months; null when it has none or its refrigerant is not recorded.
 */
export const CustomerProductSchema = VisitProductSchema.extend({ checkIntervalMonths: z.number().nullable() });
export type CustomerProduct = z.output<typeof CustomerProductSchema>;

/**
 * GET /api/technician/booking/{id}: the booking with its customer and product, and every product of
 * the customer (the technician chooses which one the report is about).
 */
export const TechnicianBookingSchema = z.object({
  booking: StaffBookingSchema,
  /** Where the visit is and whom to call: the booking's own copy of the contact details. */
  contact: BookingCustomerSchema,
  customer: z.object({ id: z.number(), notes: z.string().nullable() }),
  product: VisitProductSchema.nullable(),
  customerProducts: z.array(CustomerProductSchema),
  images: z.array(BookingImageSchema),
});
export type TechnicianBooking = z.output<typeof TechnicianBookingSchema>;

export const CANCEL_REASON_MAX = 500;

/**
 * PATCH /api/technician/booking/{id}/status: start or cancel (completion is the service report's).
 * A cancellation says why (issue 23): the reason is kept in the booking's history for the admin.
 */
export const TechnicianStatusSchema = z
  .object({
    status: z.enum(["in_progress", "cancelled"], { error: technicianText.statusInvalid }),
    reason: z.string({ error: technicianText.cancelReasonRequired }).trim().max(CANCEL_REASON_MAX, { error: technicianText.cancelReasonTooLong }).optional(),
  })
  .refine((body) => body.status !== "cancelled" || Boolean(body.reason), { error: technicianText.cancelReasonRequired, path: ["reason"] });
export type TechnicianStatus = z.input<typeof TechnicianStatusSchema>;

const optionalText = z.string({ error: technicianText.tooLong }).trim().max(4000, { error: technicianText.tooLong }).optional();

/**
 * POST /api/technician/service-history: the service report (rules §7). The technician and the
 * customer come from the session and the booking, never from the request.
 */
export const ServiceReportSchema = z.object({
  bookingId: idSchema(technicianText.bookingIdRequired),
  serviceType: z.enum(SERVICE_HISTORY_TYPES, { error: technicianText.serviceTypeInvalid }).default("maintenance"),
  issues: optionalText,
  actions: z
    .string({ error: technicianText.actionsRequired })
    .trim()
    .min(1, { error: technicianText.actionsRequired })
    .max(4000, { error: technicianText.tooLong }),
  parts: optionalText,
  followUpNeeded: z.boolean().default(false),
  /**
   * The heat pump the report is about, one of the booking's customer's (422 otherwise): left out, the
   * booking's own; null, none of them ("Ingen av dem / okänd").
   */
  productId: IdSchema.nullable().optional(),
  serviceDate: z.iso.datetime({ offset: true, error: technicianText.serviceDateInvalid }).optional(),
  /**
   * The F-gas leak check made at the visit (issue 26), of the report's product (`productId`),
   * dated the service date; recorded with the report or not at all.
   */
  leakCheck: LeakCheckInputSchema.optional(),
});
export type ServiceReport = z.input<typeof ServiceReportSchema>;

/** The report's answer; `leakCheck`: the check recorded with it and its unit's register entry after it. */
export const ServiceReportResultSchema = z.object({
  id: z.number(),
  bookingId: z.number(),
  status: z.literal("completed"),
  leakCheck: LeakCheckRecordedSchema.nullable(),
});
export type ServiceReportResult = z.output<typeof ServiceReportResultSchema>;

/** rules §3 service_history.serviceType in Swedish, for the report form. */
export const SERVICE_HISTORY_TYPE_LABELS: Record<(typeof SERVICE_HISTORY_TYPES)[number], string> = {
  maintenance: "Underhåll",
  repair: "Reparation",
  installation: "Installation",
  inspection: "Inspektion",
  warranty: "Garantiärende",
  other: "Övrigt",
};
