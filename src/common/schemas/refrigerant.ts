// Contracts of the refrigerant register (köldmedieregister, issue 26): a product's refrigerant, the
// leak check a technician records at a visit, the register's rows, a product's timeline and the
// operator's yearly report. The rules (CO2e, intervals, due dates, follow-up) are src/common/refrigerant's.
import { z } from "zod";
import { LEAK_CHECK_INTERVALS, REFRIGERANT_NAMES, type Refrigerant } from "@/common/refrigerant";
import { IdTextSchema } from "./common";
import { singleLineText } from "./text-fields";

/** The largest amount a numeric(7,3) column holds: every charge and amount is in kg to the gram. */
export const MAX_KG = 9999.999;

export const refrigerantText = {
  refrigerantInvalid: `Välj ett köldmedium: ${REFRIGERANT_NAMES.join(", ")}`,
  chargeInvalid: "Ange köldmediemängden i kg, till exempel 3,2 (högst tre decimaler, högst 9 999,999)",
  chargeWithRefrigerant: "Ange både köldmedium och mängd, eller ingetdera",
  flagInvalid: "Ange ja eller nej",
  checkedRequired: "Bekräfta att läckagekontrollen är utförd",
  methodInvalid: "Välj hur läckagekontrollen gjordes",
  resultInvalid: "Välj resultatet av läckagekontrollen",
  kgInvalid: "Ange mängden i kg, till exempel 0,5 (högst tre decimaler, högst 9 999,999)",
  certificateRequired: "Ange ditt certifikatnummer",
  certificateTooLong: "Certifikatnumret får vara högst 50 tecken",
  statusInvalid: "Välj en status i listan",
  yearInvalid: "Ange ett år mellan 2000 och 2100",
  productNotFound: "Produkten finns inte.",
  customerNotFound: "Kunden finns inte.",
  /** A year the customer's booking link does not offer a report for. */
  noReportForYear: (year: number) => `Det finns ingen köldmedierapport för ${year}.`,
  noProduct: "Välj vilken värmepump läckagekontrollen gäller: besöket har ingen produkt.",
  notAssigned: "Bara teknikern som har besöket kan registrera en läckagekontroll.",
  checkInFuture: "En läckagekontroll kan inte dateras framåt i tiden.",
  /** Art. 4(5): the follow-up of a repaired leak comes after 24 hours of operation. */
  followUpTooEarly: (earliest: string) => `För tidigt: uppföljande kontroll efter den åtgärdade läckan tidigast efter 24 timmars drift, från ${earliest}.`,
} as const;

/** How a leak check was done (2024/573 Art. 5; the direct and indirect methods of the check). */
export const LEAK_CHECK_METHODS = ["direct", "indirect", "detector", "detection-system"] as const;
export type LeakCheckMethod = (typeof LEAK_CHECK_METHODS)[number];
export const LEAK_CHECK_METHOD_LABELS: Record<LeakCheckMethod, string> = {
  direct: "Direkt metod",
  indirect: "Indirekt metod",
  detector: "Läcksökare",
  "detection-system": "Elektroniskt läcksökningssystem",
};

/** What a leak check found: tight, a leak repaired (a follow-up check is due), a leak left unrepaired. */
export const LEAK_CHECK_RESULTS = ["tight", "repaired", "not-repaired"] as const;
export type LeakCheckResult = (typeof LEAK_CHECK_RESULTS)[number];
export const LEAK_CHECK_RESULT_LABELS: Record<LeakCheckResult, string> = {
  tight: "Tät",
  repaired: "Läcka åtgärdad",
  "not-repaired": "Läcka ej åtgärdad",
};

const refrigerantSchema = z.enum(REFRIGERANT_NAMES as [Refrigerant, ...Refrigerant[]], { error: refrigerantText.refrigerantInvalid });

/** Whole grams: a kg amount with at most three decimals (floating point's 2.395 × 1000 is 2395.0000000000005). */
const toTheGram = (kg: number) => Math.abs(kg * 1000 - Math.round(kg * 1000)) < 1e-6;

