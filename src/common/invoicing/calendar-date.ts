// Plain calendar dates for the invoicing rules, by arithmetic only: no Date, no time zone, so a
// personnummer's birth date or a payment date means the same on every machine.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Gregorian leap years: every fourth year, except centuries not divisible by 400 (1900 no, 2000 yes). */
export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** The days in a month 1-12 of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when year-month-day names a real day (month 1-12, day within the month). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** True for a real calendar date written exactly 'YYYY-MM-DD' (2026-02-29 is false). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}
