// Leak-check rules of the refrigerant register (issue 26): CO2e, intervals, due dates, the follow-up
// after a repair and the Swedish yearly report. Pure: no I/O and no clock (`today` is a parameter).
// The figures live in fgas-rules.ts only.
//
// Exactness: a charge is weighed to the gram and every GWP has at most two decimals, so a charge's
// CO2e is an integer number of hundredths of a gram (grams × GWP × 100). Thresholds are compared on
// that integer, never on a float or a rounded figure: R410A 2.395 kg is 4 999.5625 kg CO2e, below 5 t.
import { addDays, daysBetween, isIsoDate, type IsoDate } from "@/common/booking-rules/calendar";
import { daysInMonth } from "@/common/invoicing/calendar-date";
import {
  FOLLOW_UP_AFTER_REPAIR,
  GWP,
  HERMETIC_EXEMPTION_BELOW_TONNES,
  LEAK_CHECK_BANDS,
  NOTIFICATION_THRESHOLD_TONNES,
  RECORDS_KEPT_YEARS,
  YEARLY_REPORT,
  isFGas,
  type LeakCheckInterval,
  type Refrigerant,
} from "./fgas-rules";

/** Not law: the register warns this many days before a check falls due. */
export const DUE_SOON_DAYS = 30;

const GRAMS_PER_KG = 1000;
/** GWPs have at most two decimals (fgas-rules.test.ts checks it). */
const GWP_SCALE = 100;
/** Exact CO2e units (hundredths of a gram) in one kg and one tonne of CO2e. */
const UNITS_PER_KG = GRAMS_PER_KG * GWP_SCALE;
const UNITS_PER_TONNE = 1000 * UNITS_PER_KG;

/** A unit as the leak-check duty sees it. `hermeticallySealed` means sealed AND labelled as such (Art. 5(1)); unknown is false. */
export type LeakCheckUnit = {
  refrigerant: Refrigerant;
  chargeKg: number;
  leakDetection: boolean;
  hermeticallySealed: boolean;
};

/** A registered unit with the dates its check status counts from. */
export type RegisteredUnit = LeakCheckUnit & {
  /** The last leak check; null when none is recorded. */
  lastCheckDate: IsoDate | null;
  /** Installation date: the first interval runs from it while no check is recorded. */
  installedOn: IsoDate | null;
  /** The last repaired leak; its follow-up is pending until a check dated from the window's first day. */
  lastLeakRepairDate: IsoDate | null;
};

/** A unit of one operator's installation (SFS 2016:1128 4 §) and when it was in service (both days included; null: open). */
export type InstallationUnit = LeakCheckUnit & { inServiceFrom: IsoDate | null; inServiceUntil: IsoDate | null };

export type CheckStatus = "none" | "ok" | "due-soon" | "overdue";
export type FollowUpTiming = "too-early" | "in-window" | "too-late";

/** The charge in whole grams (to the nearest gram); RangeError unless a finite amount ≥ 0. */
export function chargeGrams(chargeKg: number): number {
  if (!Number.isFinite(chargeKg) || chargeKg < 0) throw new RangeError(`Invalid refrigerant charge ${chargeKg} kg`);
  // + 0 turns −0 (from a charge of −0) into 0.
  return Math.round(chargeKg * GRAMS_PER_KG) + 0;
}

/** The exact CO2e of a charge in hundredths of a gram, an integer. */
function co2eUnits(refrigerant: Refrigerant, chargeKg: number): number {
  return chargeGrams(chargeKg) * Math.round(GWP[refrigerant] * GWP_SCALE);
}

function atLeastTonnes(units: number, tonnes: number): boolean {
  return units >= tonnes * UNITS_PER_TONNE;
}

/**
 * Exact CO2e units as tonnes to three decimals, rounded DOWN (whole kg of CO2e). Down, not to the
 * nearest: the thresholds are whole tonnes, so the figure shown reaches a threshold exactly when the
 * exact value does; 4.9996 t shows as 4.999, never as a "5.000" that carries no duty.
 */
function tonnesShown(units: number): number {
  return Math.floor(units / UNITS_PER_KG) / 1000;
}

/** The charge's CO2e in tonnes, three decimals rounded down (see tonnesShown). RangeError on an invalid charge. */
export function co2eTonnes(refrigerant: Refrigerant, chargeKg: number): number {
  return tonnesShown(co2eUnits(refrigerant, chargeKg));
}

/**
 * Months between periodic leak checks (2024/573 Art. 5), null when the unit has no check duty: not
 * an F-gas, below 5 t CO2e, or hermetically sealed and labelled below 10 t.
 */
