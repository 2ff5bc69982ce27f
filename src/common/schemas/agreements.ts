import { z } from "zod";
import { AGREEMENT_STATUSES, MAX_VISITS_PER_YEAR } from "../agreements/terms";
import { idSchema, idTextSchema } from "./common";
import { isoDateSchema } from "./bookings";

// Service agreements (issue 26): the contract between the admin screens and /api/admin/agreements,
// and the customer's acceptance page behind /api/agreements/:token. Amounts are integer öre.

export const agreementText = {
  customerRequired: "Välj kund",
  productRequired: "Välj produkt",
  startDate: "Ange startdatum",
  endDate: "Ange från vilket datum avtalet upphör",
  yearlyPrice: "Ange ett årspris mellan 0 och 1 000 000 kr med högst två decimaler",
  visitsPerYear: `Ange antal besök per år, 1–${MAX_VISITS_PER_YEAR}`,
  visitMonth: "Välj månad för besöket",
  repairDiscount: "Ange rabatt på reparationer, ett heltal 0–50 %",
  autoRenew: "Välj om avtalet ska förnyas automatiskt",
  status: "Välj en giltig status",
  search: "Sök med högst 100 tecken",
  notFound: "Avtalet finns inte.",
  customerMissing: "Kunden finns inte (eller är raderad).",
  productNotCustomers: "Produkten tillhör inte kunden.",
  alreadyCovered: "Produkten har redan ett avtal som gäller.",
  linkInvalid: "Länken är ogiltig eller har gått ut.",
  notPending: "Avtalet väntar inte på godkännande.",
  ended: "Avtalet har upphört.",
  notPaused: "Avtalet är inte pausat.",
  notActive: "Bara ett aktivt avtal kan pausas.",
  endBeforeStart: "Avtalet kan inte upphöra före startdatumet.",
  endInPast: "Slutdatumet kan inte ligga bakåt i tiden.",
  renewAutomatic: "Avtalet förnyas automatiskt och behöver inte förnyas.",
  noEmail: "Kunden har ingen e-postadress. Ge kunden länken till avtalet på annat sätt.",
} as const;

export const AgreementStatusSchema = z.enum(AGREEMENT_STATUSES, { error: agreementText.status });

const MAX_YEARLY_PRICE_ORE = 100_000_000;

/** POST /api/admin/agreements: an agreement for one of the customer's products; the customer is e-mailed the terms. */
export const AgreementInputSchema = z.object({
  customerId: idSchema(agreementText.customerRequired),
  productId: idSchema(agreementText.productRequired),
  startDate: isoDateSchema(agreementText.startDate),
  yearlyPriceOre: z
    .number({ error: agreementText.yearlyPrice })
    .int({ error: agreementText.yearlyPrice })
    .min(0, { error: agreementText.yearlyPrice })
    .max(MAX_YEARLY_PRICE_ORE, { error: agreementText.yearlyPrice }),
  visitsPerYear: z
    .number({ error: agreementText.visitsPerYear })
    .int({ error: agreementText.visitsPerYear })
    .min(1, { error: agreementText.visitsPerYear })
    .max(MAX_VISITS_PER_YEAR, { error: agreementText.visitsPerYear }),
  visitMonth: z
    .number({ error: agreementText.visitMonth })
    .int({ error: agreementText.visitMonth })
    .min(1, { error: agreementText.visitMonth })
    .max(12, { error: agreementText.visitMonth }),
  repairDiscountPercent: z
    .number({ error: agreementText.repairDiscount })
    .int({ error: agreementText.repairDiscount })
    .min(0, { error: agreementText.repairDiscount })
    .max(50, { error: agreementText.repairDiscount }),
  autoRenew: z.boolean({ error: agreementText.autoRenew }).default(true),
});
export type AgreementInput = z.input<typeof AgreementInputSchema>;

/** POST /api/admin/agreements/:id/end: the last day the agreement runs. */
export const AgreementEndSchema = z.object({ endsOn: isoDateSchema(agreementText.endDate) });

export const AgreementEventSchema = z.object({
  at: z.string(),
  /** created, sent, accepted, paused, resumed, ended, renewed, visit-proposed, fee-invoiced */
  kind: z.string(),
  by: z.string(),
  note: z.string().nullable(),
});

/** One agreement as the admin sees it. */
export const AgreementSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  productId: z.number(),
  /** "Nibe F2120 (SN 12345)" */
  productLabel: z.string(),
  startDate: z.string(),
  endsOn: z.string().nullable(),
  yearlyPriceOre: z.number(),
  visitsPerYear: z.number(),
  visitMonth: z.number(),
  repairDiscountPercent: z.number(),
  autoRenew: z.boolean(),
  status: AgreementStatusSchema,
  acceptedAt: z.string().nullable(),
  /** The address the acceptance came from (admin only). */
  acceptedFrom: z.string().nullable(),
  pausedAt: z.string().nullable(),
  /** The next month a visit falls in ('YYYY-MM'), null when none is left. */
  nextVisitMonth: z.string().nullable(),
  createdAt: z.string(),
  /** The customer's page for reading and accepting the agreement (PUBLIC_URL/avtal/<token>), for the admin to resend or hand over. */
  customerUrl: z.string(),
  events: z.array(AgreementEventSchema),
});
export type Agreement = z.infer<typeof AgreementSchema>;

export const AgreementListQuerySchema = z.object({
  status: AgreementStatusSchema.optional(),
  q: z.string({ error: agreementText.search }).trim().max(100, { error: agreementText.search }).optional().default(""),
  customerId: idTextSchema(agreementText.customerRequired).optional(),
  productId: idTextSchema(agreementText.productRequired).optional(),
});
export type AgreementListQuery = z.input<typeof AgreementListQuerySchema>;

export const AgreementListSchema = z.object({
  agreements: z.array(AgreementSchema.omit({ events: true, acceptedFrom: true, customerUrl: true })),
  /** The yearly value of the listed agreements that are active (öre). */
  yearlyValueOre: z.number(),
});
export type AgreementList = z.infer<typeof AgreementListSchema>;

/** An agreement's link token as made: 192 random bits in base64url. */
export const AGREEMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const isAgreementToken = (token: string) => AGREEMENT_TOKEN_PATTERN.test(token);
/**
 * /api/agreements/:token. Any text reaches the service, which answers a token that is not one of
 * ours, however it is written, with the same 404 (agreementText.linkInvalid) as one that is unknown.
 */
export const AgreementTokenParamsSchema = z.object({ token: z.string() });

/** GET /api/agreements/:token: the terms the customer accepts, and whether they have. */
export const CustomerAgreementSchema = z.object({
  customerName: z.string(),
  productLabel: z.string(),
  startDate: z.string(),
  endsOn: z.string().nullable(),
  yearlyPriceOre: z.number(),
  visitsPerYear: z.number(),
  visitMonth: z.number(),
  repairDiscountPercent: z.number(),
  autoRenew: z.boolean(),
  status: AgreementStatusSchema,
  acceptedAt: z.string().nullable(),
  company: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
});
export type CustomerAgreement = z.infer<typeof CustomerAgreementSchema>;
