import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  AvailabilityDayQuerySchema,
  AvailabilityDayResponseSchema,
  AvailabilityQuerySchema,
  AvailabilityRangeQuerySchema,
  AvailabilityRangeResponseSchema,
  AvailabilityResponseSchema,
  BOOKING_FIELD_MAX,
  BOOKING_STEP_FIELDS,
  BOOKING_STEP_SCHEMAS,
  BookingCreatedSchema,
  BookingStep1Schema,
  BookingStep2Schema,
  CreateBookingSchema,
  type CreateBooking,
} from "./bookings";
import { MAX_IMAGE_BYTES } from "./images";

const valid: CreateBooking = {
  serviceType: "service",
  heatpumpModel: "Toshiba Haori",
  description: "Utedelen låter mycket",
  date: "2026-04-13",
  timeSlot: "08:00-10:00",
  name: "Anna Andersson",
  email: "anna@example.se",
  phone: "070-123 45 67",
  address: "Storgatan 1",
  city: "Solna",
  postalCode: "171 48",
};

const PNG_1PX = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** Field path → first message, as a form would show them. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("CreateBookingSchema (POST /api/bookings)", () => {
  it("accepts a complete booking and trims its texts", () => {
    const parsed = CreateBookingSchema.parse({ ...valid, name: "  Anna Andersson ", email: " anna@example.se ", images: [PNG_1PX] });
    expect(parsed.name).toBe("Anna Andersson");
    expect(parsed.email).toBe("anna@example.se");
    expect(parsed.images).toEqual([PNG_1PX]);
  });

  it("shows every field's Swedish message at once for an empty form", () => {
    const empty = {
      serviceType: "",
      heatpumpModel: "",
      description: "",
      date: "",
      timeSlot: "",
      name: "",
      email: "",
      phone: "",
      address: "",
      city: "",
      postalCode: "",
    };
    expect(messages(CreateBookingSchema, empty)).toEqual({
      serviceType: "Välj en tjänst",
      heatpumpModel: "Ange värmepumpsmodell",
      description: "Beskrivning krävs",
      date: "Välj ett datum",
      timeSlot: "Välj en tid",
      name: "Namn krävs",
      email: "E-postadress krävs",
      phone: "Telefonnummer krävs",
      address: "Adress krävs",
      city: "Ort krävs",
      postalCode: "Postnummer krävs",
    });
  });

  it("gives the same messages when fields are missing altogether", () => {
    expect(messages(CreateBookingSchema, {})).toEqual({
      serviceType: "Välj en tjänst",
      heatpumpModel: "Ange värmepumpsmodell",
      description: "Beskrivning krävs",
      date: "Välj ett datum",
      timeSlot: "Välj en tid",
      name: "Namn krävs",
      email: "E-postadress krävs",
      phone: "Telefonnummer krävs",
      address: "Adress krävs",
      city: "Ort krävs",
      postalCode: "Postnummer krävs",
    });
  });

  it.each([
    ["description", "   ", "Beskrivning krävs"],
    ["name", " \t ", "Namn krävs"],
    ["email", "anna@", "Ogiltig e-postadress"],
    ["email", "anna example.se", "Ogiltig e-postadress"],
    ["email", "  ", "E-postadress krävs"],
    ["serviceType", "reparation", "Välj en tjänst"],
    ["date", "2026-02-30", "Välj ett datum"],
    ["date", "13/04/2026", "Välj ett datum"],
    ["timeSlot", "8-10", "Välj en tid"],
    ["timeSlot", "10:00-08:00", "Välj en tid"],
    ["heatpumpModel", "  ", "Ange värmepumpsmodell"],
    ["heatpumpModel", undefined, "Ange värmepumpsmodell"],
  ])("refuses %s = %j with '%s'", (field, value, message) => {
    expect(messages(CreateBookingSchema, { ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it("does not ask for a heat pump model for a home visit", () => {
    expect(CreateBookingSchema.safeParse({ ...valid, serviceType: "hembesok", heatpumpModel: undefined }).success).toBe(true);
    expect(CreateBookingSchema.safeParse({ ...valid, serviceType: "hembesok", heatpumpModel: "" }).success).toBe(true);
  });

  it.each(Object.entries(BOOKING_FIELD_MAX))("refuses a %s longer than %i characters", (field, max) => {
    const long = field === "email" ? `${"a".repeat(max)}@example.se` : "x".repeat(max + 1);
    expect(CreateBookingSchema.safeParse({ ...valid, [field]: long }).success).toBe(false);
    if (field !== "email") expect(messages(CreateBookingSchema, { ...valid, [field]: long })[field]).toBe(`Får vara högst ${max} tecken`);
  });

  it("takes at most four images", () => {
    expect(CreateBookingSchema.safeParse({ ...valid, images: [PNG_1PX, PNG_1PX, PNG_1PX, PNG_1PX] }).success).toBe(true);
    expect(messages(CreateBookingSchema, { ...valid, images: Array(5).fill(PNG_1PX) })).toEqual({
      images: "Max antal bilder uppnått (4)",
    });
  });

  it.each([
    ["a plain URL", "https://example.se/bild.png"],
    ["a PDF", "data:application/pdf;base64,JVBERi0xLjQK"],
    ["an SVG", "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="],
    ["broken base64", "data:image/png;base64,@@@"],
    ["an empty image", "data:image/png;base64,"],
  ])("refuses an image that is %s", (_what, image) => {
    expect(messages(CreateBookingSchema, { ...valid, images: [image] })).toEqual({ "images.0": "Kunde inte läsa bilden" });
  });

  it("refuses an image string beyond 10 MB without reading it", () => {
    const huge = `data:image/jpeg;base64,${"A".repeat(Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 100)}`;
    expect(messages(CreateBookingSchema, { ...valid, images: [huge] })).toEqual({
      "images.0": "Bilden är för stor. Maxgräns är 10 MB.",
    });
  });
});

describe("contact details (issue 8): the same rules in the browser and on the server", () => {
  const contact = (patch: Partial<CreateBooking>) => CreateBookingSchema.safeParse({ ...valid, ...patch });

  it.each([
    // [as typed, as stored]
    ["070-123 45 67", "070-123 45 67"],
    ["0701234567", "070-123 45 67"],
    ["070 123 45 67", "070-123 45 67"],
    ["+46 70 123 45 67", "070-123 45 67"],
    ["+46701234567", "070-123 45 67"],
    ["0046 70 123 45 67", "070-123 45 67"],
    ["+46 (0)70-123 45 67", "070-123 45 67"],
    ["073-987 65 43", "073-987 65 43"],
    ["08-123 456 78", "08-123 456 78"],
    ["0812345678", "08-123 456 78"],
    ["(08) 123 456 78", "08-123 456 78"],
    ["+46 8 123 456 78", "08-123 456 78"],
    ["031-123 45 67", "031-123 45 67"],
    ["046-12 34 56", "046-12 34 56"],
    ["0910-123 45", "0910-123 45"],
    ["  070-123 45 67  ", "070-123 45 67"],
    ["+47 412 34 567", "+47 41 23 45 67"], // a Norwegian mobile, written internationally
  ])("accepts the phone number %j and stores it as %j", (typed, stored) => {
    const result = contact({ phone: typed });
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    expect(result.data?.phone).toBe(stored);
  });

  it.each([
    ["070-123 45", "a digit short"],
    ["070-123 45 678", "a digit too many"],
    ["123", "three digits"],
    ["08-123", "an area code and three digits"],
    ["+4670123456", "+46 and a mobile number a digit short"],
    ["070-123 45 6a", "a letter"],
    ["070 123 45 67 ring efter 17", "words"],
    ["070–123–45–67–89", "dashes of another kind"],
    ["++46 70 123 45 67", "two plus signs"],
    ["0000000000", "only zeros"],
  ])("refuses the phone number %j (%s)", (typed) => {
    expect(messages(CreateBookingSchema, { ...valid, phone: typed })).toEqual({
      phone: "Ogiltigt telefonnummer. Skriv till exempel 070-123 45 67 eller 08-123 456 78.",
    });
  });

  it.each([
    ["722 11", "722 11"],
    ["72211", "722 11"],
    [" 753 20 ", "753 20"],
    ["171 48", "171 48"],
    ["984 99", "984 99"],
    ["100 05", "100 05"],
  ])("accepts the postal code %j and stores it as %j", (typed, stored) => {
    expect(contact({ postalCode: typed }).data?.postalCode).toBe(stored);
  });

  it.each([
    ["7221", "four digits"],
    ["722 111", "six digits"],
    ["72 211", "the space in the wrong place"],
    ["722  11", "two spaces"],
    ["722-11", "a hyphen"],
    ["SE-722 11", "a country prefix"],
    ["012 34", "a leading zero (no Swedish postal code starts with 0)"],
    ["abcde", "letters"],
  ])("refuses the postal code %j (%s)", (typed) => {
    expect(messages(CreateBookingSchema, { ...valid, postalCode: typed })).toEqual({
      postalCode: "Postnumret ska ha fem siffror, till exempel 722 11",
    });
  });

  it.each(["Åsa", "Li", "Anne-Marie Öberg", "Per O. Ek", "Zoë", "Jörgen Ängström"])("accepts the name %j", (name) => {
    expect(contact({ name }).success).toBe(true);
  });

  it.each(["A", "Å", "1", "12 34", "--", "A."])("refuses the name %j: at least two letters", (name) => {
    expect(messages(CreateBookingSchema, { ...valid, name })).toEqual({ name: "Skriv ditt namn med minst två bokstäver" });
  });

  it.each([
    "anna@example.se",
    "åsa.öberg@exempel.se",
    "björn@räksmörgås.se",
    "ÄNGEL@EXEMPEL.SE",
    "anna+bokning@example.se",
    "anna.o'brien@example.co.uk",
    "kund@sub.domän.nu",
    "anna@xn--rksmrgs-5wao1o.se",
  ])("accepts the e-mail address %j", (email) => {
    const result = contact({ email });
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    expect(result.data?.email).toBe(email);
  });

  it.each([
    "anna",
    "anna@",
    "@example.se",
    "anna@example",
    "anna@@example.se",
    "anna..andersson@example.se",
    ".anna@example.se",
    "anna@-example.se",
    "anna@example-.se",
    "anna@example.s",
    "anna@exa mple.se",
    "anna andersson@example.se",
    "anna@example.se.",
    "anna@example.123",
    `${"a".repeat(65)}@example.se`,
  ])("refuses the e-mail address %j", (email) => {
    expect(messages(CreateBookingSchema, { ...valid, email })).toEqual({ email: "Ogiltig e-postadress" });
  });

  it("says which contact field is missing with the word of its label", () => {
    expect(messages(CreateBookingSchema, { ...valid, name: "", email: "", phone: "", address: "", city: "", postalCode: "" })).toEqual({
      name: "Namn krävs",
      email: "E-postadress krävs",
      phone: "Telefonnummer krävs",
      address: "Adress krävs",
      city: "Ort krävs",
      postalCode: "Postnummer krävs",
    });
  });
});

describe("wizard steps (rules §5)", () => {
  it("step 1 asks for service, description and model", () => {
    expect(messages(BookingStep1Schema, { serviceType: "", heatpumpModel: "", description: " " })).toEqual({
      serviceType: "Välj en tjänst",
      heatpumpModel: "Ange värmepumpsmodell",
      description: "En beskrivning krävs",
    });
    expect(messages(BookingStep1Schema, { serviceType: "hembesok", description: "Vill ha råd" })).toEqual({});
    expect(messages(BookingStep1Schema, { serviceType: "installation", heatpumpModel: "Nibe", description: "Flytt" })).toEqual({});
  });

  it("step 2 asks for a date and a time", () => {
    expect(messages(BookingStep2Schema, { date: "", timeSlot: "" })).toEqual({ date: "Välj ett datum", timeSlot: "Välj en tid" });
    expect(messages(BookingStep2Schema, { date: "2026-04-13", timeSlot: "08:00-10:00" })).toEqual({});
  });

  it("step 3 runs the full schema", () => {
    expect(BOOKING_STEP_SCHEMAS[3]).toBe(CreateBookingSchema);
    expect(messages(BOOKING_STEP_SCHEMAS[3], { ...valid, phone: "" })).toEqual({ phone: "Telefonnummer krävs" });
  });

  it("names every form field in exactly one step", () => {
    const fields = [...BOOKING_STEP_FIELDS[1], ...BOOKING_STEP_FIELDS[2], ...BOOKING_STEP_FIELDS[3]].sort();
    expect(fields).toEqual(Object.keys(CreateBookingSchema.shape).sort());
  });
});

describe("availability contracts (rules D4 and D8)", () => {
  it("reads the per-slot query", () => {
    expect(AvailabilityQuerySchema.parse({ date: "2026-04-13", timeSlot: "15:30-17:30", serviceType: "service" })).toEqual({
      date: "2026-04-13",
      timeSlot: "15:30-17:30",
      serviceType: "service",
    });
    expect(messages(AvailabilityQuerySchema, { date: "x", timeSlot: "y", serviceType: "z" })).toEqual({
      date: "Välj ett datum",
      timeSlot: "Välj en tid",
      serviceType: "Välj en tjänst",
    });
  });

  it("reads the day query", () => {
    expect(AvailabilityDayQuerySchema.safeParse({ date: "2026-04-13", serviceType: "hembesok" }).success).toBe(true);
    expect(messages(AvailabilityDayQuerySchema, { serviceType: "hembesok" })).toEqual({ date: "Välj ett datum" });
  });

  it.each([
    [{ from: "2026-04-01", to: "2026-04-30", serviceType: "service" }, {}],
    [{ from: "2026-04-01", to: "2026-04-01", serviceType: "service" }, {}],
    [{ from: "2026-03-01", to: "2026-06-01", serviceType: "service" }, {}], // 93 days
    [{ from: "2026-03-01", to: "2026-06-02", serviceType: "service" }, { to: "Perioden får vara högst 93 dagar" }],
    [{ from: "2026-04-30", to: "2026-04-01", serviceType: "service" }, { to: "Slutdatumet får inte vara före startdatumet" }],
    [{ from: "2026-04-31", to: "2026-05-01", serviceType: "service" }, { from: "Välj ett datum" }],
  ])("range query %j gives %j", (query, expected) => {
    expect(messages(AvailabilityRangeQuerySchema, query)).toEqual(expected);
  });

  it("describes the answers", () => {
    expect(AvailabilityResponseSchema.parse({ available: false })).toEqual({ available: false });
    const day = { date: "2026-04-13", slots: [{ label: "08:00-10:00", start: "08:00", end: "10:00", available: true }] };
    expect(AvailabilityDayResponseSchema.parse(day)).toEqual(day);
    const range = {
      dates: [
        { date: "2026-04-13", available: true },
        { date: "2026-04-14", available: false },
      ],
    };
    expect(AvailabilityRangeResponseSchema.parse(range)).toEqual(range);
  });
});

describe("BookingCreatedSchema", () => {
  const created = {
    id: 42,
    serviceType: "service",
    date: "2026-04-13",
    timeSlot: "08:00-10:00",
    description: "Utedelen låter mycket",
    heatpumpModel: null,
    status: "confirmed",
    customer: { name: "Anna", email: "anna@example.se", phone: "070", address: "Storgatan 1", postalCode: "171 48", city: "Solna" },
  };

  it("describes the created booking, with or without a manage link", () => {
    expect(BookingCreatedSchema.parse(created)).toEqual(created);
    const withLink = { ...created, manageUrl: "https://boka.example.se/booking/shared/abc" };
    expect(BookingCreatedSchema.parse(withLink)).toEqual(withLink);
    expect(BookingCreatedSchema.safeParse({ ...created, status: "unknown" }).success).toBe(false);
  });
});
