import { plural } from "../format";
// Contracts of the customer register (rules §2 Customer register, §3 customers, §7 /api/customers;
// issue 12): search, sort and pages; the detail with products, bookings and history; create;
// delete or GDPR erasure; export.
import { z } from "zod";
import { AdminCustomerInfoSchema } from "./admin-bookings";

export const customersText = {
  createFailed: "Kunde inte skapa kunden. Försök igen.",
  deleteFailed: "Kunde inte ta bort kunden. Försök igen.",
  created: "Kund skapad",
  deleted: "Kund borttagen",
  notFound: "Kunden finns inte.",
  emailTaken: "Det finns redan en kund med den e-postadressen.",
  anonymized: "Kundens uppgifter är redan raderade.",
  erasedName: (id: number) => `Raderad kund #${id}`,
  removed: "Kunden är borttagen.",
  // What the erasure keeps, as customers.repository's deleteOrErase does it (and the erase dialog says).
  erased:
    "Kunden har bokningar eller historik: personuppgifterna är raderade (namn, kontaktuppgifter, adress, bilder, anteckningar och e-post om kunden). Servicehistoriken sparas för bokföringen. Installationsprotokollen sparas för F-gasreglerna med kundens namn, installationsadress och signatur men utan kontaktuppgifter, och kundens länk till dem slutar fungera. Skickade fakturor sparas i sju år enligt bokföringslagen med namn, adress och personnummer för rotavdrag, men utan e-postadress, och deras länk slutar fungera; fakturautkast tas bort. Kundens serviceavtal tas bort.",
  notesTooLong: "Anteckningen får vara högst 2000 tecken",
  updated: "Kunden är uppdaterad",
  updateFailed: "Kunde inte spara ändringarna. Försök igen.",
  erasedNoEdit: "Kundens uppgifter är raderade och kan inte ändras.",
  /** The history's reason on each visit the erasure cancelled (issue 23). */
  cancelledByErasure: "Kunden raderades ur kundregistret",
  visitsCancelled: (n: number) => `${plural(n, "kommande besök är avbokat", "kommande besök är avbokade")}.`,
} as const;

/** POST /api/customers and PUT /api/customers/{id}: one schema, so an edit is validated as a create is. */
export const CustomerInputSchema = AdminCustomerInfoSchema.extend({
  notes: z
    .string()
    .trim()
    .max(2000, customersText.notesTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type CustomerInput = z.input<typeof CustomerInputSchema>;

// --- Change history (issue 23 point 8): who changed what, when ---------------------------------------

/** One changed field with its values before and after; null for an empty value, and for both once the customer is erased. */
export const FieldChangeSchema = z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/** One edit of a customer or a product: when, by whom (the staff member's name as it was), and what. */
export const RecordChangeSchema = z.object({ id: z.number(), at: z.string(), userName: z.string(), changes: z.array(FieldChangeSchema) });
export type RecordChange = z.infer<typeof RecordChangeSchema>;

export const CUSTOMER_SORTS = ["fullName", "firstName", "lastName", "city"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_PAGE_SIZE = 24;

/** The words of a register search, as both sides split it; more than six are ignored. */
export const customerSearchWords = (q: string) => q.toLocaleLowerCase("sv").split(/\s+/).filter(Boolean).slice(0, 6);
/** A word shorter than a trigram (pg_trgm): searched as the beginning of a name or place. */
export const isShortSearchWord = (word: string) => [...word].length < 3;
/** A search of only such words: names and places that begin with them, not any part of any field. */
export const isShortCustomerSearch = (q: string) => {
  const words = customerSearchWords(q);
  return words.length > 0 && words.every(isShortSearchWord);
};

export const CustomerListQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(""),
  sort: z.enum(CUSTOMER_SORTS, { error: "Ogiltig sortering" }).optional().default("fullName"),
  dir: z.enum(["asc", "desc"], { error: "Ogiltig sorteringsordning" }).optional().default("asc"),
  page: z.coerce.number({ error: "Ogiltig sida" }).int("Ogiltig sida").min(1, "Ogiltig sida").max(100_000, "Ogiltig sida").optional().default(1),
});
export type CustomerListQuery = z.input<typeof CustomerListQuerySchema>;

export const CustomerSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  notes: z.string().nullable(),
  productCount: z.number(),
  bookingCount: z.number(),
  anonymized: z.boolean(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

export const CustomerListSchema = z.object({
  items: z.array(CustomerSummarySchema),
  total: z.number(),
  /** The search with its typos corrected, when nothing matched as typed and this did. */
  suggestion: z.string().nullable(),
  page: z.number(),
  pageSize: z.number(),
});
export type CustomerList = z.infer<typeof CustomerListSchema>;

const CustomerBookingSchema = z.object({ id: z.number(), date: z.string(), timeSlot: z.string(), serviceType: z.string(), status: z.string() });

export const CustomerDetailSchema = z.object({
  customer: CustomerSummarySchema,
  products: z.array(
    z.object({
      id: z.number(),
      brand: z.string().nullable(),
      model: z.string(),
      type: z.string(),
      serialNumber: z.string().nullable(),
      installDate: z.string().nullable(),
      warrantyEnd: z.string().nullable(),
    }),
  ),
  bookings: z.array(CustomerBookingSchema),
  /** The visits still ahead (from today on, not cancelled nor completed): erasing the customer cancels them. */
  visitsAhead: z.array(CustomerBookingSchema),
  serviceHistory: z.array(
    z.object({
      id: z.number(),
      serviceDate: z.string(),
      serviceType: z.string(),
      technician: z.string().nullable(),
      actions: z.string().nullable(),
      cost: z.number().nullable(),
    }),
  ),
  /** Every edit of the customer, newest first. */
  changes: z.array(RecordChangeSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

/** What DELETE did: removed a customer with no history, or erased the personal data of one with history. */
export const CustomerDeletedSchema = z.object({
  result: z.enum(["deleted", "anonymized"]),
  message: z.string(),
  /** The visits ahead the erasure cancelled. */
  cancelledVisits: z.number(),
});
export type CustomerDeleted = z.infer<typeof CustomerDeletedSchema>;
