import { and, asc, eq, gte, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blockedTimeSlots, bookings, users } from "../../db/schema";
import { lockBookingDay } from "../bookings/booking-capacity.repository";

export type CalendarRow = {
  id: number;
  name: string;
  username: string;
  bookable: boolean;
  workDays: number[] | null;
  workStart: string | null;
  workEnd: string | null;
};
export type AbsenceRow = { id: number; technicianId: number; date: string; startTime: string; endTime: string; reason: string };

const calendarColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  bookable: users.bookable,
  workDays: users.workDays,
  workStart: users.workStart,
  workEnd: users.workEnd,
};
const absenceColumns = {
  id: blockedTimeSlots.id,
  technicianId: sql<number>`${blockedTimeSlots.technicianId}`,
  date: blockedTimeSlots.date,
  startTime: blockedTimeSlots.startTime,
  endTime: blockedTimeSlots.endTime,
  reason: blockedTimeSlots.reason,
};

/** A visit of the technician that an absence would overlap. */
export type VisitInTheWay = { date: string; timeSlot: string };

/** The technicians' calendars (rules D25): users with the technician role, their switch, hours and absences. */
export function createTechnicianCalendarsRepository(db: Db) {
  return {
    async technicians(): Promise<CalendarRow[]> {
      return db.select(calendarColumns).from(users).where(eq(users.role, "technician")).orderBy(asc(users.name), asc(users.id));
    },

    /** Absences from `from` on, of the given technicians (all when omitted), soonest first. */
    async absences(from: string, technicianIds?: number[]): Promise<AbsenceRow[]> {
      return db
        .select(absenceColumns)
        .from(blockedTimeSlots)
        .where(
          and(
            isNotNull(blockedTimeSlots.technicianId),
            gte(blockedTimeSlots.date, from),
            technicianIds ? inArray(blockedTimeSlots.technicianId, technicianIds) : undefined,
          ),
        )
        .orderBy(asc(blockedTimeSlots.date), asc(blockedTimeSlots.startTime), asc(blockedTimeSlots.id));
    },

    /** Sets a technician's calendar; undefined when `id` is no technician. */
    async updateCalendar(id: number, calendar: Pick<CalendarRow, "bookable" | "workDays" | "workStart" | "workEnd">): Promise<CalendarRow | undefined> {
      const [row] = await db
        .update(users)
        .set(calendar)
        .where(and(eq(users.id, id), eq(users.role, "technician")))
        .returning(calendarColumns);
      return row;
    },

    /**
     * The absence's days, one blocked time each, unless the technician has active visits in it:
     * then nothing is written and the visits in the way are returned. Under each day's lock (in
     * date order), so no booking can be given to the technician between the check and the write.
     */
    async addAbsence(
      technicianId: number,
      days: { date: string; startTime: string; endTime: string }[],
      reason: string,
      createdBy: number,
    ): Promise<{ created: AbsenceRow[] } | { visits: VisitInTheWay[] } | "missing"> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [technician] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, technicianId), eq(users.role, "technician")))
          .for("update");
        if (!technician) return "missing";
        for (const day of days) await lockBookingDay(tx, day.date);
        const visits: VisitInTheWay[] = [];
        for (const day of days) {
          visits.push(
            ...(await tx
              .select({ date: bookings.date, timeSlot: bookings.timeSlot })
              .from(bookings)
              .where(
                and(
                  eq(bookings.assignedTechnicianId, technicianId),
                  ne(bookings.status, "cancelled"),
                  eq(bookings.date, day.date),
                  sql`${bookings.startTime} < ${day.endTime}::time`,
                  sql`${bookings.endTime} > ${day.startTime}::time`,
                ),
              )
              .orderBy(asc(bookings.startTime))),
          );
        }
        if (visits.length > 0) return { visits };
        const created = await tx
          .insert(blockedTimeSlots)
          .values(days.map((day) => ({ ...day, reason, technicianId, serviceTypes: [] as string[], createdBy })))
          .returning(absenceColumns);
        return { created };
      });
    },

    async deleteAbsence(technicianId: number, absenceId: number): Promise<boolean> {
      const rows = await db
        .delete(blockedTimeSlots)
        .where(and(eq(blockedTimeSlots.id, absenceId), eq(blockedTimeSlots.technicianId, technicianId)))
        .returning({ id: blockedTimeSlots.id });
      return rows.length > 0;
    },

    /** Hours booked per technician between two dates inclusive (statistics: utilisation). */
    async bookedMinutes(from: string, to: string): Promise<Map<number, number>> {
      const rows = await db
        .select({
          technicianId: sql<number>`${bookings.assignedTechnicianId}`,
          minutes: sql<number>`coalesce(sum(extract(epoch from (${bookings.endTime} - ${bookings.startTime})) / 60), 0)::int`,
        })
        .from(bookings)
        .where(and(gte(bookings.date, from), lte(bookings.date, to), ne(bookings.status, "cancelled"), isNotNull(bookings.assignedTechnicianId)))
        .groupBy(bookings.assignedTechnicianId);
      return new Map(rows.map((r) => [r.technicianId, r.minutes]));
    },
  };
}
export type TechnicianCalendarsRepository = ReturnType<typeof createTechnicianCalendarsRepository>;
