// Calendar arithmetic on plain dates ('YYYY-MM-DD') and wall-clock times ('HH:MM').
// rules D1: booking dates and times are Europe/Stockholm wall-clock values. A plain date has
// no time zone, so date arithmetic is done on UTC midnights (no DST can shift it); only "today"
// and real instants need a time zone, and that zone is always passed in, never read from the machine.
import { TZDate } from "@date-fns/tz";

/** The time zone every booking date and time is expressed in (rules D1). */
export const BOOKING_TIME_ZONE = "Europe/Stockholm";

/** A calendar date written 'YYYY-MM-DD'. */
export type IsoDate = string;
/** A wall-clock time written 'HH:MM' (24 h). */
export type WallTime = string;

/** Day of week as `Date.prototype.getDay` numbers it: 0 Sunday … 6 Saturday. */
export const WEEKDAY = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 } as const;
export type Weekday = (typeof WEEKDAY)[keyof typeof WEEKDAY];

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** UTC midnight of a plain date in milliseconds, or NaN when `date` is not a real 'YYYY-MM-DD' date. */
function utcMidnight(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  // Rejects 2026-02-30, 2026-13-01 and the like, which Date.UTC would silently roll over.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return Number.NaN;
  return ms;
}

function requireDate(date: string): number {
  const ms = utcMidnight(date);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid date '${date}', expected YYYY-MM-DD`);
  return ms;
}

function formatUtc(ms: number): IsoDate {
  const d = new Date(ms);
  const y = String(d.getUTCFullYear()).padStart(4, "0");
  return `${y}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** True for a real calendar date written exactly 'YYYY-MM-DD' (2026-02-29 is false). */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === "string" && !Number.isNaN(utcMidnight(value));
}

/** True for a wall-clock time written exactly 'HH:MM', 00:00-23:59. */
export function isWallTime(value: unknown): value is WallTime {
  return typeof value === "string" && WALL_TIME.test(value);
}

/** Minutes since midnight of an 'HH:MM' time; throws RangeError when malformed. */
export function toMinutes(time: WallTime): number {
  const m = WALL_TIME.exec(time);
  if (!m) throw new RangeError(`Invalid time '${time}', expected HH:MM`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** `date` plus `days` calendar days (negative goes back). Throws RangeError on an invalid date. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return formatUtc(requireDate(date) + Math.trunc(days) * MS_PER_DAY);
}

/** Whole calendar days from `from` to `to` (`to - from`; negative when `to` is earlier). Throws on invalid dates. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((requireDate(to) - requireDate(from)) / MS_PER_DAY);
}

/** Day of week of a plain date, 0 Sunday … 6 Saturday. Throws RangeError on an invalid date. */
export function weekdayOf(date: IsoDate): Weekday {
  return new Date(requireDate(date)).getUTCDay() as Weekday;
}

/** Today's date in `timeZone` at the instant `now` (rules D1: "today" is today in Stockholm). */
export function todayIn(now: Date, timeZone: string = BOOKING_TIME_ZONE): IsoDate {
  const zoned = new TZDate(now.getTime(), timeZone);
  const y = String(zoned.getFullYear()).padStart(4, "0");
  return `${y}-${String(zoned.getMonth() + 1).padStart(2, "0")}-${String(zoned.getDate()).padStart(2, "0")}`;
}

/**
 * The instant at which the wall clock in `timeZone` shows `time` on `date`, e.g.
 * zonedInstant('2026-10-25', '10:00') is 09:00Z (winter time) and zonedInstant('2026-03-29', '10:00')
 * is 08:00Z (summer time). For storing instants and writing .ics files (rules D1).
 * A time skipped by the spring-forward change (02:00-03:00) maps one hour later; no slot lies there.
 */
export function zonedInstant(date: IsoDate, time: WallTime, timeZone: string = BOOKING_TIME_ZONE): Date {
  const ms = requireDate(date);
  const minutes = toMinutes(time);
  const d = new Date(ms);
  const zoned = new TZDate(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), Math.floor(minutes / 60), minutes % 60, timeZone);
  return new Date(zoned.getTime());
}
