// Contracts of products and service history (rules §2 Products and Service history, §3, §7; issue 12).
import { z } from "zod";
import { singleLineText } from "./text-fields";
import { isoDateSchema } from "./bookings";
import { idSchema } from "./common";
import { RecordChangeSchema } from "./customers";
import { IMPORT_PUMP_TYPE_LABELS, IMPORT_PUMP_TYPES } from "./service-reminders";

export const productsText = {
  customerRequired: "Välj en kund",
  typeRequired: "Välj typ av värmepump",
  modelRequired: "Modell krävs",
  created: "Produkt skapad",
  createFailed: "Kunde inte skapa produkten. Försök igen.",
  customerNotFound: "Kunden finns inte.",
  notFound: "Produkten finns inte.",
  historyNotFound: "Serviceposten finns inte.",
  warrantyBeforeInstall: "Garantin kan inte sluta före installationen",
  tooLong: "För lång text",
  serialTaken: (serialNumber: string, customerName: string) => `Serienumret ${serialNumber} finns redan registrerat (${customerName}).`,
  updated: "Produkten är uppdaterad",
  updateFailed: "Kunde inte spara ändringarna. Försök igen.",
} as const;

/** rules §3: the types offered in admin. */
export const PRODUCT_TYPES = ["värmepump", "luftvärmepump", "bergvärmepump", "vattenvärmepump"] as const;
export const PRODUCT_TYPE_LABELS: Record<(typeof PRODUCT_TYPES)[number], string> = {
  värmepump: "Värmepump",
  luftvärmepump: "Luftvärmepump",
  bergvärmepump: "Bergvärmepump",
  vattenvärmepump: "Vattenvärmepump",
};

/** A product's type as a label, whether the admin form's (§3) or the import's type. */
export function productTypeLabel(type: string): string {
  return PRODUCT_TYPE_LABELS[type as keyof typeof PRODUCT_TYPE_LABELS] ?? IMPORT_PUMP_TYPE_LABELS[type as keyof typeof IMPORT_PUMP_TYPE_LABELS] ?? type;
}

const optionalLine = (max: number) =>
  singleLineText()
    .max(max, productsText.tooLong)
    .nullish()
    .transform((v) => v || null);
const optionalDate = isoDateSchema("Ange datumet som ÅÅÅÅ-MM-DD")
  .nullish()
  .or(z.literal(""))
  .transform((v) => v || null);

/** rules §7 POST /api/products: customerId, type, brand, model, serialNumber, installationDate, warrantyExpiry. PUT /api/products/{id} takes the same. */
export const ProductInputSchema = z
  .object({
    customerId: idSchema(productsText.customerRequired),
    // The admin form offers the §3 types; an imported product keeps its import type through an edit.
    type: z.enum([...PRODUCT_TYPES, ...IMPORT_PUMP_TYPES], { error: productsText.typeRequired }),
    brand: optionalLine(100),
    model: singleLineText({ error: productsText.modelRequired }).min(1, productsText.modelRequired).max(100, productsText.tooLong),
    serialNumber: optionalLine(100),
    installationDate: optionalDate,
    warrantyExpiry: optionalDate,
  })
  .refine((p) => !p.installationDate || !p.warrantyExpiry || p.warrantyExpiry >= p.installationDate, {
    message: productsText.warrantyBeforeInstall,
    path: ["warrantyExpiry"],
  });
export type ProductInput = z.input<typeof ProductInputSchema>;

export const ListSearchSchema = z.object({ q: z.string().trim().max(100).optional().default("") });

export const ProductSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  customerCity: z.string(),
  type: z.string(),
  brand: z.string().nullable(),
  model: z.string(),
  serialNumber: z.string().nullable(),
  installationDate: z.string().nullable(),
  warrantyExpiry: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductListSchema = z.array(ProductSchema);

/** GET /api/products/{id}: the product and every edit of it, newest first (a move to another customer names both). */
export const ProductDetailSchema = ProductSchema.extend({ changes: z.array(RecordChangeSchema) });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const ServiceHistoryEntrySchema = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  bookingId: z.number().nullable(),
  product: z.string().nullable(),
  /** Where the work was done: the visit's address, else the customer's ("Storgatan 12, 753 20 Uppsala"). */
  place: z.string().nullable(),
  serviceDate: z.string(),
  serviceType: z.string(),
  technician: z.string().nullable(),
  issues: z.string().nullable(),
  actions: z.string().nullable(),
  parts: z.string().nullable(),
  followUpNeeded: z.boolean(),
  status: z.string(),
  cost: z.number().nullable(),
  notes: z.string().nullable(),
});
export type ServiceHistoryEntry = z.infer<typeof ServiceHistoryEntrySchema>;
export const ServiceHistoryListSchema = z.array(ServiceHistoryEntrySchema);
