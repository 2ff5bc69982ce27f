// Contracts of the customer's own booking page /booking/shared/{token} (rules §2, rules D9) and
// its self-service (cancel and move at least 24 hours before the visit, rules §9 terms).
import { z } from "zod";
import { BOOKING_STATUSES, SERVICE_TYPES } from "../constants";
import { BookingImageSchema } from "./admin-bookings";
import { isoDateSchema, timeSlotLabelSchema } from "./bookings";
import { ReportYearTextSchema } from "./refrigerant";

export const bookingLinkText = {
  invalidTitle: "Ogiltig länk",
  invalid: "Denna länk har upphört att gälla eller tagits bort.",
  loadFailed: "Kunde inte hämta bokningsinformation. Var god försök igen senare.",
  tooLate: (hours: number, phone: string) => `Besöket är om mindre än ${hours} timmar och kan inte längre ändras här. Ring oss på ${phone} så hjälper vi dig.`,
  notChangeable: "Bokningen kan inte ändras eftersom den redan är avbokad eller genomförd.",
  visitPassed: "Besökstiden har redan passerat och bokningen kan inte längre ändras här.",
  updatesNotAllowed: "Bilder kan inte läggas till för den här bokningen.",
  deleteNotAllowed: "Bilder kan inte tas bort för den här bokningen.",
  // Abuse limits of the link's actions (issue 22.2).
  tooManyChanges: "Besöket har ändrats många gånger i dag. Ring oss om du behöver ändra det igen.",
  tooManyImageChanges: "Många bilder har lagts till eller tagits bort i dag. Försök igen i morgon eller ring oss.",
  tooManyFromAddress: "Du har gjort många ändringar på kort tid. Vänta en stund och försök igen, eller ring oss.",
  // A visit a service agreement booked by itself (issue 26).
  notAProposal: "Det här besöket behöver inte bekräftas.",
  alreadyAnswered: "Besöket är redan bekräftat eller ändrat.",
  outsideMonth: (month: string) => `Besöket enligt serviceavtalet kan flyttas till en annan dag i ${month}.`,
  // A due leak check the system booked by itself (issue 26).
  afterLatest: (date: string) => `Läckagekontrollen kan flyttas till en dag senast ${date}.`,
} as const;

/** A link token in a URL: 256 random bits in base64url; anything else cannot be one. */
export const LinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,100}$/, { error: bookingLinkText.invalid });
/**
 * The token in the path is taken as any text: one that cannot be a token answers like an unknown
 * one (404 and the link message), not with a 400 that tells a mistyped link from an expired one.
 */
export const LinkTokenParamsSchema = z.object({ token: z.string().max(200) });

/** GET /api/booking-links/{token}/refrigerant-report/{year}.pdf: the link's customer's yearly refrigerant report (issue 26). */
export const LinkRefrigerantReportParamsSchema = LinkTokenParamsSchema.extend({ year: ReportYearTextSchema });

export const BookingLinkViewSchema = z.object({
  booking: z.object({
    id: z.number(),
    status: z.enum(BOOKING_STATUSES),
    serviceType: z.enum(SERVICE_TYPES),
    date: z.string(),
    timeSlot: z.string(),
    heatpumpModel: z.string().nullable(),
    description: z.string(),
    customerName: z.string(),
    address: z.string(),
    postalCode: z.string(),
    city: z.string(),
  }),
  technician: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
  images: z.array(BookingImageSchema),
  /** Whether the customer may add and delete images (rules §6 updatesAllowed). */
  updatesAllowed: z.boolean(),
  /** Whether the visit can still be cancelled or moved here, and until when (ISO instant). */
  selfService: z.object({ canChange: z.boolean(), deadline: z.string(), reason: z.string().nullable() }),
  calendarUrl: z.string(),
  /**
   * A visit a service agreement booked by itself (issue 26): its month ('YYYY-MM', "april 2027"),
   * and whether the customer can still confirm the time (it waits for them); null for other visits.
   */
  agreementVisit: z.object({ month: z.string(), monthText: z.string(), canConfirm: z.boolean() }).nullable(),
  /**
   * A due leak check the system booked by itself (issue 26, the F-gas rules): the latest day it may
   * move to ('YYYY-MM-DD', "15 januari 2027"), whether it is a repaired leak's follow-up, and whether
   * the customer can still confirm the time; null for other visits.
   */
  leakCheckVisit: z.object({ latest: z.string(), latestText: z.string(), followUp: z.boolean(), canConfirm: z.boolean() }).nullable(),
  company: z.object({ name: z.string(), phone: z.string(), email: z.string(), openingHours: z.string() }),
  /** The visit's sent invoices and credit notes (issue 25), each with its own page /faktura/{token}. */
  /**
   * The years the link's customer has an operator's yearly refrigerant report (issue 26), newest
   * first, each downloadable from the link; empty when none of their units has a leak-check duty.
   */
  refrigerantReportYears: z.array(z.number()),
  invoices: z.array(
    z.object({
      number: z.number(),
      kind: z.enum(["invoice", "credit"]),
      status: z.enum(["sent", "paid", "credited"]),
      issueDate: z.string(),
      dueDate: z.string(),
      toPayOre: z.number(),
      url: z.string(),
    }),
  ),
});
export type BookingLinkView = z.output<typeof BookingLinkViewSchema>;

/** POST /api/booking-links/{token}/reschedule: another free slot of the same service. */
export const MoveBookingSchema = z.object({ date: isoDateSchema(), timeSlot: timeSlotLabelSchema() });
export type MoveBooking = z.output<typeof MoveBookingSchema>;
