import { z } from "zod";
import { idSchema, IdSchema } from "./common";
import { isoDateSchema } from "./bookings";
import { singleLineText } from "./text-fields";
import { VAT_RATES } from "../invoicing/tax-rules";
import { isValidOrganisationNumber, parsePersonalNumber } from "../invoicing/identity-numbers";

// Invoices (issue 25): the contract between the admin screens and /api/admin/invoices, and the
// customer's view of a sent invoice. Amounts are integer öre everywhere.

export const invoiceText = {
  descriptionRequired: "Skriv vad raden gäller",
  tooLong: "För lång text",
  quantity: "Antalet ska vara mellan 0,01 och 10 000 med högst två decimaler",
  unitRequired: "Ange enhet (t.ex. st eller tim)",
  unitPrice: "Ange ett à-pris mellan 0 och 10 000 000 kr med högst två decimaler",
  vatRate: "Välj momssats 25, 12, 6 eller 0 %",
  linesRequired: "Fakturan behöver minst en rad",
  tooManyLines: "En faktura kan ha högst 100 rader",
  customerRequired: "Välj kund",
  buyersRequired: "Ange en eller två köpare för rotavdraget",
  shareSum: "Köparnas andelar ska vara 100 % tillsammans",
  share: "Andelen ska vara ett heltal mellan 1 och 100 %",
  propertyRequired: "Ange fastighetsbeteckningen",
  associationOrgNumber: "Ange bostadsrättsföreningens organisationsnummer (t.ex. 769612-3459)",
  flatNumberRequired: "Ange lägenhetsnumret",
  hours: "Ange antal arbetstimmar mellan 0 och 999",
  samePerson: "Samma person kan inte vara köpare två gånger",
  paymentAmount: "Ange ett belopp större än 0 kr med högst två decimaler",
  paymentDate: "Ange betalningsdatum",
  rotApproved: "Ange beviljat belopp i hela kronor (0 eller mer)",
  decisionDate: "Ange datum för Skatteverkets beslut",
  invoiceIdsRequired: "Välj fakturor",
  workDate: "Ange datum för arbetet",
  discount: "Ange rabatten som ett heltal 0–100 %",
} as const;

export const VatRateSchema = z.union(
  VAT_RATES.map((rate) => z.literal(rate)),
  { error: invoiceText.vatRate },
);

const MAX_UNIT_PRICE_ORE = 1_000_000_000;

/** A whole number of öre (the client converts "1 234,50" with parseKronor). */
const oreSchema = (message: string, { min, max }: { min: number; max: number }) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

export const InvoiceLineInputSchema = z.object({
  description: z.string({ error: invoiceText.descriptionRequired }).trim().min(1, invoiceText.descriptionRequired).max(300, invoiceText.tooLong),
  quantity: z
    .number({ error: invoiceText.quantity })
    .min(0.01, invoiceText.quantity)
    .max(10_000, invoiceText.quantity)
    .refine((q) => Math.abs(Math.round(q * 100) - q * 100) < 1e-6, invoiceText.quantity),
  unit: singleLineText({ error: invoiceText.unitRequired }).min(1, invoiceText.unitRequired).max(20, invoiceText.tooLong),
  unitPriceOre: oreSchema(invoiceText.unitPrice, { min: 0, max: MAX_UNIT_PRICE_ORE }),
  vatRate: VatRateSchema,
  labour: z.boolean().default(false),
  /** Whole percent; the server raises a labour line's to the customer's service agreement's repair discount (issue 26). */
  discountPercent: z
    .number({ error: invoiceText.discount })
    .int({ error: invoiceText.discount })
    .min(0, { error: invoiceText.discount })
    .max(100, { error: invoiceText.discount })
    .default(0),
});
export type InvoiceLineInput = z.output<typeof InvoiceLineInputSchema>;

export const ROT_BASES = ["lines", "standard-air", "standard-liquid"] as const;
export const ROT_WORK_TYPES = ["Vvs", "El", "Bygg"] as const;

const personalNumberSchema = z.string({ error: "Ange personnummer" }).transform((value, ctx) => {
  const parsed = parsePersonalNumber(value, new Date().toISOString().slice(0, 10));
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }
  return parsed.twelveDigits;
});

