// Contracts of the service-reminder screen's import and pending products (SPEC §2 Service reminders,
// §3 import payload and pending reminder product, §5 import, §7; issue 12).
import { z } from "zod";
import { isoDateSchema } from "./bookings";

export const remindersText = {
  allFieldsRequired: "Alla fält måste fyllas i för varje kund",
  incomplete: "Ofullständig information",
  invalidJson: "Fel JSON-format",
  importFailed: "Import misslyckades",
  importFailedDescription: "Kunde inte importera kunder. Kontrollera att alla fält är ifyllda.",
  importDone: "Import slutförd",
  jsonImported: "JSON importerad",
  invalidEmail: "Ogiltig e-postadress",
  invalidType: "Okänd typ av värmepump",
  invalidDate: "Ange installationsdatum som ÅÅÅÅ-MM-DD",
  noCustomers: "Lägg till minst en kund",
  row: (index: number, message: string) => `Rad ${index + 1}: ${message}`,
} as const;

/** SPEC §3 import heat-pump types. */
export const IMPORT_PUMP_TYPES = ["luftvarmepump", "luft_vatten_varmepump", "bergvarmepump", "franlufts_varmepump", "varmepumps_beredare"] as const;

/** SPEC §5: both spellings are accepted (postalCode or postal_code, …); the camelCase one wins. */
const ALIASES: Record<string, string> = { postal_code: "postalCode", serial_number: "serialNumber", install_date: "installDate" };
function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = ALIASES[key] ?? key;
    if (!(name in out) || key === name) out[name] = camelKeys(inner);
  }
  return out;
}

const required = (max: number) => z.string({ error: remindersText.allFieldsRequired }).trim().min(1, remindersText.allFieldsRequired).max(max, remindersText.incomplete);

export const ImportProductSchema = z.object({
  model: required(100),
  type: z.enum(IMPORT_PUMP_TYPES, { error: remindersText.invalidType }).optional().default("luftvarmepump"),
  serialNumber: z.string().trim().max(100).nullish().transform((v) => v || null),
  installDate: z.string({ error: remindersText.allFieldsRequired }).min(1, remindersText.allFieldsRequired).pipe(isoDateSchema(remindersText.invalidDate)),
});

export const ImportCustomerSchema = z.object({
  name: required(100),
  email: required(254).pipe(z.email({ error: remindersText.invalidEmail })),
  phone: required(30),
  address: required(200),
  city: required(100),
  postalCode: required(20),
  products: z.array(ImportProductSchema, { error: remindersText.allFieldsRequired }).min(1, remindersText.allFieldsRequired).max(50),
});
export type ImportCustomer = z.input<typeof ImportCustomerSchema>;

/** `{ customers: [...] }` as SPEC §7 sends it, or the pasted array itself (§5). */
export const ImportPayloadSchema = z.preprocess(
  (value) => camelKeys(Array.isArray(value) ? { customers: value } : value),
  z.object(
    { customers: z.array(ImportCustomerSchema, { error: remindersText.invalidJson }).min(1, remindersText.noCustomers).max(2000) },
    { error: remindersText.invalidJson },
  ),
);
export const ImportResultSchema = z.object({ importedCount: z.number() });

export const PendingProductSchema = z.object({
  id: z.number(),
  model: z.string(),
  type: z.string(),
  installDate: z.string(),
  customer: z.object({ name: z.string(), city: z.string(), email: z.string(), phone: z.string() }),
});
export type PendingProduct = z.infer<typeof PendingProductSchema>;
export const PendingProductListSchema = z.array(PendingProductSchema);

/** SPEC §9: installed 24 or more months ago, a month being 30 days. */
export const REMINDER_AFTER_DAYS = 24 * 30;
