// Service agreements (issue 26): the agreement year, its status and its visit months. Pure: no I/O
// and no clock (`today` is a parameter, a Stockholm date). Shared by the server (which decides) and
// the screens (which show the same answer).
import { addDays, isIsoDate, type IsoDate } from "@/common/booking-rules/calendar";
import { addMonths } from "@/common/refrigerant";

/** Status of an agreement as people see it. */
export const AGREEMENT_STATUSES = ["pending", "active", "paused", "ended"] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** Visits a year an agreement may include: 1, 2, 3 or 4, spread evenly over the year from the visit month. */
export const MAX_VISITS_PER_YEAR = 4;

/**
 * Not law, a product choice: a visit is proposed this many days before its month begins, so the
 * customer has time to move it, and the technicians see it in their coming weeks.
 */
export const PROPOSAL_LEAD_DAYS = 30;

/** What the status of an agreement is decided from. */
export type AgreementState = {
  startDate: IsoDate;
  acceptedAt: string | Date | null;
  pausedAt: string | Date | null;
  /** The last day the agreement runs (both included); null: it runs until ended. */
  endsOn: IsoDate | null;
};

/**
 * pending until the customer accepts; ended from the day after `endsOn`; otherwise paused while
 * paused, else active. An agreement that has not reached its start date yet is active (it is agreed).
 */
export function agreementStatus(agreement: AgreementState, today: IsoDate): AgreementStatus {
  if (agreement.endsOn !== null && today > agreement.endsOn) return "ended";
  if (agreement.acceptedAt === null) return "pending";
  if (agreement.pausedAt !== null) return "paused";
  return "active";
}

/** `date` plus whole years; 29 February becomes 28 February in a common year. */
export function addYears(date: IsoDate, years: number): IsoDate {
  return addMonths(date, years * 12);
}

/** The first day of the agreement year that contains `day` (the start date's anniversaries); the start date before it begins. */
export function agreementYearStart(startDate: IsoDate, day: IsoDate): IsoDate {
  if (!isIsoDate(startDate) || !isIsoDate(day)) throw new RangeError(`Invalid date '${startDate}' or '${day}'`);
  if (day <= startDate) return startDate;
  let years = Number(day.slice(0, 4)) - Number(startDate.slice(0, 4));
  // Counted from the start each time, so a 29 February start keeps its day in leap years.
  while (years > 0 && addYears(startDate, years) > day) years -= 1;
  return addYears(startDate, years);
}

/** The last day of the agreement year beginning `yearStart` of an agreement that began `startDate`. */
export function agreementYearEnd(startDate: IsoDate, yearStart: IsoDate): IsoDate {
  const index = agreementYearIndex(startDate, yearStart);
  return addDays(addYears(startDate, index + 1), -1);
}

/** 0 for the first agreement year, 1 for the second, …: which anniversary `yearStart` is. */
export function agreementYearIndex(startDate: IsoDate, yearStart: IsoDate): number {
  return Number(agreementYearStart(startDate, yearStart).slice(0, 4)) - Number(startDate.slice(0, 4));
}

/** The months in Swedish as written in a sentence ("i april"); index 0 is January. */
export const MONTH_NAMES = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"] as const;

/** A 'YYYY-MM' month as people read it: "april 2027". */
export function monthText(month: YearMonth): string {
  return `${monthName(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;
}

/** A 'YYYY-MM-DD' date as people read it in a sentence: "15 januari 2027". */
export function dateText(date: IsoDate): string {
  return `${Number(date.slice(8, 10))} ${monthName(Number(date.slice(5, 7)))} ${date.slice(0, 4)}`;
}

/** A month 1–12 by its Swedish name. */
export function monthName(month: number): string {
  const name = MONTH_NAMES[month - 1];
  if (!Number.isInteger(month) || name === undefined) throw new RangeError(`Invalid month ${month}`);
  return name;
}

/** A calendar month, 'YYYY-MM'. */
export type YearMonth = string;

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The months of the year (1–12) the visits fall in: the visit month, then every 12 / visits months. */
export function visitMonths(visitMonth: number, visitsPerYear: number): number[] {
  if (!Number.isInteger(visitMonth) || visitMonth < 1 || visitMonth > 12) throw new RangeError(`Invalid visit month ${visitMonth}`);
  if (!Number.isInteger(visitsPerYear) || visitsPerYear < 1 || visitsPerYear > MAX_VISITS_PER_YEAR) {
    throw new RangeError(`Invalid number of visits ${visitsPerYear}`);
  }
  const step = Math.floor(12 / visitsPerYear);
  return Array.from({ length: visitsPerYear }, (_, i) => ((visitMonth - 1 + i * step) % 12) + 1).sort((a, b) => a - b);
}

/** The first and last day of a 'YYYY-MM' month. */
export function monthRange(month: YearMonth): { first: IsoDate; last: IsoDate } {
  const first = `${month}-01`;
  if (!isIsoDate(first)) throw new RangeError(`Invalid month '${month}'`);
  return { first, last: addDays(addMonths(first, 1), -1) };
}

/** What the visit schedule of an agreement is decided from. */
export type VisitSchedule = { startDate: IsoDate; endsOn: IsoDate | null; visitMonth: number; visitsPerYear: number };

/**
 * The visit months of the agreement from the month of `from` on, in order, up to `count` of them:
 * each a month in which the agreement runs on at least its first day… its last day (a visit month
 * cut by the start or end date is still the agreement's when one of its days is inside).
 */
export function upcomingVisitMonths(schedule: VisitSchedule, from: IsoDate, count: number): YearMonth[] {
  const months = visitMonths(schedule.visitMonth, schedule.visitsPerYear);
  const begin = from < schedule.startDate ? schedule.startDate : from;
  const result: YearMonth[] = [];
  let year = Number(begin.slice(0, 4));
  const firstMonth = begin.slice(0, 7);
  // Four years ahead is more than any count asked for (at most one visit a quarter).
  for (let guard = 0; guard < 8 && result.length < count; guard += 1, year += 1) {
    for (const m of months) {
      const month = `${year}-${pad2(m)}`;
      if (month < firstMonth) continue;
      const { first } = monthRange(month);
      if (schedule.endsOn !== null && first > schedule.endsOn) return result;
      result.push(month);
      if (result.length === count) break;
    }
  }
  return result;
}

/** The next visit month of an agreement on `today` (this month counts until it ends), or null when none is left. */
export function nextVisitMonth(schedule: VisitSchedule, today: IsoDate): YearMonth | null {
  return upcomingVisitMonths(schedule, today, 1)[0] ?? null;
}

/** Whether the visit of `month` is due to be proposed on `today`: from PROPOSAL_LEAD_DAYS before the month until its last day. */
export function proposalDue(month: YearMonth, today: IsoDate): boolean {
  const { first, last } = monthRange(month);
  return today >= addDays(first, -PROPOSAL_LEAD_DAYS) && today <= last;
}

/** A repair discount applied to a labour line's net in öre, rounded to whole öre (half up). */
export function discountedOre(netOre: number, discountPercent: number): number {
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100) throw new RangeError(`Invalid discount ${discountPercent}`);
  return netOre - Math.round((netOre * discountPercent) / 100);
}
