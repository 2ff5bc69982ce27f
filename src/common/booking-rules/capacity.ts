// rules D25: capacity per technician. The one place that decides whether a time has room and which
// technician a new visit goes to; the availability answers (the wizard's days and ranges, the
// admin's slots) and every write that puts a visit in time (public and staff bookings, moves,
// reactivations, reassignments) ask here, the writes under the day's lock (see the server's
// booking writes), so what a customer was shown and what the database accepts are the same rule.
import { addDays, toMinutes, weekdayOf, type IsoDate, type Weekday, type WallTime } from "./calendar";
import { isClosedDay } from "./holidays";
import { slotsOverlap, type TimeRange } from "./slots";

/** A technician's calendar: bookable, on which days and between which hours (null: whenever the company books). */
export type TechnicianCalendar = {
  id: number;
  name: string;
  /** Working days, 0 Sunday … 6 Saturday as WEEKDAY; null: every day the company books. */
  workDays: readonly Weekday[] | null;
  /** Working hours; null: the hours the company's slots offer (rules §5), so nothing is lost by default. */
  workStart: WallTime | null;
  workEnd: WallTime | null;
};

/** An active visit or an absence of one date: `technicianId` null for a visit nobody has yet. */
export type HeldRange = TimeRange & { technicianId: number | null; absence?: boolean };

/** What a range of one date meets: the technicians free for all of it, and how many of them are left for a new visit. */
export type Capacity = {
  /** Technicians free for the whole range, in the order a new visit is given to them (see rankTechnicians). */
  free: TechnicianCalendar[];
  /** How many visits more the range takes: free technicians less the unassigned visits that hold it. */
  room: number;
};

/** True when the technician works on `date` for the whole of `window` (the slot a customer picks). */
export function worksAt(technician: TechnicianCalendar, date: IsoDate, window: TimeRange): boolean {
  if (technician.workDays && !technician.workDays.includes(weekdayOf(date))) return false;
  if (technician.workStart && toMinutes(window.start) < toMinutes(technician.workStart)) return false;
  if (technician.workEnd && toMinutes(window.end) > toMinutes(technician.workEnd)) return false;
  return true;
}

/**
 * The room a date's `range` has (rules D25). `window` is the slot the visit starts in (for an
 * installation shorter than the range it holds, rules D24): a technician must work during the
 * window and have no visit or absence anywhere in the range. With no bookable technician the
 * company is one calendar (capacity one, rules D5): room when nothing active overlaps the range.
 * With bookable technicians, each unassigned active visit overlapping the range takes one of the
 * free technicians (it must go to somebody), so the count never promises what cannot be kept.
 * Visits of technicians who are not bookable hold only their own technician. A visit being moved
 * is left out of `held` by the caller.
 */
export function capacityOf(
  date: IsoDate,
  range: TimeRange,
  window: TimeRange,
  technicians: readonly TechnicianCalendar[],
  held: readonly HeldRange[],
): Capacity {
  const overlapping = held.filter((h) => slotsOverlap(h, range));
  // Absences belong to technicians who are not the company's capacity then: only visits count.
  if (technicians.length === 0) return { free: [], room: overlapping.some((h) => !h.absence) ? 0 : 1 };
  const busy = new Set(overlapping.map((h) => h.technicianId));
  const free = technicians.filter((t) => !busy.has(t.id) && worksAt(t, date, window));
  const unassigned = overlapping.filter((h) => h.technicianId === null).length;
  return { free, room: Math.max(0, free.length - unassigned) };
}

/**
 * The order new visits are given out in (rules D25): fewest visits that week, then fewest that
 * day, then by name (Swedish order), then id, so work spreads evenly and the same data always gives
 * the same technician.
 */
export function rankTechnicians(
  technicians: readonly TechnicianCalendar[],
  visits: { week: ReadonlyMap<number, number>; day: ReadonlyMap<number, number> },
): TechnicianCalendar[] {
  const count = (map: ReadonlyMap<number, number>, id: number) => map.get(id) ?? 0;
  return [...technicians].sort(
    (a, b) =>
      count(visits.week, a.id) - count(visits.week, b.id) ||
      count(visits.day, a.id) - count(visits.day, b.id) ||
      a.name.localeCompare(b.name, "sv") ||
      a.id - b.id,
  );
}

/** True when the technician has a visit or an absence overlapping `range` in `held`. */
export const isBusyIn = (held: readonly HeldRange[], technicianId: number, range: TimeRange) =>
  held.some((h) => h.technicianId === technicianId && slotsOverlap(h, range));