export function checkIntervalMonths(unit: LeakCheckUnit): LeakCheckInterval | null {
  const units = co2eUnits(unit.refrigerant, unit.chargeKg);
  if (!isFGas(unit.refrigerant)) return null;
  const band = LEAK_CHECK_BANDS.find((b) => atLeastTonnes(units, b.fromTonnes));
  if (band === undefined) return null;
  if (unit.hermeticallySealed && !atLeastTonnes(units, HERMETIC_EXEMPTION_BELOW_TONNES)) return null;
  return unit.leakDetection ? band.monthsWithLeakDetection : band.months;
}

/** SFS 2016:1128 14 §: installing or converting this single unit needs prior notification. */
export function notificationRequired(refrigerant: Refrigerant, chargeKg: number): boolean {
  const units = co2eUnits(refrigerant, chargeKg);
  return isFGas(refrigerant) && atLeastTonnes(units, NOTIFICATION_THRESHOLD_TONNES);
}

function requireIsoDate(date: IsoDate): IsoDate {
  if (!isIsoDate(date)) throw new RangeError(`Invalid date '${date}', expected YYYY-MM-DD`);
  return date;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * `date` plus whole calendar `months` (negative goes back); a day the target month lacks becomes its
 * last day: 2026-01-31 + 1 → 2026-02-28, 2028-01-31 + 1 → 2028-02-29. RangeError on bad input.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  requireIsoDate(date);
  if (!Number.isInteger(months)) throw new RangeError(`Invalid number of months ${months}`);
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const monthIndex = year * 12 + month - 1 + months;
  const newYear = Math.floor(monthIndex / 12);
  const newMonth = monthIndex - newYear * 12 + 1;
  return `${String(newYear).padStart(4, "0")}-${pad2(newMonth)}-${pad2(Math.min(day, daysInMonth(newYear, newMonth)))}`;
}

/** The last day the next check is on time: "at least every N months" from the last check. */
export function nextCheckDue(lastCheckDate: IsoDate, intervalMonths: number): IsoDate {
  if (!Number.isInteger(intervalMonths) || intervalMonths < 1) throw new RangeError(`Invalid interval ${intervalMonths} months`);
  return addMonths(lastCheckDate, intervalMonths);
}

/**
 * 2024/573 Art. 4(5): the days on which the follow-up check after a leak repair is valid, both
 * included. Dates carry no time, so `earliest` is the day after the repair; on that day the check
 * must still come 24 hours of operation after the repair (the technician confirms it).
 */
export function followUpWindow(repairDate: IsoDate): { earliest: IsoDate; latest: IsoDate } {
  return {
    earliest: addDays(repairDate, FOLLOW_UP_AFTER_REPAIR.earliestAfterHoursOfOperation / 24),
    latest: addMonths(repairDate, FOLLOW_UP_AFTER_REPAIR.latestAfterMonths),
  };
}

/** Whether a follow-up check on `checkDate` is valid for a repair on `repairDate` (Art. 4(5)). */
export function followUpTiming(repairDate: IsoDate, checkDate: IsoDate): FollowUpTiming {
  const { earliest, latest } = followUpWindow(repairDate);
  // 'YYYY-MM-DD' strings sort as the dates do.
  if (requireIsoDate(checkDate) < earliest) return "too-early";
  return checkDate > latest ? "too-late" : "in-window";
}

/**
 * The follow-up a repaired leak still waits for (Art. 4(5)): its window, or null when there is
 * none to do: no repair recorded, a check recorded from the window's first day on, or no check duty
 * (only equipment subject to Art. 5(1) gets one).
 */
export function pendingFollowUp(unit: RegisteredUnit): { repairedOn: IsoDate; earliest: IsoDate; latest: IsoDate } | null {
  const repair = unit.lastLeakRepairDate;
  if (repair === null || checkIntervalMonths(unit) === null) return null;
  const window = followUpWindow(repair);
  // "" sorts before every date: without a recorded check the follow-up is still to do.
  return (unit.lastCheckDate ?? "") >= window.earliest ? null : { repairedOn: repair, ...window };
}

/**
 * The last day the unit's next check is on time: the periodic due date, or the follow-up's last day
 * when a repaired leak still waits for its follow-up and that comes first. Null when the unit has no
 * check duty, or has one but neither a check nor an installation date to count from.
 */
