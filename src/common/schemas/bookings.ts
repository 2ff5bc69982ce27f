// Contracts of the public booking: the wizard's steps, POST /api/bookings, the availability
// endpoints and the created booking. Messages are the Swedish ones of rules §5.
// The schemas check form and format only; whether a date and slot can be booked *now* depends on
// today and on other bookings, so the server checks that with booking-rules (rules D6).
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { singleLineText } from "./text-fields";
import { BOOKING_STATUSES, SERVICE_TYPES } from "../constants";
import { daysBetween, isIsoDate, parseTimeSlot } from "../booking-rules";
import { BOOKING_FIELD_MAX, BOOKING_STEP_FIELDS } from "../booking-fields";
import { BookingImagesSchema } from "./images";

export const bookingText = {
  serviceTypeRequired: "Välj en tjänst",
  heatpumpModelRequired: "Ange värmepumpsmodell",
  descriptionRequired: "Beskrivning krävs",
  descriptionRequiredStep1: "En beskrivning krävs",
  dateRequired: "Välj ett datum",
  timeSlotRequired: "Välj en tid",
  // Each contact message uses the word of its field's label (Namn, E-postadress, Telefonnummer,
  // Adress, Ort, Postnummer; features/booking/text.ts).
  nameRequired: "Namn krävs",
  nameTooShort: "Skriv ditt namn med minst två bokstäver",
  emailRequired: "E-postadress krävs",
  invalidEmail: "Ogiltig e-postadress",
  phoneRequired: "Telefonnummer krävs",
  invalidPhone: "Ogiltigt telefonnummer. Skriv till exempel 070-123 45 67 eller 08-123 456 78.",
  addressRequired: "Adress krävs",
  cityRequired: "Ort krävs",
  postalCodeRequired: "Postnummer krävs",
  invalidPostalCode: "Postnumret ska ha fem siffror, till exempel 722 11",
  tooLong: (max: number) => `Får vara högst ${max} tecken`,
  rangeReversed: "Slutdatumet får inte vara före startdatumet",
  rangeTooLong: (days: number) => `Perioden får vara högst ${days} dagar`,
} as const;

// BOOKING_FIELD_MAX and BOOKING_STEP_FIELDS live in the zod-free ../booking-fields (the booking page
// needs them before zod loads; issue 7) and are re-exported from here.
export { BOOKING_FIELD_MAX, BOOKING_STEP_FIELDS } from "../booking-fields";

/** Longest date range GET /api/availability/range answers for (a month view needs at most 42 days). */
export const MAX_AVAILABILITY_RANGE_DAYS = 93;

// --- Field schemas --------------------------------------------------------------------------------

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: bookingText.tooLong(max) });

/** Dates the API deals in at all; anything outside is a mistake or an attack (9999-12-31 broke date maths). */
export const EARLIEST_DATE = "2000-01-01";
export const LATEST_DATE = "2099-12-31";

/** A real calendar date 'YYYY-MM-DD' between EARLIEST_DATE and LATEST_DATE; `message` for anything else. */
export const isoDateSchema = (message: string = bookingText.dateRequired) =>
  z.string({ error: message }).refine((v) => isIsoDate(v) && v >= EARLIEST_DATE && v <= LATEST_DATE, { error: message });

/** A strict 'HH:MM-HH:MM' label with its end after its start. */
export const timeSlotLabelSchema = (message: string = bookingText.timeSlotRequired) =>
  z.string({ error: message }).refine((v) => parseTimeSlot(v) !== null, { error: message });

export const ServiceTypeSchema = z.enum(SERVICE_TYPES, { error: bookingText.serviceTypeRequired });

// --- Contact details (issue 8: careless input is caught where it happens, by the same rules on the
// client and the server) ------------------------------------------------------------------------

const LETTER = /\p{L}/gu;

/** A name with at least two letters ('Åsa', 'Li Wu', 'Anne-Marie'; not 'A', '12' or '..'). */
export function hasTwoLetters(name: string): boolean {
  return (name.match(LETTER) ?? []).length >= 2;
}

