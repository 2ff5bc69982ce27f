import { and, eq, gte, isNotNull, lte, ne, sql } from "drizzle-orm";
import {
  addDays,
  capacityOf,
  isBusyIn,
  rankTechnicians,
  weekdayOf,
  worksAt,
  type HeldRange,
  type TechnicianCalendar,
  type TimeRange,
} from "@/common/booking-rules";
import type { Weekday } from "@/common/booking-rules";
import { planningText } from "@/common/schemas/planning";
import type { Db } from "../../db/client";
import { lockUntilCommit } from "../../db/locks";
import { blockedTimeSlots, bookings, users } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { bookingServerText as text } from "./bookings.text";

/**
 * The day's lock (held until the transaction ends, on every instance): every write that puts a
 * visit in time on a date, gives one to a technician, or counts the day's visits (rules §9 day
 * limit) checks and writes one at a time. Taken after the booking's row lock and the customer's
 * e-mail lock, and only for one date per transaction, so two writes never wait for each other in a circle.
 */
export const lockBookingDay = (tx: Db, date: string) => lockUntilCommit(tx, `booking-day:${date}`);

const hhmm = (time: string) => time.slice(0, 5);

/** The bookable technicians' calendars (rules D25): technicians with the switch on. */
export async function bookableTechnicians(tx: Db): Promise<TechnicianCalendar[]> {
  const rows = await tx
    .select({ id: users.id, name: users.name, workDays: users.workDays, workStart: users.workStart, workEnd: users.workEnd })
    .from(users)
    .where(and(eq(users.role, "technician"), eq(users.bookable, true)));
  return rows.map(toCalendar);
}

export function toCalendar(row: { id: number; name: string; workDays: number[] | null; workStart: string | null; workEnd: string | null }): TechnicianCalendar {
  return {
    id: row.id,
    name: row.name,
    workDays: row.workDays ? (row.workDays as Weekday[]) : null,
    workStart: row.workStart ? hhmm(row.workStart) : null,
    workEnd: row.workEnd ? hhmm(row.workEnd) : null,
  };
}

/** What holds time on a date besides `exceptId`: active visits (with their technician) and technicians' absences. */
export async function heldOn(tx: Db, date: string, exceptId: number | null): Promise<HeldRange[]> {
  const visits = await tx
    .select({ start: bookings.startTime, end: bookings.endTime, technicianId: bookings.assignedTechnicianId })
    .from(bookings)
    .where(and(eq(bookings.date, date), ne(bookings.status, "cancelled"), exceptId === null ? undefined : ne(bookings.id, exceptId)));
  const absences = await tx
    .select({ start: blockedTimeSlots.startTime, end: blockedTimeSlots.endTime, technicianId: blockedTimeSlots.technicianId })
    .from(blockedTimeSlots)
    .where(and(eq(blockedTimeSlots.date, date), isNotNull(blockedTimeSlots.technicianId)));
  return [
    ...visits.map((v) => ({ start: hhmm(v.start), end: hhmm(v.end), technicianId: v.technicianId })),
    ...absences.map((a) => ({ start: hhmm(a.start), end: hhmm(a.end), technicianId: a.technicianId, absence: true })),
  ];
}

