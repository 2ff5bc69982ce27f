import { plural } from "@/common/format";
// Swedish texts of /admin/statistics (rules §2, §9; issue 13).
export const statisticsPageText = {
  title: "Statistik",
  intro: "Bokningar, genomförandegrad, intäkter och påminnelser för vald period.",
  back: "Tillbaka till planering",
  period: "Period",
  range: (from: string, to: string) => `${from} – ${to}`,
  loadFailed: "Kunde inte hämta statistiken.",
  retry: "Försök igen",
  cards: {
    total: "Bokningar",
    completionRate: "Genomförda",
    completionHint: (completed: number, total: number) => `${completed} av ${total}`,
    visitsPerCustomer: "Besök per kund",
    visitsHint: (customers: number) => plural(customers, "kund", "kunder"),
    revenue: "Intäkter",
    revenueHint: "Från servicehistoriken",
    reminders: "Påminnelser skickade",
    remindersHint: (booked: number) => `${booked} ledde till bokning`,
    agreements: "Serviceavtal",
    agreementsHint: (added: number, ended: number) => `${added} nya, ${ended} upphör i perioden`,
    agreementsValue: "Avtalens årsvärde",
    agreementsValueHint: "Årspris för avtal som gäller",
  },
  charts: {
    byStatus: "Bokningar per status",
    byServiceType: "Bokningar per tjänst",
    byWeekday: "Mest bokade veckodagar",
    busiestTimeSlots: "Mest bokade tider",
  },
  table: "Visa som tabell",
  column: { label: "", count: "Antal" },
  none: "Inga bokningar i perioden.",
  /** rules D25: each bookable technician's booked hours against the hours they could be booked. */
  utilisation: {
    heading: "Beläggning per tekniker",
    intro: "Timmar med aktiva besök av de timmar teknikern kunde bokas (arbetstid utom frånvaro) under perioden.",
    column: { name: "Tekniker", hours: "Bokade timmar", percent: "Beläggning" },
    hours: (booked: number, available: number) => `${hoursText(booked)} av ${hoursText(available)} timmar`,
    percent: (percent: number) => `${percent.toLocaleString("sv-SE")} %`,
    /** No hours to book in the period (percent null): a dash to the eye, words to a screen reader. */
    noPercent: "–",
    noPercentLabel: "Ingen, inga bokningsbara timmar",
    empty: "Inga bokningsbara tekniker under perioden.",
  },
} as const;

function hoursText(hours: number) {
  return hours.toLocaleString("sv-SE", { maximumFractionDigits: 1 });
}
