// Contracts of the admin booking screens (rules §2 admin booking screens, §3 admin-create payload,
// §5 admin create booking and reschedule, §7 /api/admin/bookings rows), the admin overview and the
// staff side of the customer's link. Messages are the Swedish ones of rules §5.
import { z } from "zod";
import { OverviewAlertSchema } from "./operations";
import { singleLineText } from "./text-fields";
import { BOOKING_STATUSES, IMAGE_UPLOADERS, SERVICE_TYPES } from "../constants";
import { parseTimeSlot } from "../booking-rules";
import { BookingCustomerSchema, ServiceTypeSchema, isoDateSchema } from "./bookings";
import { IdSchema } from "./common";

export const adminBookingText = {
  customerNameMin: "Kundens namn måste vara minst 2 tecken",
  invalidEmail: "Ogiltig e-postadress",
  phoneMin: "Telefonnummer måste vara minst 6 tecken",
  addressMin: "Adressen måste vara minst 2 tecken",
  cityMin: "Orten måste vara minst 2 tecken",
  postalCodeMin: "Postnumret måste vara minst 5 tecken",
  dateRequired: "Välj ett datum för bokningen",
  timeSlotRequired: "Välj en tid för bokningen",
  invalidStatus: "Ogiltig status",
  rescheduleFieldsTitle: "Fyll i alla fält",
  rescheduleFields: "Både datum och tid måste anges.",
  pastTimeTitle: "Ogiltig tid",
  pastTime: "Du kan inte boka en tid som redan har passerat.",
  tooLong: (max: number) => `Får vara högst ${max} tecken`,
} as const;

export const BookingStatusSchema = z.enum(BOOKING_STATUSES, { error: adminBookingText.invalidStatus });

const minText = (min: number, message: string, max = 200) =>
  singleLineText({ error: message })
    .min(min, { error: message })
    .max(max, { error: adminBookingText.tooLong(max) });

// --- Create (POST /api/admin/bookings) -------------------------------------------------------------

/** rules §3 admin-create payload's customerInfo with the §5 minimum lengths. */
export const AdminCustomerInfoSchema = z.object({
  name: minText(2, adminBookingText.customerNameMin, 100),
  email: singleLineText({ error: adminBookingText.invalidEmail })
    .max(254, { error: adminBookingText.invalidEmail })
    .pipe(z.email({ error: adminBookingText.invalidEmail })),
  phone: minText(6, adminBookingText.phoneMin, 30),
  address: minText(2, adminBookingText.addressMin),
  city: minText(2, adminBookingText.cityMin, 100),
  postalCode: minText(5, adminBookingText.postalCodeMin, 20),
});
export type AdminCustomerInfo = z.output<typeof AdminCustomerInfoSchema>;

/** A 'HH:MM-HH:MM' label; the server checks it against the admin slots of the date (rules D6). */
const slotLabel = (message: string) => z.string({ error: message }).refine((v) => parseTimeSlot(v) !== null, { error: message });

export const AdminCreateBookingSchema = z.object({
  /** An existing customer picked by search; the booking still keeps customerInfo as its contact copy. */
  customerId: IdSchema.optional(),
  customerInfo: AdminCustomerInfoSchema,
  serviceType: ServiceTypeSchema,
  date: isoDateSchema(adminBookingText.dateRequired),
  timeSlot: slotLabel(adminBookingText.timeSlotRequired),
  description: z
    .string()
    .trim()
    .max(2000, { error: adminBookingText.tooLong(2000) })
    .optional()
    .default(""),
  heatpumpModel: singleLineText()
    .max(100, { error: adminBookingText.tooLong(100) })
    .optional(),
  status: BookingStatusSchema.optional().default("planned"),
  /** rules D25: a technician free at that time, chosen on the phone; none: the free one whose turn it is. */
  technicianId: IdSchema.nullable().optional(),
});
export type AdminCreateBooking = z.output<typeof AdminCreateBookingSchema>;
export type AdminCreateBookingForm = z.input<typeof AdminCreateBookingSchema>;

// --- Status and reschedule ------------------------------------------------------------------------

/** PATCH /api/admin/bookings/{id}/status */
export const UpdateBookingStatusSchema = z.object({ status: BookingStatusSchema });
export type UpdateBookingStatus = z.output<typeof UpdateBookingStatusSchema>;

/** PATCH /api/admin/bookings/{id}: reschedule (rules §5 Reschedule); the status becomes 'rescheduled' unless given. */
export const RescheduleBookingSchema = z.object({
  date: isoDateSchema(adminBookingText.rescheduleFields),
  timeSlot: slotLabel(adminBookingText.rescheduleFields),
  status: BookingStatusSchema.optional(),
});
export type RescheduleBooking = z.output<typeof RescheduleBookingSchema>;

