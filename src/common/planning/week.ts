import { getISOWeek, getISOWeekYear, startOfISOWeek } from "date-fns";
import { addDays, type IsoDate } from "../booking-rules";

// Swedish weeks (rules §9 technician planning): they start on Monday and are numbered as ISO 8601
// says (week 1 holds the year's first Thursday), as Swedish calendars do.

const noonOf = (date: IsoDate) => new Date(`${date}T12:00:00Z`);
const isoOf = (date: Date): IsoDate => date.toISOString().slice(0, 10) as IsoDate;

/** The Monday of the week `date` is in. */
export function weekStart(date: IsoDate): IsoDate {
  const monday = startOfISOWeek(noonOf(date));
  return isoOf(new Date(Date.UTC(monday.getFullYear(), monday.getMonth(), monday.getDate(), 12)));
}

/** The Swedish week number and the year it belongs to (29 December 2025 is in week 1 of 2026). */
export function swedishWeek(date: IsoDate): { week: number; year: number } {
  const at = noonOf(date);
  return { week: getISOWeek(at), year: getISOWeekYear(at) };
}

/** Monday to Sunday of the week that begins on `monday`. */
export function weekDays(monday: IsoDate): IsoDate[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}
