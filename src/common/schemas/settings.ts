import { z } from "zod";
import { singleLineText } from "./text-fields";
import { DEFAULT_COMPANY_DETAILS } from "../company";

// rules §2 system settings, §3 fields, §9 defaults; rules D11: stored in the database, in effect.
// The lead time, visit length and weekend rules of §9's booking section are fixed by rules D2-D3
// (the terms customers book under); the screen states them rather than offering switches that
// would do nothing.

export const settingsText = {
  required: (label: string) => `${label} krävs`,
  companyName: "Företagsnamn",
  companyPhone: "Telefon",
  companyEmail: "E-post",
  companyAddress: "Adress",
  orgNumber: "Organisationsnummer",
  invalidPhone: "Ange ett giltigt telefonnummer",
  invalidEmail: "Ange en giltig e-postadress",
  invalidOrgNumber: "Organisationsnumret ska skrivas som 556123-4567",
  maxBookingsPerDay: "Max antal bokningar per dag ska vara ett heltal mellan 1 och 50",
  reminderEmailDays: "Välj 1, 2, 3 eller 7 dagar",
  invalidTime: "Ange tiden som TT:MM",
  workdayOrder: "Arbetsdagen måste sluta efter att den börjar",
  lunchOrder: "Lunchen måste sluta efter att den börjar",
  lunchInsideWorkday: "Lunchen måste ligga inom arbetsdagen",
  tooLong: "För lång text",
  vatNumber: "Momsregistreringsnumret ska skrivas som SE556123456701",
  bankgiro: "Bankgironumret ska skrivas som 123-4567 eller 1234-5678",
  paymentTermsDays: "Betalningsvillkoret ska vara ett heltal mellan 0 och 90 dagar",
  invoiceNumberStart: "Första fakturanumret ska vara ett heltal mellan 1 och 99 999 999",
  paymentReminderDays: "Påminnelsen ska skickas 0 (aldrig) till 60 dagar efter förfallodagen",
  account: "Kontot ska vara fyra siffror (BAS)",
  agreementUnanswered: "Välj om obesvarade besök bekräftas eller släpps",
  agreementAnswerDays: "Ange 1–30 dagar före besöket",
} as const;

/** What happens to an agreement visit the customer has not answered (issue 26): kept as booked, or given up. */
export const AGREEMENT_UNANSWERED_RULES = ["confirm", "release"] as const;

/** The BAS accounts the bookkeeping export (SIE) books invoices, payments and ROT on (issue 25). */
export const SIE_ACCOUNT_KEYS = [
  "receivables",
  "rotReceivable",
  "bank",
  "rounding",
  "sales25",
  "sales12",
  "sales6",
  "sales0",
  "outputVat25",
  "outputVat12",
  "outputVat6",
] as const;
export type SieAccountKey = (typeof SIE_ACCOUNT_KEYS)[number];
export const DEFAULT_SIE_ACCOUNTS: Record<SieAccountKey, string> = {
  receivables: "1510",
  rotReceivable: "1513",
  bank: "1930",
  rounding: "3740",
  sales25: "3001",
  sales12: "3002",
  sales6: "3003",
  sales0: "3004",
  outputVat25: "2611",
  outputVat12: "2621",
  outputVat6: "2631",
};
const account = z.string({ error: settingsText.account }).regex(/^\d{4}$/, settingsText.account);
const wholeNumber = (message: string, min: number, max: number) => z.number({ error: message }).int(message).min(min, message).max(max, message);

export const REMINDER_DAY_OPTIONS = [1, 2, 3, 7] as const;

const requiredText = (label: string, max = 200) =>
  singleLineText({ error: settingsText.required(label) })
    .min(1, settingsText.required(label))
    .max(max, settingsText.tooLong);