/** Whole minutes of a list of ranges, overlaps counted once, clipped to `within`. */
function coveredMinutes(ranges: readonly TimeRange[], within: TimeRange): number {
  const [from, to] = [toMinutes(within.start), toMinutes(within.end)];
  const clipped = ranges
    .map((r) => [Math.max(from, toMinutes(r.start)), Math.min(to, toMinutes(r.end))] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = from;
  for (const [start, end] of clipped) {
    if (end <= reached) continue;
    total += end - Math.max(start, reached);
    reached = end;
  }
  return total;
}

/**
 * The minutes a technician can be booked on a date (rules D25; statistics' utilisation and the
 * overview's busy days): their working hours, or the company's working day (the settings') when
 * they have none, less their absences; nothing on a day they do not work or the company never books
 * (Sundays and the closed days of rules D22).
 */
export function availableMinutes(technician: TechnicianCalendar, date: IsoDate, companyDay: TimeRange, absences: readonly TimeRange[]): number {
  if (isClosedDay(date) || weekdayOf(date) === 0) return 0;
  if (technician.workDays && !technician.workDays.includes(weekdayOf(date))) return 0;
  const day = { start: technician.workStart ?? companyDay.start, end: technician.workEnd ?? companyDay.end };
  const length = toMinutes(day.end) - toMinutes(day.start);
  return length <= 0 ? 0 : length - coveredMinutes(absences, day);
}

/** Booked of available time in whole per cent; null when nothing was available. */
export function utilisationPercent(bookedMinutes: number, available: number): number | null {
  return available > 0 ? Math.round((bookedMinutes / available) * 100) : null;
}

/** A day is nearly full for the overview from this share of its technicians' time booked. */
export const BUSY_DAY_PERCENT = 80;

/** What the load figures are computed from (see the server's technicianLoad). */
export type LoadInput = {
  technicians: readonly (TechnicianCalendar & { bookable: boolean })[];
  absences: readonly { technicianId: number; date: IsoDate; start: WallTime; end: WallTime }[];
  visits: readonly { technicianId: number | null; date: IsoDate; minutes: number }[];
};

const datesOf = (from: IsoDate, to: IsoDate): IsoDate[] => {
  const dates: IsoDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
};

const absencesOf = (load: LoadInput, technicianId: number, date: IsoDate) => load.absences.filter((a) => a.technicianId === technicianId && a.date === date);

/**
 * Utilisation per technician over a period (statistics, rules D25): minutes of their active visits
 * against their available minutes, for every bookable technician and every other one with visits.
 */
export function technicianUtilisation(load: LoadInput, from: IsoDate, to: IsoDate, companyDay: TimeRange) {
  const dates = datesOf(from, to);
  return load.technicians
    .map((t) => {
      const booked = load.visits.filter((v) => v.technicianId === t.id).reduce((sum, v) => sum + v.minutes, 0);
      const available = t.bookable ? dates.reduce((sum, date) => sum + availableMinutes(t, date, companyDay, absencesOf(load, t.id, date)), 0) : 0;
      return { technicianId: t.id, name: t.name, bookedMinutes: booked, availableMinutes: available, percent: utilisationPercent(booked, available) };
    })
    .filter((row) => load.technicians.find((t) => t.id === row.technicianId)!.bookable || row.bookedMinutes > 0)
    .sort((a, b) => a.name.localeCompare(b.name, "sv") || a.technicianId - b.technicianId);
}

/**
 * The days whose bookable time is nearly used (the overview, rules D25): visits' minutes (each
 * bookable technician's and the unassigned ones) of the day against the bookable technicians'
 * available minutes, or the company's working day when nobody is bookable (capacity one).
 */
export function busyDays(load: LoadInput, from: IsoDate, to: IsoDate, companyDay: TimeRange, threshold = BUSY_DAY_PERCENT) {
  const bookable = load.technicians.filter((t) => t.bookable);
  const company: TechnicianCalendar = { id: 0, name: "", workDays: null, workStart: null, workEnd: null };
  return datesOf(from, to)
    .map((date) => {
      const available =
        bookable.length === 0
          ? availableMinutes(company, date, companyDay, [])
          : bookable.reduce((sum, t) => sum + availableMinutes(t, date, companyDay, absencesOf(load, t.id, date)), 0);
      const counts = (technicianId: number | null) => bookable.length === 0 || technicianId === null || bookable.some((t) => t.id === technicianId);
      const booked = load.visits.filter((v) => v.date === date && counts(v.technicianId)).reduce((sum, v) => sum + v.minutes, 0);
      return { date, bookedMinutes: booked, availableMinutes: available, percent: utilisationPercent(booked, available) };
    })
    .filter((day) => day.percent !== null && day.percent >= threshold);
}