export function checkDueDate(unit: RegisteredUnit): IsoDate | null {
  const interval = checkIntervalMonths(unit);
  const countFrom = unit.lastCheckDate ?? unit.installedOn;
  if (interval === null || countFrom === null) return null;
  const periodic = nextCheckDue(countFrom, interval);
  const followUp = pendingFollowUp(unit);
  return followUp === null || periodic <= followUp.latest ? periodic : followUp.latest;
}

/**
 * The register's status of a unit on `today`: no duty; ok; due within DUE_SOON_DAYS (the due day
 * included); overdue from the day after the due day. A unit with a duty but no date to count from is
 * overdue: nothing shows it was ever checked.
 */
export function checkStatus(unit: RegisteredUnit, today: IsoDate): CheckStatus {
  if (checkIntervalMonths(unit) === null) return "none";
  const due = checkDueDate(unit);
  if (due === null) return "overdue";
  const daysLeft = daysBetween(today, due);
  if (daysLeft < 0) return "overdue";
  return daysLeft <= DUE_SOON_DAYS ? "due-soon" : "ok";
}

function inServiceOn(unit: InstallationUnit, date: IsoDate): boolean {
  return (unit.inServiceFrom === null || unit.inServiceFrom <= date) && (unit.inServiceUntil === null || unit.inServiceUntil >= date);
}

function requireYear(year: number): number {
  // Four-digit years, and a four-digit following year for the report deadline.
  if (!Number.isInteger(year) || year < 1000 || year > 9998) throw new RangeError(`Invalid year ${year}`);
  return year;
}

/**
 * The most CO2e, exact units, that one installation's check-duty units held at once in `year`. The
 * total only rises when a unit comes into service, so it is enough to look on 1 January and on each
 * day a unit came into service during the year. Charges are today's (top-ups during the year are not
 * modelled).
 */
function peakCheckDutyUnits(equipment: readonly InstallationUnit[], year: number): number {
  const first = `${requireYear(year)}-01-01`;
  const last = `${year}-12-31`;
  const liable = equipment.filter((unit) => checkIntervalMonths(unit) !== null);
  const starts = liable.flatMap((unit) => unit.inServiceFrom ?? []).filter((from) => from > first && from <= last);
  const totals = [first, ...starts].map((day) =>
    liable.filter((unit) => inServiceOn(unit, day)).reduce((sum, unit) => sum + co2eUnits(unit.refrigerant, unit.chargeKg), 0),
  );
  return Math.max(...totals);
}

/** The peak of `peakCheckDutyUnits` in tonnes, three decimals rounded down. */
export function peakCheckDutyTonnes(equipment: readonly InstallationUnit[], year: number): number {
  return tonnesShown(peakCheckDutyUnits(equipment, year));
}

/**
 * SFS 2016:1128 15 §: the operator reports `year` when one installation's units subject to leak
 * checks held at least 14 t CO2e together at any time in the year. Pass one operator's installation
 * (one business): grouping by operator is the caller's. Units without check duty do not count.
 */
export function yearlyReportRequired(equipment: readonly InstallationUnit[], year: number): boolean {
  return atLeastTonnes(peakCheckDutyUnits(equipment, year), YEARLY_REPORT.thresholdTonnes);
}

/**
 * The years an operator has a yearly report to hand over, newest first: this year (so far) and the
 * RECORDS_KEPT_YEARS before it (2024/573 Art. 7(2)), each one in which a unit with a leak-check duty
 * was in service for at least a day (this year: by `today`). Units without a duty give no year.
 */
export function reportYears(equipment: readonly InstallationUnit[], today: IsoDate): number[] {
  const current = requireYear(Number(today.slice(0, 4)));
  const liable = equipment.filter((unit) => checkIntervalMonths(unit) !== null);
  const years: number[] = [];
  for (let year = current; year >= current - RECORDS_KEPT_YEARS; year -= 1) {
    const first = `${year}-01-01`;
    // This year counts up to today: a unit to be installed later this year has nothing to report yet.
    const last = year === current ? today : `${year}-12-31`;
    const inService = (unit: InstallationUnit) =>
      (unit.inServiceFrom === null || unit.inServiceFrom <= last) && (unit.inServiceUntil === null || unit.inServiceUntil >= first);
    if (liable.some(inService)) years.push(year);
  }
  return years;
}

/** SFS 2016:1128 15 §: the report on `year` is due by 31 March the following year. */
export function yearlyReportDeadline(year: number): IsoDate {
  return `${requireYear(year) + 1}-${pad2(YEARLY_REPORT.deadlineMonth)}-${pad2(YEARLY_REPORT.deadlineDay)}`;
}