const time = z.string({ error: settingsText.invalidTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, settingsText.invalidTime);

export const SystemSettingsSchema = z
  .object({
    // Företagsinformation
    companyName: requiredText(settingsText.companyName),
    orgNumber: requiredText(settingsText.orgNumber, 20).regex(/^\d{6}-\d{4}$/, settingsText.invalidOrgNumber),
    companyPhone: requiredText(settingsText.companyPhone, 30).regex(/^\+?[\d\s-]{6,20}$/, settingsText.invalidPhone),
    companyEmail: requiredText(settingsText.companyEmail).pipe(z.email(settingsText.invalidEmail)),
    companyAddress: requiredText(settingsText.companyAddress),
    // Bokningsinställningar
    maxBookingsPerDay: z
      .number({ error: settingsText.maxBookingsPerDay })
      .int(settingsText.maxBookingsPerDay)
      .min(1, settingsText.maxBookingsPerDay)
      .max(50, settingsText.maxBookingsPerDay),
    autoConfirmBookings: z.boolean(),
    // E-postinställningar
    emailNotifications: z.boolean(),
    sendCustomerConfirmation: z.boolean(),
    sendTechnicianNotification: z.boolean(),
    reminderEmailDays: z.literal(REMINDER_DAY_OPTIONS, { error: settingsText.reminderEmailDays }),
    // Arbetstider
    workdayStart: time,
    workdayEnd: time,
    lunchBreakStart: time,
    lunchBreakEnd: time,
    // Fakturering (issue 25): on every invoice when it is sent.
    vatNumber: z
      .string({ error: settingsText.vatNumber })
      .trim()
      .regex(/^SE\d{12}$/, settingsText.vatNumber),
    fSkatt: z.boolean(),
    bankgiro: z
      .string({ error: settingsText.bankgiro })
      .trim()
      .regex(/^\d{3,4}-\d{4}$/, settingsText.bankgiro),
    paymentTermsDays: wholeNumber(settingsText.paymentTermsDays, 0, 90),
    invoiceNumberStart: wholeNumber(settingsText.invoiceNumberStart, 1, 99_999_999),
    paymentReminderDays: wholeNumber(settingsText.paymentReminderDays, 0, 60),
    sieAccounts: z.object(Object.fromEntries(SIE_ACCOUNT_KEYS.map((key) => [key, account])) as Record<SieAccountKey, typeof account>),
    agreementUnanswered: z.enum(AGREEMENT_UNANSWERED_RULES, { error: settingsText.agreementUnanswered }),
    agreementAnswerDays: wholeNumber(settingsText.agreementAnswerDays, 1, 30),
  })
  .superRefine((s, ctx) => {
    if (s.workdayEnd <= s.workdayStart) ctx.addIssue({ code: "custom", message: settingsText.workdayOrder, path: ["workdayEnd"] });
    if (s.lunchBreakEnd <= s.lunchBreakStart) ctx.addIssue({ code: "custom", message: settingsText.lunchOrder, path: ["lunchBreakEnd"] });
    else if (s.lunchBreakStart < s.workdayStart || s.lunchBreakEnd > s.workdayEnd) {
      ctx.addIssue({ code: "custom", message: settingsText.lunchInsideWorkday, path: ["lunchBreakStart"] });
    }
  });
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

/** rules §9 defaults. */
export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  companyName: DEFAULT_COMPANY_DETAILS.companyName,
  orgNumber: DEFAULT_COMPANY_DETAILS.orgNumber,
  companyPhone: DEFAULT_COMPANY_DETAILS.companyPhone,
  companyEmail: DEFAULT_COMPANY_DETAILS.companyEmail,
  companyAddress: DEFAULT_COMPANY_DETAILS.companyAddress,
  maxBookingsPerDay: 8,
  autoConfirmBookings: true,
  emailNotifications: true,
  sendCustomerConfirmation: true,
  // Off until the office asks for it: staff see new bookings on the admin overview.
  sendTechnicianNotification: false,
  reminderEmailDays: 1,
  workdayStart: DEFAULT_COMPANY_DETAILS.workdayStart,
  workdayEnd: DEFAULT_COMPANY_DETAILS.workdayEnd,
  lunchBreakStart: "12:00",
  lunchBreakEnd: "13:00",
  vatNumber: `SE${DEFAULT_COMPANY_DETAILS.orgNumber.replace("-", "")}01`,
  fSkatt: true,
  bankgiro: "123-4567",
  paymentTermsDays: 30,
  invoiceNumberStart: 1001,
  paymentReminderDays: 7,
  sieAccounts: DEFAULT_SIE_ACCOUNTS,
  // A visit the customer has not answered a week before it stays booked: the agreement promises it.
  agreementUnanswered: "confirm",
  agreementAnswerDays: 7,
};

export const SETTING_KEYS = Object.keys(DEFAULT_SYSTEM_SETTINGS) as (keyof SystemSettings)[];
