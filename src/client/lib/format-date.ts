// Swedish date formatting for plain booking dates ('YYYY-MM-DD') with the browser's own
// Intl.DateTimeFormat('sv-SE'): the same text as date-fns' `sv` locale ('måndag 7 december 2026')
// without shipping a formatter and a locale to the booking page (its JavaScript budget is tight).
// A plain date has no time zone, so it is formatted as a UTC midnight in UTC: no shift can occur.
import { isIsoDate, type IsoDate } from "@/common/booking-rules";

const LOCALE = "sv-SE";
const longDate = new Intl.DateTimeFormat(LOCALE, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat(LOCALE, { month: "long", year: "numeric", timeZone: "UTC" });
const weekdayShort = new Intl.DateTimeFormat(LOCALE, { weekday: "short", timeZone: "UTC" });
const weekdayLong = new Intl.DateTimeFormat(LOCALE, { weekday: "long", timeZone: "UTC" });
const timestamp = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });

function utcDate(date: IsoDate): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** 'måndag 7 december 2026'; the input itself when it is not a valid date. */
export function formatLongDate(date: IsoDate): string {
  return isIsoDate(date) ? longDate.format(utcDate(date)) : date;
}

/** 'december 2026' for any date in that month. */
export function formatMonthYear(date: IsoDate): string {
  return monthYear.format(utcDate(date));
}

/** Short and long Swedish weekday names, Monday first: [{ short: 'mån', long: 'måndag' }, …]. */
export function weekdayNames(): { short: string; long: string }[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const day = utcDate(`2024-01-0${i + 1}`);
    return { short: weekdayShort.format(day), long: weekdayLong.format(day) };
  });
}

/** A saved-at instant in the visitor's time zone: '22 november 2026 kl. 14:05'. */
export function formatTimestamp(instant: Date): string {
  return timestamp.format(instant);
}
