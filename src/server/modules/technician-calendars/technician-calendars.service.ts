import { addDays, daysBetween } from "@/common/booking-rules";
import { formatListDate } from "@/common/format";
import {
  technicianCalendarText as text,
  WHOLE_DAY,
  type Absence,
  type AbsenceInput,
  type TechnicianCalendar,
  type TechnicianCalendarInput,
} from "@/common/schemas/technician-calendars";
import { conflict, notFound, unprocessable } from "../../lib/errors";
import type { AbsenceRow, CalendarRow, TechnicianCalendarsRepository } from "./technician-calendars.repository";

const hhmm = (time: string) => time.slice(0, 5);

const toAbsence = (row: AbsenceRow): Absence => ({
  id: row.id,
  date: row.date,
  startTime: hhmm(row.startTime),
  endTime: hhmm(row.endTime),
  reason: row.reason,
});

const toCalendar = (row: CalendarRow, absences: AbsenceRow[]): TechnicianCalendar => ({
  id: row.id,
  name: row.name,
  username: row.username,
  bookable: row.bookable,
  workDays: row.workDays,
  workStart: row.workStart ? hhmm(row.workStart) : null,
  workEnd: row.workEnd ? hhmm(row.workEnd) : null,
  absences: absences.filter((a) => a.technicianId === row.id).map(toAbsence),
});

/**
 * The technicians' calendars (rules D25): admins switch who is bookable, set working days and hours,
 * and add or remove absences; a technician sees their own absences. Every change is read by the
 * next availability answer and booking (capacity is computed from these rows, never cached longer
 * than the availability's own moment); `onChange` clears the shared availability reads.
 */
export function createTechnicianCalendarsService(repo: TechnicianCalendarsRepository, { today, onChange }: { today: () => string; onChange: () => void }) {
  async function list(): Promise<TechnicianCalendar[]> {
    const [technicians, absences] = await Promise.all([repo.technicians(), repo.absences(today())]);
    return technicians.map((t) => toCalendar(t, absences));
  }

  return {
    list,

    async update(id: number, input: TechnicianCalendarInput): Promise<TechnicianCalendar> {
      const row = await repo.updateCalendar(id, input);
      if (!row) throw notFound(text.notTechnician);
      onChange();
      return toCalendar(row, await repo.absences(today(), [id]));
    },

    /** Whole days or a time of each day from fromDate to toDate; refused over the technician's visits. */
    async addAbsence(id: number, input: AbsenceInput, createdBy: number): Promise<Absence[]> {
      if (input.fromDate < today()) throw unprocessable(text.pastDate);
      const times = input.startTime && input.endTime ? { startTime: input.startTime, endTime: input.endTime } : WHOLE_DAY;
      const days = Array.from({ length: daysBetween(input.fromDate, input.toDate) + 1 }, (_, i) => ({ date: addDays(input.fromDate, i), ...times }));
      const result = await repo.addAbsence(id, days, input.reason, createdBy);
      if (result === "missing") throw notFound(text.notTechnician);
      if ("visits" in result) {
        const first = result.visits[0];
        throw conflict(text.visitsDuringAbsence(result.visits.length, `${formatListDate(first.date)} ${first.timeSlot.replace("-", "–")}`));
      }
      onChange();
      return result.created.map(toAbsence);
    },

    async deleteAbsence(id: number, absenceId: number): Promise<void> {
      if (!(await repo.deleteAbsence(id, absenceId))) throw notFound(text.absenceNotFound);
      onChange();
    },

    /** The technician's own absences from today on. */
    async ownAbsences(userId: number): Promise<Absence[]> {
      return (await repo.absences(today(), [userId])).map(toAbsence);
    },
  };
}
export type TechnicianCalendarsService = ReturnType<typeof createTechnicianCalendarsService>;