export const RotPropertySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("house"),
    designation: singleLineText({ error: invoiceText.propertyRequired }).min(1, invoiceText.propertyRequired).max(40, invoiceText.tooLong),
  }),
  z.object({
    kind: z.literal("flat"),
    associationOrgNumber: z
      .string({ error: invoiceText.associationOrgNumber })
      .trim()
      .refine((v) => isValidOrganisationNumber(v), invoiceText.associationOrgNumber),
    flatNumber: singleLineText({ error: invoiceText.flatNumberRequired }).min(1, invoiceText.flatNumberRequired).max(25, invoiceText.tooLong),
  }),
]);

export const RotInputSchema = z
  .object({
    basis: z.enum(ROT_BASES),
    buyers: z
      .array(
        z.object({
          personalNumber: personalNumberSchema,
          name: singleLineText().max(200, invoiceText.tooLong).nullable().default(null),
          sharePercent: z.number({ error: invoiceText.share }).int(invoiceText.share).min(1, invoiceText.share).max(100, invoiceText.share),
        }),
        { error: invoiceText.buyersRequired },
      )
      .min(1, invoiceText.buyersRequired)
      .max(2, invoiceText.buyersRequired),
    property: RotPropertySchema,
    workType: z.enum(ROT_WORK_TYPES).default("Vvs"),
    hours: z.number({ error: invoiceText.hours }).min(0, invoiceText.hours).max(999, invoiceText.hours),
  })
  .superRefine((rot, ctx) => {
    const sum = rot.buyers.reduce((total, b) => total + b.sharePercent, 0);
    if (sum !== 100) ctx.addIssue({ code: "custom", message: invoiceText.shareSum, path: ["buyers"] });
    if (rot.buyers.length === 2 && rot.buyers[0].personalNumber === rot.buyers[1].personalNumber) {
      ctx.addIssue({ code: "custom", message: invoiceText.samePerson, path: ["buyers", 1, "personalNumber"] });
    }
  });
export type RotInput = z.input<typeof RotInputSchema>;

/** POST /api/admin/invoices and PUT /api/admin/invoices/:id (a draft). */
export const InvoiceDraftInputSchema = z.object({
  customerId: idSchema(invoiceText.customerRequired),
  bookingId: IdSchema.nullable().default(null),
  workDate: isoDateSchema(invoiceText.workDate).nullable().default(null),
  lines: z.array(InvoiceLineInputSchema, { error: invoiceText.linesRequired }).min(1, invoiceText.linesRequired).max(100, invoiceText.tooManyLines),
  rot: RotInputSchema.nullable().default(null),
});
export type InvoiceDraftInput = z.input<typeof InvoiceDraftInputSchema>;

