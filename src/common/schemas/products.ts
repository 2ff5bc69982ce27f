// Contracts of products and service history (SPEC §2 Products and Service history, §3, §7; issue 12).
import { z } from "zod";
import { isoDateSchema } from "./bookings";
import { IMPORT_PUMP_TYPE_LABELS } from "./service-reminders";

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
} as const;

/** SPEC §3: the types offered in admin. */
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

const optionalText = (max: number) => z.string().trim().max(max, productsText.tooLong).nullish().transform((v) => v || null);
const optionalDate = isoDateSchema("Ange datumet som ÅÅÅÅ-MM-DD").nullish().or(z.literal("")).transform((v) => v || null);

/** SPEC §7 POST /api/products: customerId, type, brand, model, serialNumber, installationDate, warrantyExpiry. */
export const ProductInputSchema = z
  .object({
    customerId: z.coerce.number({ error: productsText.customerRequired }).int(productsText.customerRequired).positive(productsText.customerRequired),
    type: z.enum(PRODUCT_TYPES, { error: productsText.typeRequired }),
    brand: optionalText(100),
    model: z.string({ error: productsText.modelRequired }).trim().min(1, productsText.modelRequired).max(100, productsText.tooLong),
    serialNumber: optionalText(100),
    installationDate: optionalDate,
    warrantyExpiry: optionalDate,
  })
  .refine((p) => !p.installationDate || !p.warrantyExpiry || p.warrantyExpiry >= p.installationDate, { message: productsText.warrantyBeforeInstall, path: ["warrantyExpiry"] });
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

export const ServiceHistoryEntrySchema = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  bookingId: z.number().nullable(),
  product: z.string().nullable(),
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