/** Active visits per technician in the date's week (Monday to Sunday) and on the date: the fairness counts of rules D25. */
export async function visitCounts(tx: Db, date: string) {
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  const rows = await tx
    .select({ technicianId: bookings.assignedTechnicianId, date: bookings.date, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(gte(bookings.date, monday), lte(bookings.date, addDays(monday, 6)), ne(bookings.status, "cancelled"), isNotNull(bookings.assignedTechnicianId)))
    .groupBy(bookings.assignedTechnicianId, bookings.date);
  const week = new Map<number, number>();
  const day = new Map<number, number>();
  for (const row of rows) {
    const id = row.technicianId!;
    week.set(id, (week.get(id) ?? 0) + row.n);
    if (row.date === date) day.set(id, (day.get(id) ?? 0) + row.n);
  }
  return { week, day };
}

export type Placement = {
  date: string;
  /** The range the visit holds (rules D24: an installation the rest of its day). */
  range: TimeRange;
  /** The slot it starts in: a technician must work during it. */
  window: TimeRange;
  /** The visit being moved or brought back, left out of what holds the time. */
  visitId?: number | null;
  /** A technician chosen by staff: that one or a refusal. */
  chosen?: number | null;
  /** The technician the visit has: kept when still free, otherwise another free one is given. */
  current?: number | null;
  /** What a time without room answers (each path's own wording); default: the public booking's. */
  takenMessage?: string;
};

/**
 * Under the day's lock: the technician a visit at `placement` goes to (rules D25), or null with no
 * bookable technician (capacity one: the company is one calendar). Refuses with 409 when the time
 * has no room ('the time is taken') or the chosen technician is busy then. The per-technician
 * exclusion constraint (migration 0025) backs it: two overlapping active visits of one technician
 * cannot both be stored whatever path writes them.
 */
export async function placeVisit(tx: Db, placement: Placement): Promise<number | null> {
  await lockBookingDay(tx, placement.date);
  const technicians = await bookableTechnicians(tx);
  const held = await heldOn(tx, placement.date, placement.visitId ?? null);
  const { free, room } = capacityOf(placement.date, placement.range, placement.window, technicians, held);
  const isFree = (id: number) => free.some((t) => t.id === id);
  const isBookable = (id: number) => technicians.some((t) => t.id === id);
  // A technician who is not bookable holds only their own calendar: free when nothing of theirs overlaps.
  const ownTimeFree = (id: number) => !isBusyIn(held, id, placement.range);
  const hasVisitThen = (id: number) =>
    isBusyIn(
      held.filter((h) => !h.absence),
      id,
      placement.range,
    );
  const taken = () => {
    // Without a wording of its own, a visit that stays with its technician says who is busy.
    if (!placement.takenMessage && placement.current != null && hasVisitThen(placement.current)) return conflict(planningText.technicianBusy);
    return conflict(placement.takenMessage ?? text.slotTaken);
  };

  if (placement.chosen != null) {
    const chosen = placement.chosen;
    if (hasVisitThen(chosen)) throw conflict(planningText.technicianBusy);
    if (!ownTimeFree(chosen) || (isBookable(chosen) && !isFree(chosen))) throw conflict(planningText.technicianAway);
    if ((isBookable(chosen) || technicians.length === 0) && room === 0) throw taken();
    return chosen;
  }
  if (placement.current != null && !isBookable(placement.current) && ownTimeFree(placement.current) && (technicians.length > 0 || room > 0)) {
    return placement.current;
  }
  if (room === 0) throw taken();
  if (technicians.length === 0) return placement.current ?? null;
  if (placement.current != null && isFree(placement.current)) return placement.current;
  return rankTechnicians(free, await visitCounts(tx, placement.date))[0].id;
}

/**
 * Under the day's lock: refuses (409) to give a visit that already holds its time to `technicianId`
 * when they have another visit then, or, bookable, are away or off work then (rules D25). Moving a
 * visit between technicians changes nobody's room, so only the receiver is judged.
 */
export async function assertCanTake(tx: Db, technicianId: number, placement: Omit<Placement, "chosen" | "current">): Promise<void> {
  await lockBookingDay(tx, placement.date);
  const held = await heldOn(tx, placement.date, placement.visitId ?? null);
  if (
    isBusyIn(
      held.filter((h) => !h.absence),
      technicianId,
      placement.range,
    )
  )
    throw conflict(planningText.technicianBusy);
  const technician = (await bookableTechnicians(tx)).find((t) => t.id === technicianId);
  if (technician && (isBusyIn(held, technicianId, placement.range) || !worksAt(technician, placement.date, placement.window))) {
    throw conflict(planningText.technicianAway);
  }
}

/**
 * True when the technician has an active visit (or, unless `visitsOnly`, an absence) overlapping the
 * range on the date, besides `exceptId`. Callers hold the day's lock.
 */
export async function technicianBusyAt(
  tx: Db,
  technicianId: number,
  date: string,
  range: TimeRange,
  exceptId: number | null,
  { visitsOnly = false } = {},
): Promise<boolean> {
  const held = (await heldOn(tx, date, exceptId)).filter((h) => !visitsOnly || !h.absence);
  return isBusyIn(held, technicianId, range);
}

/** What the technicians' load over dates is made of: every technician's calendar, their absences and active visits. */
export type TechnicianLoad = {
  technicians: (TechnicianCalendar & { bookable: boolean })[];
  absences: { technicianId: number; date: string; start: string; end: string }[];
  /** Active visits: their technician (null: nobody yet), date and the minutes they hold. */
  visits: { technicianId: number | null; date: string; minutes: number }[];
};

/** The load of every technician between two dates inclusive (statistics' utilisation, the overview's busy days). */
export async function technicianLoad(db: Db, from: string, to: string): Promise<TechnicianLoad> {
  const [technicians, absences, visits] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, workDays: users.workDays, workStart: users.workStart, workEnd: users.workEnd, bookable: users.bookable })
      .from(users)
      .where(eq(users.role, "technician")),
    db
      .select({
        technicianId: sql<number>`${blockedTimeSlots.technicianId}`,
        date: blockedTimeSlots.date,
        start: blockedTimeSlots.startTime,
        end: blockedTimeSlots.endTime,
      })
      .from(blockedTimeSlots)
      .where(and(isNotNull(blockedTimeSlots.technicianId), gte(blockedTimeSlots.date, from), lte(blockedTimeSlots.date, to))),
    db
      .select({
        technicianId: bookings.assignedTechnicianId,
        date: bookings.date,
        minutes: sql<number>`(extract(epoch from (${bookings.endTime} - ${bookings.startTime})) / 60)::int`,
      })
      .from(bookings)
      .where(and(gte(bookings.date, from), lte(bookings.date, to), ne(bookings.status, "cancelled"))),
  ]);
  return {
    technicians: technicians.map((t) => ({ ...toCalendar(t), bookable: t.bookable })),
    absences: absences.map((a) => ({ ...a, start: hhmm(a.start), end: hhmm(a.end) })),
    visits: visits.map((v) => ({ ...v, minutes: Number(v.minutes) })),
  };
}
