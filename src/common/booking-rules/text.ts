// Swedish texts that belong to the booking rules: prices (rules §9), the wizard's step 2 hints and
// info texts (rules §2), and messages for dates and slots that break a rule (server answers).
import { SERVICE_TYPE_LABELS, type ServiceType } from "../constants";
import { closedDayName } from "./holidays";
import { BOOKING_LIMITS, type DateRejection } from "./slots";

/** rules §2 step 1: suggestions for the heat pump model field (a datalist). */
export const HEAT_PUMP_MODEL_SUGGESTIONS = [
  "Toshiba Haori",
  "Daiseikai",
  "Shorai Edge",
  "Seiya",
  "Panasonic Flagship",
  "Panasonic LZ",
  "Innova",
  "Indol",
  "Nibe",
  "Qvantum",
  "Samsung",
] as const;

export const priceText = {
  // rules §9 indicative prices (SEK, VAT included).
  serviceAirToAir: "2 500 kr",
  serviceRange: "2 500–5 000 kr",
  installation: "6 500 kr",
  troubleshooting: "2 500 kr",
  hembesok: "Kostnadsfritt",
  unknown: "Kontakta oss för pris",
  /** One line under each price. */
  notes: {
    service: "Fast pris för luft/luft-värmepumpar. Högre pris för luft/vatten-, berg- och frånluftsvärmepumpar.",
    installation: "Gäller flytt av befintlig värmepump. För nyinstallation lämnar vi en offert.",
    troubleshooting: "Inklusive felsökning och resa, efter ROT-avdrag.",
    hembesok: "30 minuter",
  } satisfies Record<ServiceType, string>,
  /** rules §2 step 3 summary. */
  indicativeNote: "Priset är preliminärt. Slutligt pris bekräftas innan arbetet påbörjas.",
  /** rules §9 warranty notice. */
  warrantyNotice:
    "Om garantin har gått ut eller felet beror på felaktig användning faktureras 2 500 kr efter ROT-avdrag. Garantiärenden registreras hos tillverkaren och hanteras enligt tillverkarens process.",
} as const;

/** rules §2 step 2: hint box shown for installation. */
export const installationHint = {
  title: "Beräknad tid för installation",
  items: [
    "Luft/luft-värmepump: upp till 6 timmar per enhet",
    "Luft/vatten-, frånlufts- och bergvärmepump: 8–16 timmar (2 dagar)",
    "Värmepumpsberedare: 6–8 timmar",
  ],
} as const;

/** rules §2 step 2: when each service type can be booked. */
export const bookingInfoText: Record<ServiceType, string> = {
  hembesok: "Hembesök kan bokas tidigast 3 dagar i förväg, måndag–fredag kl. 10:00–14:30. På onsdagar även kl. 17:00–18:00.",
  installation: "Installation kan bokas tidigast två veckor i förväg, tisdag–lördag.",
  service: "Service kan bokas tidigast två veckor i förväg: måndagar hela dagen, tisdag–fredag från kl. 15:30 och lördagar kl. 12:00–16:00.",
  troubleshooting: "Felsökning kan bokas tidigast två veckor i förväg: måndagar hela dagen, tisdag–fredag från kl. 15:30 och lördagar kl. 12:00–16:00.",
};

const WEEKDAY_RULES: Record<ServiceType, string> = {
  service: "måndag–lördag",
  troubleshooting: "måndag–lördag",
  installation: "tisdag–lördag",
  hembesok: "måndag–fredag",
};

export const ruleText = {
  invalidDate: "Ogiltigt datum",
  invalidTimeSlot: "Ogiltig tid",
  tooSoon: (serviceType: ServiceType) =>
    serviceType === "hembesok"
      ? "Hembesök kan bokas tidigast 3 dagar i förväg."
      : `${SERVICE_TYPE_LABELS[serviceType]} kan bokas tidigast två veckor i förväg.`,
  tooLate: `Det går inte att boka mer än ${BOOKING_LIMITS.horizonDays} dagar i förväg.`,
  sunday: "Det går inte att boka på söndagar.",
  /** rules D22, with the day's name when it is known ('Vi har stängt på julafton.'). */
  holiday: (name: string | null) =>
    name ? `Vi har stängt på ${name}. Välj ett annat datum.` : "Vi har stängt på helgdagar och på midsommar-, jul- och nyårsafton. Välj ett annat datum.",
  weekday: (serviceType: ServiceType) => `${SERVICE_TYPE_LABELS[serviceType]} kan bara bokas ${WEEKDAY_RULES[serviceType]}.`,
  slotNotOffered: (timeSlot: string) => `Tiden ${timeSlot} går inte att boka det valda datumet.`,
  pastDate: "Du kan inte boka ett datum som redan har passerat.",
  pastTime: "Du kan inte boka en tid som redan har passerat.",
} as const;

/**
 * A slot label as people read it: '08:00–10:00' with an en dash (Swedish style for ranges). The
 * label itself ('08:00-10:00') stays the stored and sent value.
 */
export function timeSlotText(label: string): string {
  return label.replace(/^(\d{2}:\d{2})-(\d{2}:\d{2})$/, "$1–$2");
}

/**
 * A booking's time as staff read it (rules D24): its slot, or for a visit that holds more than
 * its slot (an installation takes the rest of the day) the whole range it holds and the window the
 * customer was given to expect the technician: '08:00–17:00 (ankomst 08:00–10:00)'. Customers
 * only ever see the window.
 */
export function staffTimeText(booking: { timeSlot: string; endTime?: string | null }): string {
  const window = timeSlotText(booking.timeSlot);
  const slot = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(booking.timeSlot);
  const end = booking.endTime?.slice(0, 5);
  if (!slot || !end || end === slot[2]) return window;
  return `${slot[1]}–${end} (ankomst ${window})`;
}

/** The Swedish message for a DateRejection, e.g. for a 400 answer from the server; `date` names a holiday. */
export function dateRejectionMessage(reason: DateRejection, serviceType: ServiceType, date?: string): string {
  switch (reason) {
    case "holiday":
      return ruleText.holiday(date ? closedDayName(date) : null);
    case "too-soon":
      return ruleText.tooSoon(serviceType);
    case "too-late":
      return ruleText.tooLate;
    case "sunday":
      return ruleText.sunday;
    case "weekday":
      return ruleText.weekday(serviceType);
    default:
      return ruleText.invalidDate;
  }
}
