// Contracts of the customer register (SPEC §2 Customer register, §3 customers, §7 /api/customers;
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
  notesTooLong: "Anteckningen får vara högst 2000 tecken",
} as const;

export const CustomerInputSchema = AdminCustomerInfoSchema.extend({
  notes: z.string().trim().max(2000, customersText.notesTooLong).nullish().transform((v) => v || null),
});
export type CustomerInput = z.input<typeof CustomerInputSchema>;

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

export const CustomerDetailSchema = z.object({
  customer: CustomerSummarySchema,
  products: z.array(
    z.object({ id: z.number(), brand: z.string().nullable(), model: z.string(), type: z.string(), serialNumber: z.string().nullable(), installDate: z.string().nullable(), warrantyEnd: z.string().nullable() }),
  ),
  bookings: z.array(z.object({ id: z.number(), date: z.string(), timeSlot: z.string(), serviceType: z.string(), status: z.string() })),
  serviceHistory: z.array(
    z.object({ id: z.number(), serviceDate: z.string(), serviceType: z.string(), technician: z.string().nullable(), actions: z.string().nullable(), cost: z.number().nullable() }),
  ),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

/** What DELETE did: removed a customer with no history, or erased the personal data of one with history. */
export const CustomerDeletedSchema = z.object({ result: z.enum(["deleted", "anonymized"]), message: z.string() });
export type CustomerDeleted = z.infer<typeof CustomerDeletedSchema>;
