// Contracts of the technicians' calendars (rules D25): the bookable switch, working days and hours,
// and absences, for /admin/technicians and the technician's own page.
import { z } from "zod";
import { daysBetween, isIsoDate, isWallTime, toMinutes } from "../booking-rules";
import { IdTextSchema } from "./common";
import { isoDateSchema } from "./bookings";
import { singleLineText } from "./text-fields";

export const technicianCalendarText = {
  invalidTime: "Ogiltig tid. Använd format HH:MM",
  hoursBoth: "Ange både när arbetsdagen börjar och slutar, eller ingen av dem",
  hoursOrder: "Arbetsdagen måste sluta efter att den börjar",
  workDays: "Välj minst en arbetsdag, eller alla dagar",
  notTechnician: "Teknikern finns inte",
  reasonRequired: "Ange en anledning",
  fromDateRequired: "Välj första dagen",
  toDateRequired: "Välj sista dagen",
  toBeforeFrom: "Sista dagen kan inte vara före den första",
  tooLong: "En frånvaro kan vara högst 62 dagar – lägg in en till för resten",
  endBeforeStart: "Sluttiden måste vara efter starttiden",
  pastDate: "Frånvaron kan inte börja en dag som redan har passerat.",
  absenceNotFound: "Frånvaron finns inte längre.",
  /** An absence over visits the technician has: they must go to someone else first. */
  visitsDuringAbsence: (count: number, first: string) =>
    `Teknikern har ${count === 1 ? "ett besök" : `${count} besök`} under frånvaron (första: ${first}). Flytta ${count === 1 ? "det" : "dem"} till någon annan först.`,
  saved: "Kalendern är sparad",
  absenceSaved: "Frånvaron är sparad",
  absenceDeleted: "Frånvaron är borttagen",
} as const;

/** The longest absence one request makes (one row per day): a holiday of nine weeks is two. */
export const ABSENCE_MAX_DAYS = 62;
/** An absence of whole days holds the technician from midnight to the end of the day. */
export const WHOLE_DAY = { startTime: "00:00", endTime: "23:59" } as const;

/**
 * The refinements below compare only two real dates (or times): a missing or broken one has its own
 * message, and daysBetween and toMinutes throw on it (zod runs an object's refinements after a
 * field's own refinement has failed).
 */
const bothDates = (v: { fromDate: string; toDate: string }) => isIsoDate(v.fromDate) && isIsoDate(v.toDate);

const wallTime = z.string({ error: technicianCalendarText.invalidTime }).refine(isWallTime, { error: technicianCalendarText.invalidTime });

/** PUT /api/admin/technicians/{id}/calendar */
export const TechnicianCalendarInputSchema = z
  .object({
    bookable: z.boolean(),
    /** 0 Sunday … 6 Saturday; null: every day the company books. */
    workDays: z
      .array(z.number().int().min(0).max(6), { error: technicianCalendarText.workDays })
      .min(1, { error: technicianCalendarText.workDays })
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b))
      .nullable(),
    workStart: wallTime.nullable(),
    workEnd: wallTime.nullable(),
  })
  .refine((v) => (v.workStart === null) === (v.workEnd === null), { path: ["workEnd"], error: technicianCalendarText.hoursBoth })
  .refine((v) => !(isWallTime(v.workStart) && isWallTime(v.workEnd)) || toMinutes(v.workEnd) > toMinutes(v.workStart), {
    path: ["workEnd"],
    error: technicianCalendarText.hoursOrder,
  });
export type TechnicianCalendarInput = z.output<typeof TechnicianCalendarInputSchema>;

/** POST /api/admin/technicians/{id}/absences: whole days from fromDate to toDate, or a time of each. */
export const AbsenceInputSchema = z
  .object({
    fromDate: isoDateSchema(technicianCalendarText.fromDateRequired),
    toDate: isoDateSchema(technicianCalendarText.toDateRequired),
    /** Both null: the whole days. */
    startTime: wallTime.nullable().default(null),
    endTime: wallTime.nullable().default(null),
    reason: singleLineText({ error: technicianCalendarText.reasonRequired })
      .min(1, { error: technicianCalendarText.reasonRequired })
      .max(200, { error: technicianCalendarText.reasonRequired }),
  })
  .refine((v) => !bothDates(v) || v.toDate >= v.fromDate, { path: ["toDate"], error: technicianCalendarText.toBeforeFrom })
  .refine((v) => !bothDates(v) || v.toDate < v.fromDate || daysBetween(v.fromDate, v.toDate) < ABSENCE_MAX_DAYS, {
    path: ["toDate"],
    error: technicianCalendarText.tooLong,
  })
  .refine((v) => (v.startTime === null) === (v.endTime === null), { path: ["endTime"], error: technicianCalendarText.invalidTime })
  .refine((v) => !(isWallTime(v.startTime) && isWallTime(v.endTime)) || toMinutes(v.endTime) > toMinutes(v.startTime), {
    path: ["endTime"],
    error: technicianCalendarText.endBeforeStart,
  });
export type AbsenceInput = z.output<typeof AbsenceInputSchema>;
export type AbsenceForm = z.input<typeof AbsenceInputSchema>;

export const AbsenceSchema = z.object({
  id: z.number(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  reason: z.string(),
});
export type Absence = z.output<typeof AbsenceSchema>;

export const TechnicianCalendarSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  bookable: z.boolean(),
  workDays: z.array(z.number()).nullable(),
  workStart: z.string().nullable(),
  workEnd: z.string().nullable(),
  /** From today on, soonest first. */
  absences: z.array(AbsenceSchema),
});
export type TechnicianCalendar = z.output<typeof TechnicianCalendarSchema>;
export const TechnicianCalendarListSchema = z.array(TechnicianCalendarSchema);
export const AbsenceListSchema = z.array(AbsenceSchema);

export const AbsenceParamsSchema = z.object({ id: IdTextSchema, absenceId: IdTextSchema });