/** An amount in kg to the gram, from 0 to MAX_KG. */
export const kgSchema = (message: string) =>
  z.number({ error: message }).min(0, { error: message }).max(MAX_KG, { error: message }).refine(toTheGram, { error: message });

/**
 * PUT /api/admin/products/{id}/refrigerant: what the register knows of a unit. Refrigerant and
 * charge together or neither; `hermeticallySealed` means sealed AND labelled as such (2024/573
 * Art. 5(1)): unknown is false, which never exempts a unit.
 */
export const ProductRefrigerantInputSchema = z
  .object({
    refrigerant: refrigerantSchema.nullable(),
    chargeKg: kgSchema(refrigerantText.chargeInvalid).nullable(),
    leakDetection: z.boolean({ error: refrigerantText.flagInvalid }).default(false),
    hermeticallySealed: z.boolean({ error: refrigerantText.flagInvalid }).default(false),
  })
  .refine((input) => (input.refrigerant === null) === (input.chargeKg === null), { error: refrigerantText.chargeWithRefrigerant, path: ["chargeKg"] });
export type ProductRefrigerantInput = z.input<typeof ProductRefrigerantInputSchema>;

const certificateSchema = singleLineText({ error: refrigerantText.certificateRequired })
  .min(1, { error: refrigerantText.certificateRequired })
  .max(50, { error: refrigerantText.certificateTooLong });

/**
 * The leak check of a service report (POST /api/technician/service-history, `leakCheck`): checked
 * yes, then how, what was found, the refrigerant added and recovered, and the technician's
 * certificate number (2024/573 Art. 7(1)(e): the natural person who did the work). Checked no: none.
 */
export const LeakCheckInputSchema = z.discriminatedUnion(
  "checked",
  [
    z.object({ checked: z.literal(false) }),
    z.object({
      checked: z.literal(true),
      method: z.enum(LEAK_CHECK_METHODS, { error: refrigerantText.methodInvalid }),
      result: z.enum(LEAK_CHECK_RESULTS, { error: refrigerantText.resultInvalid }),
      addedKg: kgSchema(refrigerantText.kgInvalid).default(0),
      recoveredKg: kgSchema(refrigerantText.kgInvalid).default(0),
      certificate: certificateSchema,
    }),
  ],
  { error: refrigerantText.checkedRequired },
);
export type LeakCheckInput = z.input<typeof LeakCheckInputSchema>;
export type LeakCheckValues = Extract<z.output<typeof LeakCheckInputSchema>, { checked: true }>;

/** "0,5" or "0.5" as the technician types an amount in kg; empty is 0. */
export const kgTextSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === "" || /^\d{1,4}([.,]\d{1,3})?$/.test(v), { error: message })
    .transform((v) => (v === "" ? 0 : Number(v.replace(",", "."))));

/** The leak-check part of the technician's form: the amounts as typed. */
export const LeakCheckFormSchema = z.discriminatedUnion("checked", [
  z.object({ checked: z.literal(false) }),
  z.object({
    checked: z.literal(true),
    method: z.enum(LEAK_CHECK_METHODS, { error: refrigerantText.methodInvalid }),
    result: z.enum(LEAK_CHECK_RESULTS, { error: refrigerantText.resultInvalid }),
    addedKg: kgTextSchema(refrigerantText.kgInvalid),
    recoveredKg: kgTextSchema(refrigerantText.kgInvalid),
    certificate: certificateSchema,
  }),
]);

export const REGISTER_FILTERS = ["all", "ok", "due-soon", "overdue", "follow-up"] as const;
export type RegisterFilter = (typeof REGISTER_FILTERS)[number];

/** GET /api/admin/refrigerant-register?status=: all, one check status, or the pending follow-ups. */
export const RegisterQuerySchema = z.object({ status: z.enum(REGISTER_FILTERS, { error: refrigerantText.statusInvalid }).default("all") });

const intervalSchema = z.literal([...LEAK_CHECK_INTERVALS]);