// --- Slot states (GET /api/admin/slots, GET /api/admin/bookings/{id}/slots) ---------------------------

/**
 * What an admin picker shows for one time (issue 23 point 7): free, taken by one or more bookings
 * (who has it), blocked for the service (why), already started ("past"), or on a day that has
 * reached the settings' bookings per day ("full"). Only "free" can be booked.
 */
export const ADMIN_SLOT_STATES = ["free", "taken", "blocked", "past", "full"] as const;
export type AdminSlotState = (typeof ADMIN_SLOT_STATES)[number];

export const AdminSlotsQuerySchema = z.object({ serviceType: ServiceTypeSchema, date: isoDateSchema(adminBookingText.dateRequired) });
export const RescheduleSlotsQuerySchema = z.object({ date: isoDateSchema(adminBookingText.rescheduleFields) });

export const AdminSlotSchema = z.object({
  label: z.string(),
  start: z.string(),
  end: z.string(),
  state: z.enum(ADMIN_SLOT_STATES),
  /**
   * The active bookings whose range overlaps the range a booking would hold at this time (empty
   * unless taken; rules D24). `endTime`: the end of the range the booking holds ('HH:MM'), later
   * than its slot for an installation (shown with staffTimeText).
   */
  takenBy: z.array(
    z.object({
      id: z.number(),
      customerName: z.string(),
      serviceType: z.enum(SERVICE_TYPES),
      status: z.enum(BOOKING_STATUSES),
      timeSlot: z.string(),
      endTime: z.string(),
    }),
  ),
  /** The blocked times for the service that overlap this one. */
  blockedBy: z.array(z.object({ id: z.number(), reason: z.string(), startTime: z.string(), endTime: z.string() })),
  /**
   * rules D25: the bookable technicians free for the whole range a visit would hold here, in the
   * order a new visit is given out (empty when the time is not free or nobody is bookable).
   */
  freeTechnicians: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AdminSlot = z.output<typeof AdminSlotSchema>;

export const AdminSlotsSchema = z.object({
  date: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  /** The settings' bookings per day (rules §9), for the "full" state's text. */
  maxPerDay: z.number(),
  slots: z.array(AdminSlotSchema),
});
export type AdminSlots = z.output<typeof AdminSlotsSchema>;

// --- List (GET /api/admin/bookings) ---------------------------------------------------------------

export const ADMIN_BOOKING_SORTS = ["date_desc", "date_asc", "created_desc"] as const;
export const ADMIN_BOOKING_PAGE_SIZES = [10, 25, 50, 100] as const;

export const AdminBookingListQuerySchema = z.object({
  /** Customer name, address, city, a date yyyy-MM-dd or a booking id (rules §2). */
  search: z.string().trim().max(100).optional().default(""),
  status: z
    .enum([...BOOKING_STATUSES, "all"])
    .optional()
    .default("all"),
  serviceType: z
    .enum([...SERVICE_TYPES, "all"])
    .optional()
    .default("all"),
  sort: z.enum(ADMIN_BOOKING_SORTS).optional().default("date_desc"),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (ADMIN_BOOKING_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .default(25),
});
export type AdminBookingListQuery = z.output<typeof AdminBookingListQuerySchema>;

export const TechnicianRefSchema = z.object({ id: z.number(), name: z.string(), phone: z.string().nullable() });

/** 'HH:MM': when the visit's time ends; an installation's is the end of its working day (rules D24). */
const occupiedEnd = z.string();

export const AdminBookingListItemSchema = z.object({
  id: z.number(),
  date: z.string(),
  timeSlot: z.string(),
  endTime: occupiedEnd,
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(BOOKING_STATUSES),
  customerName: z.string(),
  customerPhone: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  technician: TechnicianRefSchema.nullable(),
  createdAt: z.string(),
});
export type AdminBookingListItem = z.output<typeof AdminBookingListItemSchema>;

export const AdminBookingListSchema = z.object({
  items: z.array(AdminBookingListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminBookingList = z.output<typeof AdminBookingListSchema>;

// --- Detail (GET /api/admin/bookings/{id}) ------------------------------------------------------------

export const BookingImageSchema = z.object({
  id: z.number(),
  /** Where the image can be fetched; customer-facing URLs carry the link token. */
  imageUrl: z.string(),
  caption: z.string().nullable(),
  uploadedBy: z.enum(IMAGE_UPLOADERS),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type BookingImage = z.output<typeof BookingImageSchema>;

export const BOOKING_EVENT_ACTORS = ["admin", "technician", "customer", "system"] as const;
export const BOOKING_EVENT_KINDS = ["created", "status", "reschedule", "cancelled", "link", "technician"] as const;

/** One line of a booking's history: who did what, when, from what to what. */
export const BookingEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.enum(BOOKING_EVENT_ACTORS),
  actorName: z.string().nullable(),
  kind: z.enum(BOOKING_EVENT_KINDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Why: a technician's reason for cancelling, or 'Avbokad: kunden raderades'. */
  note: z.string().nullable(),
});
export type BookingEvent = z.output<typeof BookingEventSchema>;

/** The customer's link as staff see it (rules D9). */
export const StaffBookingLinkSchema = z.object({
  url: z.string(),
  isActive: z.boolean(),
  allowClientUpdates: z.boolean(),
  expiresAt: z.string(),
  lastAccessed: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffBookingLink = z.output<typeof StaffBookingLinkSchema>;

/** A booking as staff see it (the admin detail page and the technician portal). */
export const StaffBookingSchema = z.object({
  id: z.number(),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(BOOKING_STATUSES),
  date: z.string(),
  timeSlot: z.string(),
  endTime: occupiedEnd,
  description: z.string(),
  heatpumpModel: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  technician: TechnicianRefSchema.nullable(),
});
export type StaffBooking = z.output<typeof StaffBookingSchema>;

export const AdminBookingDetailSchema = z.object({
  booking: StaffBookingSchema,
  /** The contact details the booking was made with (its own copy). */
  contact: BookingCustomerSchema,
  /** The customer record the booking belongs to. */
  customer: BookingCustomerSchema.extend({ id: z.number(), notes: z.string().nullable() }),
  images: z.array(BookingImageSchema),
  link: StaffBookingLinkSchema.nullable(),
  history: z.array(BookingEventSchema),
});
export type AdminBookingDetail = z.output<typeof AdminBookingDetailSchema>;

/** POST /api/admin/bookings/{id}/link creates (or replaces) the link; PATCH changes it. */
export const CreateBookingLinkSchema = z.object({ allowClientUpdates: z.boolean().optional().default(false) });
export const UpdateBookingLinkSchema = z
  .object({ isActive: z.boolean().optional(), allowClientUpdates: z.boolean().optional() })
  .refine((v) => v.isActive !== undefined || v.allowClientUpdates !== undefined, { error: "Inget att ändra" });

/** GET /api/admin/customers/search?q= : existing customers to pick when booking by phone. */
export const CustomerSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(100) });
export const CustomerSuggestionSchema = BookingCustomerSchema.extend({ id: z.number() });
export const CustomerSuggestionsSchema = z.array(CustomerSuggestionSchema);
export type CustomerSuggestion = z.output<typeof CustomerSuggestionSchema>;

// --- Overview (GET /api/admin/overview) -------------------------------------------------------------

const OverviewBookingSchema = AdminBookingListItemSchema.pick({
  id: true,
  date: true,
  timeSlot: true,
  endTime: true,
  serviceType: true,
  status: true,
  customerName: true,
  address: true,
  city: true,
  technician: true,
  createdAt: true,
});

export const AdminOverviewSchema = z.object({
  today: z.array(OverviewBookingSchema),
  /** Bookings made since this admin last marked the new ones as seen (null: never; the last 7 days). */
  newBookings: z.object({ since: z.string().nullable(), items: z.array(OverviewBookingSchema) }),
  attention: z.object({
    unassignedNextWeek: z.array(OverviewBookingSchema),
    failedEmails: z.array(z.object({ id: z.number(), to: z.string(), subject: z.string(), lastError: z.string().nullable(), createdAt: z.string() })),
    /**
     * rules D25: the coming 14 days whose bookable time is nearly used (at least BUSY_DAY_PERCENT of
     * the bookable technicians' hours, or of the company's day with nobody bookable, booked).
     */
    busyDays: z.array(z.object({ date: z.string(), bookedHours: z.number(), availableHours: z.number(), percent: z.number() })),
    /** rules D26: sent invoices past their due date with something left to pay. */
    overdueInvoices: z.object({ count: z.number(), leftOre: z.number() }),
  }),
  /** Operational problems shown in red above everything else (issue 24); empty when all is well. */
  alerts: z.array(OverviewAlertSchema),
});
export type AdminOverview = z.output<typeof AdminOverviewSchema>;
