// Contracts of the service-reminder screen's import and pending products (rules §2 Service reminders,
// §3 import payload and pending reminder product, §5 import, §7; issue 12).
import { z } from "zod";
import { singleLineText } from "./text-fields";
import { isoDateSchema } from "./bookings";
import { IdSchema } from "./common";

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
  remindersCreated: "Påminnelser skapade",
  remindersSent: "Påminnelser skickade",
  createFailed: "Kunde inte skapa påminnelser",
  sendFailed: "Kunde inte skicka påminnelser",
  emailsOff: "E-postutskick är avstängda i inställningarna. Slå på dem för att skicka påminnelser.",
  unknownProducts: "Någon av de valda produkterna finns inte",
  offerNotFound: "Erbjudandet finns inte längre",
} as const;

/** rules §3 import heat-pump types. */
export const IMPORT_PUMP_TYPES = ["luftvarmepump", "luft_vatten_varmepump", "bergvarmepump", "franlufts_varmepump", "varmepumps_beredare"] as const;

/** rules §5: both spellings are accepted (postalCode or postal_code, …); the camelCase one wins. */
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

const required = (max: number) =>
  singleLineText({ error: remindersText.allFieldsRequired }).min(1, remindersText.allFieldsRequired).max(max, remindersText.incomplete);

export const ImportProductSchema = z.object({
  model: required(100),
  type: z.enum(IMPORT_PUMP_TYPES, { error: remindersText.invalidType }).optional().default("luftvarmepump"),
  serialNumber: singleLineText()
    .max(100)
    .nullish()
    .transform((v) => v || null),
  installDate: z.string({ error: remindersText.allFieldsRequired }).min(1, remindersText.allFieldsRequired).pipe(isoDateSchema(remindersText.invalidDate)),
});

/** The customer's fields of an import row, the same in the form and in the payload. */
const importCustomerFields = {
  name: required(100),
  email: required(254).pipe(z.email({ error: remindersText.invalidEmail })),
  phone: required(30),
  address: required(200),
  city: required(100),
  postalCode: required(20),
};

export const ImportCustomerSchema = z.object({
  ...importCustomerFields,
  products: z.array(ImportProductSchema, { error: remindersText.allFieldsRequired }).min(1, remindersText.allFieldsRequired).max(50),
});
export type ImportCustomer = z.input<typeof ImportCustomerSchema>;

/** `{ customers: [...] }` as rules §7 sends it, or the pasted array itself (§5). */
export const ImportPayloadSchema = z.preprocess(
  (value) => camelKeys(Array.isArray(value) ? { customers: value } : value),
  z.object(
    { customers: z.array(ImportCustomerSchema, { error: remindersText.invalidJson }).min(1, remindersText.noCustomers).max(2000) },
    { error: remindersText.invalidJson },
  ),
);
/** importedCount: the customers of the file; newCustomers and newProducts: what was not in the register already. */
export const ImportResultSchema = z.object({ importedCount: z.number(), newCustomers: z.number(), newProducts: z.number() });
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const PendingProductSchema = z.object({
  id: z.number(),
  model: z.string(),
  type: z.string(),
  installDate: z.string(),
  customer: z.object({ id: z.number(), name: z.string(), city: z.string(), email: z.string(), phone: z.string(), unsubscribed: z.boolean() }),
});
export type PendingProduct = z.infer<typeof PendingProductSchema>;
export const PendingProductListSchema = z.array(PendingProductSchema);

/** rules §9: installed 24 or more months ago, a month being 30 days. */
export const REMINDER_AFTER_DAYS = 24 * 30;
/** rules §9: a reminder is sent 7 days after it was created… */
export const REMINDER_SEND_AFTER_DAYS = 7;
/** …with a 15 % discount valid 30 days. */
export const REMINDER_DISCOUNT_PERCENT = 15;
export const REMINDER_DISCOUNT_DAYS = 30;