/**
 * A unit as the register shows it. `source`: where its refrigerant comes from, the product's own
 * fields or (while they are empty) its latest signed installation protocol. `co2eTonnes` three
 * decimals rounded down; `intervalMonths` null: no check duty. `nextDue` the last day the next check
 * is on time (the follow-up's last day while a repaired leak waits for it); `followUp` that pending
 * follow-up, if any (2024/573 Art. 4(5)).
 */
export const RegisterEntrySchema = z.object({
  productId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  customerCity: z.string(),
  product: z.string(),
  type: z.string(),
  serialNumber: z.string().nullable(),
  installedOn: z.string().nullable(),
  refrigerant: refrigerantSchema.nullable(),
  chargeKg: z.number().nullable(),
  leakDetection: z.boolean(),
  hermeticallySealed: z.boolean(),
  source: z.enum(["product", "protocol"]).nullable(),
  co2eTonnes: z.number().nullable(),
  intervalMonths: intervalSchema.nullable(),
  lastCheck: z.object({ date: z.string(), result: z.enum(LEAK_CHECK_RESULTS), method: z.enum(LEAK_CHECK_METHODS) }).nullable(),
  nextDue: z.string().nullable(),
  status: z.enum(["none", "ok", "due-soon", "overdue"]),
  followUp: z.object({ repairedOn: z.string(), earliest: z.string(), latest: z.string() }).nullable(),
});
export type RegisterEntry = z.output<typeof RegisterEntrySchema>;

/** The register: units with a check duty, overdue first, then by due date; and how many per status. */
export const RegisterListSchema = z.object({
  entries: z.array(RegisterEntrySchema),
  counts: z.object({ ok: z.number(), "due-soon": z.number(), overdue: z.number(), "follow-up": z.number() }),
});
export type RegisterList = z.output<typeof RegisterListSchema>;

/** One recorded leak check. */
export const LeakCheckSchema = z.object({
  id: z.number(),
  checkedOn: z.string(),
  method: z.enum(LEAK_CHECK_METHODS),
  result: z.enum(LEAK_CHECK_RESULTS),
  addedKg: z.number(),
  recoveredKg: z.number(),
  technicianName: z.string(),
  certificate: z.string(),
  followUp: z.boolean(),
  bookingId: z.number().nullable(),
});
export type LeakCheck = z.output<typeof LeakCheckSchema>;

/** What a service report's leak check became: the check and the unit's register entry after it. */
export const LeakCheckRecordedSchema = z.object({ check: LeakCheckSchema, entry: RegisterEntrySchema });
export type LeakCheckRecorded = z.output<typeof LeakCheckRecordedSchema>;

/** One event of a product's life; `date` YYYY-MM-DD. */
export const TimelineEventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("installed"), date: z.string() }),
  z.object({
    kind: z.literal("protocol"),
    date: z.string(),
    protocolId: z.number(),
    status: z.string(),
    refrigerant: z.string(),
    chargeKg: z.number().nullable(),
    technicianName: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("service"),
    date: z.string(),
    serviceHistoryId: z.number(),
    serviceType: z.string(),
    technician: z.string().nullable(),
    actions: z.string().nullable(),
    bookingId: z.number().nullable(),
  }),
  z.object({ kind: z.literal("leak-check"), date: z.string(), check: LeakCheckSchema }),
]);
export type TimelineEvent = z.output<typeof TimelineEventSchema>;

/** GET /api/admin/products/{id}/timeline: the unit's register entry and its events, newest first. */
export const ProductTimelineSchema = z.object({ entry: RegisterEntrySchema, events: z.array(TimelineEventSchema) });
export type ProductTimeline = z.output<typeof ProductTimelineSchema>;

/** A yearly report's year in a path: four digits, 2000 to 2100. */
export const ReportYearTextSchema = z
  .string({ error: refrigerantText.yearInvalid })
  .regex(/^\d{4}$/, { error: refrigerantText.yearInvalid })
  .transform(Number)
  .pipe(z.number().min(2000, { error: refrigerantText.yearInvalid }).max(2100, { error: refrigerantText.yearInvalid }));

/** GET /api/admin/customers/{id}/refrigerant-report/{year}.pdf */
export const RefrigerantReportParamsSchema = z.object({ id: IdTextSchema, year: ReportYearTextSchema });
