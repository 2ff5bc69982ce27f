// Pure calendar arithmetic for the one-month date picker of step 2 (rules §2 'Välj datum').
// Months are written 'YYYY-MM'; days are plain dates 'YYYY-MM-DD' (see @/common/booking-rules).
import { addDays, weekdayOf, type IsoDate } from "@/common/booking-rules";

/** A calendar month written 'YYYY-MM'. */
export type YearMonth = string;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The month a date lies in: '2026-12-07' → '2026-12'. */
export function monthOf(date: IsoDate): YearMonth {
  return date.slice(0, 7);
}

/** `month` plus `count` months (negative goes back): addMonths('2026-12', 1) → '2027-01'. */
export function addMonths(month: YearMonth, count: number): YearMonth {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + count;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** Number of days in a month (leap years included). */
export function daysInMonth(month: YearMonth): number {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The first and last date of a month. */
export function monthBounds(month: YearMonth): { first: IsoDate; last: IsoDate } {
  return { first: `${month}-01`, last: `${month}-${pad(daysInMonth(month))}` };
}

/**
 * The weeks of a month as rows of seven cells, Monday first (Swedish calendars start on Monday).
 * Cells before the 1st and after the last day are null.
 */
export function monthGrid(month: YearMonth): (IsoDate | null)[][] {
  const { first } = monthBounds(month);
  const count = daysInMonth(month);
  // weekdayOf: 0 Sunday … 6 Saturday → 0 Monday … 6 Sunday.
  const lead = (weekdayOf(first) + 6) % 7;
  const cells: (IsoDate | null)[] = Array.from({ length: lead }, () => null);
  for (let i = 0; i < count; i++) cells.push(addDays(first, i));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (IsoDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Keys that move the focus between days in the grid, and by how many days. */
export const DAY_KEYS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The nearest enabled date from `from` in steps of `step` days, not before `min` and not after `max`;
 * null when there is none. For arrow-key navigation that skips days that cannot be picked.
 */
export function nextEnabledDate(from: IsoDate, step: number, isEnabled: (date: IsoDate) => boolean, min: IsoDate, max: IsoDate): IsoDate | null {
  if (step === 0) return null;
  for (let date = addDays(from, step); date >= min && date <= max; date = addDays(date, step)) {
    if (isEnabled(date)) return date;
  }
  return null;
}
