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
const dayMonthYear = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const monthName = new Intl.DateTimeFormat(LOCALE, { month: "long", timeZone: "UTC" });
const andList = new Intl.ListFormat(LOCALE, { type: "conjunction" });
// rules D1: an instant people are told about (an agreement accepted) is on Stockholm's clock.
const stockholmDay = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Stockholm" });
const stockholmTime = new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Stockholm" });

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

/** '7 december 2026' (no weekday); the input itself when it is not a valid date. */
export function formatDayMonthYear(date: IsoDate): string {
  return isIsoDate(date) ? dayMonthYear.format(utcDate(date)) : date;
}

/** 'maj' for 5: the Swedish name of a month (1–12). */
export function monthNameOf(month: number): string {
  return monthName.format(new Date(Date.UTC(2024, month - 1, 1)));
}

/** 'maj och november' for [5, 11]: months (1–12) named in running text, in the order given. */
export function formatMonthList(months: readonly number[]): string {
  return andList.format(months.map(monthNameOf));
}

/**
 * An instant in running text, on Stockholm's clock: '26 november 2026 kl. 14.05' (a period between
 * hours and minutes, as Swedish prose writes a time). The input itself when it is not a time.
 */
export function formatLongDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${stockholmDay.format(d)} kl. ${stockholmTime.format(d).replace(":", ".")}`;
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
