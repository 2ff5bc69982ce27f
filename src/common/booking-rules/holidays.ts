// rules D22: no service type is bookable on a Swedish public holiday (allmän helgdag) nor on
// midsommarafton, julafton or nyårsafton. The days come from the Swedish rules of the maintained
// `date-holidays` package, turned into a small table at development time
// (scripts/generate-holidays.mjs; the package itself is far too large for the browser). The browser
// and the server read the same table, so they always agree.
import { isIsoDate, type IsoDate } from "./calendar";
import { CLOSED_DAY_NAMES, CLOSED_DAYS_BY_YEAR, CLOSED_DAYS_FIRST_YEAR, CLOSED_DAYS_LAST_YEAR } from "./holidays.generated";

/** A day the company is closed, e.g. { date: '2026-12-24', name: 'julafton' }. */
export type ClosedDay = { date: IsoDate; name: string };

const byYear = new Map<number, Map<string, string>>();

/** 'MMDD' → name for one year, decoded from the table once; empty outside the table's years. */
function yearTable(year: number): Map<string, string> {
  let table = byYear.get(year);
  if (!table) {
    table = new Map();
    const row = year >= CLOSED_DAYS_FIRST_YEAR && year <= CLOSED_DAYS_LAST_YEAR ? CLOSED_DAYS_BY_YEAR[year - CLOSED_DAYS_FIRST_YEAR] : "";
    for (let i = 0; i + 5 <= row.length; i += 5) table.set(row.slice(i, i + 4), CLOSED_DAY_NAMES[row.charCodeAt(i + 4) - 97]);
    byYear.set(year, table);
  }
  return table;
}

/**
 * The Swedish name of the holiday or eve that closes `date` ('juldagen', 'midsommarafton'), or null
 * on an ordinary day and for an invalid date. The table covers 2000-2099, the years the API accepts.
 */
export function closedDayName(date: IsoDate): string | null {
  if (!isIsoDate(date)) return null;
  return yearTable(Number(date.slice(0, 4))).get(date.slice(5, 7) + date.slice(8, 10)) ?? null;
}

/** True when `date` is a public holiday or midsommar-, jul- or nyårsafton (rules D22). */
export function isClosedDay(date: IsoDate): boolean {
  return closedDayName(date) !== null;
}

/** Every closed day of `year`, in date order (empty outside 2000-2099). */
export function closedDaysOfYear(year: number): ClosedDay[] {
  return [...yearTable(year)].map(([mmdd, name]) => ({ date: `${year}-${mmdd.slice(0, 2)}-${mmdd.slice(2)}`, name }));
}