/** POST /api/admin/service-reminders/create: the chosen pending products, or every one of them. */
export const CreateRemindersSchema = z.object({ productIds: z.array(IdSchema).max(1000).optional() }).nullish();
export const CreateRemindersResultSchema = z.object({ createdCount: z.number() });
export const SendRemindersResultSchema = z.object({ sentCount: z.number() });

export const REMINDER_RESPONSE_TYPES = ["booked", "unsubscribed"] as const;
export type ReminderResponseType = (typeof REMINDER_RESPONSE_TYPES)[number];
export const reminderResponseLabels: Record<ReminderResponseType, string> = { booked: "Bokade service", unsubscribed: "Avregistrerad" };

export const ReminderSchema = z.object({
  id: z.number(),
  dueDate: z.string(),
  sent: z.boolean(),
  sentAt: z.string().nullable(),
  discountValidUntil: z.string().nullable(),
  createdAt: z.string(),
  customer: z.object({ id: z.number(), name: z.string(), email: z.string(), city: z.string(), unsubscribed: z.boolean() }),
  product: z.object({ id: z.number(), model: z.string(), installDate: z.string().nullable() }).nullable(),
  responses: z.array(z.object({ type: z.string(), date: z.string(), bookingId: z.number().nullable() })),
});
export type Reminder = z.infer<typeof ReminderSchema>;
export const ReminderListSchema = z.array(ReminderSchema);

/** The customer's side of a reminder: what the booking form is prefilled with, and the offer. */
export const ReminderOfferSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  heatpumpModel: z.string(),
  discountPercent: z.number(),
  /** The last day the discount holds; null while the reminder has not been sent. */
  validUntil: z.string().nullable(),
  /** The discount holds for a booking made now: in time, and not yet given to another booking. */
  valid: z.boolean(),
  /** The discount went to a booking that still stands (one booking per reminder gets it). */
  used: z.boolean(),
});
export type ReminderOffer = z.infer<typeof ReminderOfferSchema>;
/** The reminder e-mail's key: 256 bits, base64url. */
export const ReminderTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const IMPORT_PUMP_TYPE_LABELS: Record<(typeof IMPORT_PUMP_TYPES)[number], string> = {
  luftvarmepump: "Luftvärmepump",
  luft_vatten_varmepump: "Luft/vattenvärmepump",
  bergvarmepump: "Bergvärmepump",
  franlufts_varmepump: "Frånluftsvärmepump",
  varmepumps_beredare: "Värmepumpsberedare",
};

/**
 * One row of the import form (rules §5): the customer and one heat pump; every field but the serial
 * number is required. The form sends its rows as the import payload (`importPayloadOfRows`), which
 * the server checks again with ImportPayloadSchema.
 */
export const ImportFormRowSchema = z.object({
  ...importCustomerFields,
  model: required(100),
  type: z.enum(IMPORT_PUMP_TYPES, { error: remindersText.invalidType }),
  serialNumber: singleLineText().max(100),
  installDate: z.string().min(1, remindersText.allFieldsRequired).pipe(isoDateSchema(remindersText.invalidDate)),
});
export type ImportFormRow = z.input<typeof ImportFormRowSchema>;
export const ImportFormSchema = z.object({ rows: z.array(ImportFormRowSchema).min(1, remindersText.noCustomers) });
export type ImportForm = z.input<typeof ImportFormSchema>;

export const emptyImportRow = (): ImportFormRow => ({
  name: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  postalCode: "",
  model: "",
  type: "luftvarmepump",
  serialNumber: "",
  installDate: "",
});

export function importPayloadOfRows(rows: z.output<typeof ImportFormRowSchema>[]) {
  return {
    customers: rows.map(({ model, type, serialNumber, installDate, ...customer }) => ({
      ...customer,
      products: [{ model, type, serialNumber: serialNumber || null, installDate }],
    })),
  };
}