export const INVOICE_STATUSES = ["draft", "sent", "paid", "credited"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus | "overdue" | "partly-paid", string> = {
  draft: "Utkast",
  sent: "Skickad",
  paid: "Betald",
  credited: "Krediterad",
  overdue: "Förfallen",
  "partly-paid": "Delbetald",
};

const TotalsSchema = z.object({
  netOre: z.number(),
  vatByRate: z.array(z.object({ rate: z.number(), netOre: z.number(), vatOre: z.number() })),
  vatOre: z.number(),
  totalOre: z.number(),
  labourInclVatOre: z.number(),
  rotOre: z.number(),
  toPayBeforeRoundingOre: z.number(),
  roundingOre: z.number(),
  toPayOre: z.number(),
});

const CompanySchema = z.object({
  name: z.string(),
  address: z.string(),
  orgNumber: z.string(),
  vatNumber: z.string(),
  fSkatt: z.boolean(),
  bankgiro: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** An invoice as the admin sees it: identity numbers masked (the PDF and the claim file carry them in full). */
export const InvoiceSchema = z.object({
  id: z.number(),
  kind: z.enum(["invoice", "credit"]),
  status: z.enum(INVOICE_STATUSES),
  overdue: z.boolean(),
  number: z.number().nullable(),
  ocr: z.string().nullable(),
  customerId: z.number().nullable(),
  bookingId: z.number().nullable(),
  creditedInvoice: z.object({ id: z.number(), number: z.number().nullable() }).nullable(),
  creditNote: z.object({ id: z.number(), number: z.number().nullable() }).nullable(),
  customer: z.object({ name: z.string(), address: z.string(), postalCode: z.string(), city: z.string(), email: z.string() }),
  company: CompanySchema.nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  workDate: z.string().nullable(),
  paymentTermsDays: z.number(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number(),
      unit: z.string(),
      unitPriceOre: z.number(),
      vatRate: z.number(),
      labour: z.boolean(),
      discountPercent: z.number(),
      netOre: z.number(),
    }),
  ),
  totals: TotalsSchema,
  rot: z
    .object({
      basis: z.enum(ROT_BASES),
      ratePercent: z.number(),
      buyers: z.array(z.object({ personalNumberMasked: z.string(), name: z.string().nullable(), sharePercent: z.number(), rotOre: z.number() })),
      property: RotPropertySchema,
      workType: z.enum(ROT_WORK_TYPES),
      hours: z.number(),
      claimedAt: z.string().nullable(),
      decidedOn: z.string().nullable(),
      approvedOre: z.number().nullable(),
      followUpInvoiceId: z.number().nullable(),
    })
    .nullable(),
  payments: z.array(z.object({ id: z.number(), paidOn: z.string(), amountOre: z.number() })),
  paidOre: z.number(),
  paidOn: z.string().nullable(),
  sentAt: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
  customerUrl: z.string(),
  createdAt: z.string(),
});
export type Invoice = z.output<typeof InvoiceSchema>;

export const INVOICE_LIST_FILTERS = ["all", "draft", "unpaid", "overdue", "paid", "credited"] as const;
export const INVOICE_LIST_FILTER_LABELS: Record<(typeof INVOICE_LIST_FILTERS)[number], string> = {
  all: "Alla",
  draft: "Utkast",
  unpaid: "Obetalda",
  overdue: "Förfallna",
  paid: "Betalda",
  credited: "Krediterade",
};
export const INVOICE_PAGE_SIZE = 50;

export const InvoiceListQuerySchema = z.object({
  q: z.string().trim().max(100, invoiceText.tooLong).optional(),
  status: z.enum(INVOICE_LIST_FILTERS).default("all"),
  page: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(9999))
    .optional(),
});

export const InvoiceListItemSchema = z.object({
  id: z.number(),
  kind: z.enum(["invoice", "credit"]),
  status: z.enum(INVOICE_STATUSES),
  overdue: z.boolean(),
  number: z.number().nullable(),
  customerName: z.string(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  toPayOre: z.number(),
  paidOre: z.number(),
  rot: z.boolean(),
});
export const InvoiceListSchema = z.object({ invoices: z.array(InvoiceListItemSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type InvoiceListItem = z.output<typeof InvoiceListItemSchema>;

export const PaymentInputSchema = z.object({
  paidOn: isoDateSchema(invoiceText.paymentDate),
  amountOre: oreSchema(invoiceText.paymentAmount, { min: 1, max: 100_000_000_000 }),
});

export const RotDecisionInputSchema = z.object({
  decidedOn: isoDateSchema(invoiceText.decisionDate),
  approvedOre: oreSchema(invoiceText.rotApproved, { min: 0, max: 100_000_000_000 }).refine((v) => v % 100 === 0, invoiceText.rotApproved),
});

export const RotClaimMarkSchema = z.object({
  invoiceIds: z.array(IdSchema, { error: invoiceText.invoiceIdsRequired }).min(1, invoiceText.invoiceIdsRequired).max(500),
});

export const SieQuerySchema = z.object({ from: isoDateSchema(), to: isoDateSchema() });

/** What the admin fills in from a completed visit: the service report made into lines. */
export const InvoiceFromBookingSchema = z.object({
  customerId: z.number(),
  bookingId: z.number(),
  workDate: z.string().nullable(),
  lines: z.array(InvoiceLineInputSchema),
  rotSuggested: z.boolean(),
  rotBasisSuggested: z.enum(ROT_BASES),
});

/** The customer's view of a sent invoice (/faktura/:token): no identity numbers. */
export const CustomerInvoiceSchema = InvoiceSchema.omit({ rot: true, customerId: true, bookingId: true, reminderSentAt: true, createdAt: true }).extend({
  rot: z.object({ ratePercent: z.number(), rotOre: z.number(), property: z.string() }).nullable(),
  pdfUrl: z.string(),
});
export type CustomerInvoice = z.output<typeof CustomerInvoiceSchema>;
export const InvoiceTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, "Fakturan finns inte") });
