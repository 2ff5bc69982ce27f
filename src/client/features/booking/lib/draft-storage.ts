// The booking draft in the browser's local storage (rules §4: saved with 'Spara bokning', restored
// when the wizard opens, cleared after a successful booking; rules §9: kept 30 days).
// Images are never stored: they are large and a draft is only meant to keep the typed answers.
// Reviving a draft (checking it against today's rules and the step schemas) is in ./draft-revival:
// it needs zod, which the booking page loads only when needed.
import { isServiceType } from "@/common/booking-rules";
import { TERMS, type ServiceType } from "@/common/constants";
import type { BookingFormValues } from "@/common/schemas/bookings";

export const DRAFT_STORAGE_KEY = "booking_draft";
export const DRAFT_MAX_AGE_DAYS = TERMS.bookingDraftCookieDays;
const MS_PER_DAY = 86_400_000;

export type WizardStep = 1 | 2 | 3;

/** The text fields of the form: everything but the images. */
export const DRAFT_FIELDS = [
  "serviceType",
  "heatpumpModel",
  "description",
  "date",
  "timeSlot",
  "name",
  "email",
  "phone",
  "address",
  "city",
  "postalCode",
] as const satisfies readonly (keyof BookingFormValues)[];

export type DraftField = (typeof DRAFT_FIELDS)[number];
/**
 * The form as the wizard holds it: every text field a string, empty when not filled in; the
 * service type is '' until one is chosen ('Välj en tjänst', rules §5).
 */
export type DraftValues = Record<DraftField, string>;

export type BookingDraft = { values: DraftValues; step: WizardStep; savedAt: string };

/** A storage that may be missing or throw (private browsing, quota, disabled cookies). */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function emptyDraftValues(serviceType: ServiceType | "" = ""): DraftValues {
  const values = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, ""])) as DraftValues;
  values.serviceType = serviceType;
  return values;
}

function isStep(value: unknown): value is WizardStep {
  return value === 1 || value === 2 || value === 3;
}

/** Keeps only the known text fields of `input`, each as a string. */
export function pickDraftValues(input: Partial<Record<string, unknown>>): DraftValues {
  const values = emptyDraftValues();
  for (const field of DRAFT_FIELDS) {
    const value = input[field];
    if (typeof value === "string") values[field] = value;
  }
  if (!isServiceType(values.serviceType)) values.serviceType = "";
  return values;
}

/** Saves the form (without images) and the step. Returns the draft, or null when storage refused it. */
export function saveDraft(storage: DraftStorage | undefined, values: Partial<Record<string, unknown>>, step: WizardStep, now: Date): BookingDraft | null {
  if (!storage) return null;
  const draft: BookingDraft = { values: pickDraftValues(values), step, savedAt: now.toISOString() };
  try {
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
    return draft;
  } catch {
    return null;
  }
}

export function clearDraft(storage: DraftStorage | undefined): void {
  try {
    storage?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/**
 * The saved draft, or null when there is none, it cannot be read, or it is older than 30 days
 * (unreadable and expired drafts are removed).
 */
export function loadDraft(storage: DraftStorage | undefined, now: Date): BookingDraft | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(DRAFT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object") throw new Error("not an object");
    const { values, step, savedAt } = parsed as Record<string, unknown>;
    const savedMs = typeof savedAt === "string" ? Date.parse(savedAt) : Number.NaN;
    if (!values || typeof values !== "object" || Number.isNaN(savedMs)) throw new Error("malformed draft");
    if (now.getTime() - savedMs > DRAFT_MAX_AGE_DAYS * MS_PER_DAY) throw new Error("expired draft");
    return { values: pickDraftValues(values as Record<string, unknown>), step: isStep(step) ? step : 1, savedAt: savedAt as string };
  } catch {
    clearDraft(storage);
    return null;
  }
}