// An e-mail address as mail servers accept it, including the Swedish letters where they are valid
// (RFC 6531/6532 internationalised addresses: 'åsa.öberg@exempel.se', 'info@räksmörgås.se'):
// dot-separated atoms of letters, digits and the RFC 5322 specials before the @, and a domain of
// at least two labels of letters, digits and inner hyphens with a top-level domain of two or more
// letters (or an IDNA 'xn--' label). No quoted local parts or address literals: no customer has them.
const EMAIL_ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const EMAIL_LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?";
const EMAIL = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:${EMAIL_LABEL}\\.)+(?:\\p{L}{2,63}|xn--[a-z0-9-]{2,59})$`, "u");

/** True for an e-mail address customers can receive mail at (see EMAIL above); at most 64 characters before the @. */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value) && value.indexOf("@") <= 64;
}

/** Characters people write phone numbers with; letters or other signs mean a mistake. */
const PHONE_CHARACTERS = /^\+?[\d\s\-()./]+$/;

/**
 * A phone number as we store it, or null when it is not a real number: Swedish numbers (mobile and
 * landline, with or without +46 or 0046) in the national form '070-123 45 67', '08-123 456 78';
 * numbers of other countries, written with their + or 00 prefix, in the international form
 * '+47 412 34 567'. Parsed and checked with libphonenumber-js (its smallest metadata is enough for
 * validity and formatting).
 */
export function normalisePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!PHONE_CHARACTERS.test(trimmed)) return null;
  const phone = parsePhoneNumberFromString(trimmed, "SE");
  if (!phone?.isValid()) return null;
  return phone.country === "SE" ? phone.formatNational() : phone.formatInternational();
}

const POSTAL_CODE = /^([1-9]\d{2}) ?(\d{2})$/;

/**
 * A Swedish postal code as '722 11' (five digits, the first never 0, with or without the space),
 * or null when it is not one.
 */
export function normalisePostalCode(value: string): string | null {
  const m = POSTAL_CODE.exec(value.trim());
  return m ? `${m[1]} ${m[2]}` : null;
}

/** One line of trimmed text that must be there ('… krävs' when empty or blank) and fits its column. */
const contactText = (required: string, max: number) =>
  singleLineText({ error: required })
    .min(1, { error: required })
    .max(max, { error: bookingText.tooLong(max) });

const NameSchema = contactText(bookingText.nameRequired, BOOKING_FIELD_MAX.name).refine(hasTwoLetters, {
  error: bookingText.nameTooShort,
});

const EmailSchema = contactText(bookingText.emailRequired, BOOKING_FIELD_MAX.email).refine(isEmailAddress, {
  error: bookingText.invalidEmail,
});

/** Validated and normalised to one format before it is stored (see normalisePhone). */
const PhoneSchema = contactText(bookingText.phoneRequired, BOOKING_FIELD_MAX.phone).transform((value, ctx) => {
  const phone = normalisePhone(value);
  if (phone === null) {
    ctx.addIssue({ code: "custom", message: bookingText.invalidPhone });
    return z.NEVER;
  }
  return phone;
});

/** Validated and normalised to '722 11' (see normalisePostalCode). */
const PostalCodeSchema = contactText(bookingText.postalCodeRequired, BOOKING_FIELD_MAX.postalCode).transform((value, ctx) => {
  const postalCode = normalisePostalCode(value);
  if (postalCode === null) {
    ctx.addIssue({ code: "custom", message: bookingText.invalidPostalCode });
    return z.NEVER;
  }
  return postalCode;
});

/** The fields of the booking form (rules §3 "Booking form data"), without the cross-field rule. */
export const BookingFieldsSchema = z.object({
  serviceType: ServiceTypeSchema,
  heatpumpModel: singleLineText()
    .max(BOOKING_FIELD_MAX.heatpumpModel, { error: bookingText.tooLong(BOOKING_FIELD_MAX.heatpumpModel) })
    .optional(),
  description: requiredText(bookingText.descriptionRequired, BOOKING_FIELD_MAX.description),
  date: isoDateSchema(bookingText.dateRequired),
  timeSlot: timeSlotLabelSchema(bookingText.timeSlotRequired),
  name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  address: contactText(bookingText.addressRequired, BOOKING_FIELD_MAX.address),
  city: contactText(bookingText.cityRequired, BOOKING_FIELD_MAX.city),
  postalCode: PostalCodeSchema,
  /** Image data URLs (see schemas/images.ts), at most 4. */
  images: BookingImagesSchema.optional(),
});

/**
 * rules §5: the heat pump model is required unless the service is hembesok. Runs even when other
 * fields fail, so step 3 shows every field's message at once.
 */
const modelRequiredUnlessHembesok = {
  // `v` may be anything the client sent (this runs even when the object check failed, e.g. on `null`).
  check: (v: { serviceType?: unknown; heatpumpModel?: unknown } | null | undefined) =>
    v?.serviceType === "hembesok" || (typeof v?.heatpumpModel === "string" && v.heatpumpModel.trim() !== ""),
  params: {
    path: ["heatpumpModel"],
    error: bookingText.heatpumpModelRequired,
    when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) => !payload.issues.some((i) => i.path?.[0] === "heatpumpModel"),
  },
};

/** Payload of POST /api/bookings (rules §7) = step 3 of the wizard. */
export const CreateBookingSchema = BookingFieldsSchema.refine(modelRequiredUnlessHembesok.check, modelRequiredUnlessHembesok.params);
export type CreateBooking = z.output<typeof CreateBookingSchema>;
/**
 * What POST /api/bookings takes: the form, and the key of the service reminder whose link the
 * customer came from (its discount, issue 12), which is not a field of the form.
 */
export const CreateBookingRequestSchema = BookingFieldsSchema.extend({ offerToken: z.string().max(100).optional() }).refine(
  modelRequiredUnlessHembesok.check,
  modelRequiredUnlessHembesok.params,
);
export type CreateBookingRequest = z.output<typeof CreateBookingRequestSchema>;
/** What the form holds before parsing (strings may still carry spaces). */
export type BookingFormValues = z.input<typeof CreateBookingSchema>;
type OnlyFormFields<T extends Record<1 | 2 | 3, readonly (keyof BookingFormValues)[]>> = T;
/** Each wizard step's fields (booking-fields.ts, which cannot import this module): a name that is not a form field fails the typecheck here. */
export type BookingStepFields = OnlyFormFields<typeof BOOKING_STEP_FIELDS>;

// --- Wizard steps (rules §4-§5) --------------------------------------------------------------------

/** Step 1 'Tjänst & Beskrivning': service, model (unless hembesok), description (blank not allowed), images. */
export const BookingStep1Schema = BookingFieldsSchema.pick({ serviceType: true, heatpumpModel: true, images: true })
  .extend({ description: requiredText(bookingText.descriptionRequiredStep1, BOOKING_FIELD_MAX.description) })
  .refine(modelRequiredUnlessHembesok.check, modelRequiredUnlessHembesok.params);

/** Step 2 'Välj tid': a date and a time. */
export const BookingStep2Schema = BookingFieldsSchema.pick({ date: true, timeSlot: true });

/** Step 3 'Dina uppgifter' runs the full schema. */
export const BookingStep3Schema = CreateBookingSchema;

export const BOOKING_STEP_SCHEMAS = { 1: BookingStep1Schema, 2: BookingStep2Schema, 3: BookingStep3Schema } as const;

// --- Availability (rules §7, rules D4 and D8) ----------------------------------------------------

/** GET /api/availability?date&timeSlot&serviceType */
export const AvailabilityQuerySchema = z.object({
  date: isoDateSchema(bookingText.dateRequired),
  timeSlot: timeSlotLabelSchema(bookingText.timeSlotRequired),
  serviceType: ServiceTypeSchema,
});
export type AvailabilityQuery = z.output<typeof AvailabilityQuerySchema>;

/** Answer of GET /api/availability: `available` read literally (rules D4). */
export const AvailabilityResponseSchema = z.object({ available: z.boolean() });
export type AvailabilityResponse = z.output<typeof AvailabilityResponseSchema>;

/** GET /api/availability/day?date&serviceType */
export const AvailabilityDayQuerySchema = z.object({
  date: isoDateSchema(bookingText.dateRequired),
  serviceType: ServiceTypeSchema,
});
export type AvailabilityDayQuery = z.output<typeof AvailabilityDayQuerySchema>;

export const SlotAvailabilitySchema = z.object({
  label: z.string(),
  start: z.string(),
  end: z.string(),
  available: z.boolean(),
});
export type SlotAvailability = z.output<typeof SlotAvailabilitySchema>;

/**
 * Answer of GET /api/availability/day: every rule slot of the date (bookableSlots; empty when the
 * date cannot be booked), each marked available or not (rules D8).
 */
export const AvailabilityDayResponseSchema = z.object({
  date: z.string(),
  slots: z.array(SlotAvailabilitySchema),
});
export type AvailabilityDayResponse = z.output<typeof AvailabilityDayResponseSchema>;

/** GET /api/availability/range?from&to&serviceType; at most MAX_AVAILABILITY_RANGE_DAYS days. */
export const AvailabilityRangeQuerySchema = z
  .object({
    from: isoDateSchema(bookingText.dateRequired),
    to: isoDateSchema(bookingText.dateRequired),
    serviceType: ServiceTypeSchema,
  })
  .superRefine((v, ctx) => {
    if (!isIsoDate(v.from) || !isIsoDate(v.to) || v.from < EARLIEST_DATE || v.to > LATEST_DATE) return; // already reported per field
    const days = daysBetween(v.from, v.to);
    if (days < 0) ctx.addIssue({ code: "custom", path: ["to"], message: bookingText.rangeReversed });
    else if (days >= MAX_AVAILABILITY_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: bookingText.rangeTooLong(MAX_AVAILABILITY_RANGE_DAYS) });
  });
export type AvailabilityRangeQuery = z.output<typeof AvailabilityRangeQuerySchema>;

/**
 * Answer of GET /api/availability/range: one entry per date from `from` to `to`, in order;
 * `available` is true when the date is bookable and at least one of its slots is free.
 */
export const AvailabilityRangeResponseSchema = z.object({
  dates: z.array(z.object({ date: z.string(), available: z.boolean() })),
});
export type AvailabilityRangeResponse = z.output<typeof AvailabilityRangeResponseSchema>;

// --- Created booking ------------------------------------------------------------------------------

export const BookingCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
});
export type BookingCustomer = z.output<typeof BookingCustomerSchema>;

/** Answer of POST /api/bookings (201): what the success screen and the .ics file need. */
export const BookingCreatedSchema = z.object({
  id: z.number().int(),
  serviceType: z.enum(SERVICE_TYPES),
  date: z.string(),
  timeSlot: z.string(),
  description: z.string(),
  heatpumpModel: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  customer: BookingCustomerSchema,
  /** The customer's booking link (/booking/shared/{token}) when one was created (rules D9). */
  manageUrl: z.string().optional(),
  /** GET URL of the booking's .ics file (downloads as `<id>.ics`). */
  calendarUrl: z.string().optional(),
});
export type BookingCreated = z.output<typeof BookingCreatedSchema>;
