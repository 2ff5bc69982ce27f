// Which dates and time slots can be booked. Pure functions: `today` (a date in Stockholm, see
// todayIn) and `now` are always passed in, so the client and the server compute the same answer.
// Rules: rules D2-D3 and D6, rules §4, §5 and §9. Availability against bookings and blocked
// times is the server's concern (rules D4-D5); slotsOverlap is the shared piece of it.
import { SERVICE_TYPES, type ServiceType } from "../constants";
import {
  addDays,
  BOOKING_TIME_ZONE,
  daysBetween,
  isIsoDate,
  toMinutes,
  WEEKDAY,
  weekdayOf,
  zonedInstant,
  type IsoDate,
  type Weekday,
  type WallTime,
} from "./calendar";
import { isClosedDay } from "./holidays";

/** A bookable interval of one day. `label` is the 'HH:MM-HH:MM' text stored as bookings.timeSlot. */
export type TimeSlot = { start: WallTime; end: WallTime; label: string };
/** Anything with a start and an end time, e.g. a TimeSlot or a blocked time (startTime/endTime mapped). */
export type TimeRange = { start: WallTime; end: WallTime };

/** rules §9 business constants. */
export const BOOKING_LIMITS = {
  /** rules D2: d - today must be at least this many days. */
  leadDays: { service: 14, installation: 14, troubleshooting: 14, hembesok: 3 } satisfies Record<ServiceType, number>,
  /** rules D2: d - today must be at most this many days. */
  horizonDays: 74,
  /** rules §4: the wizard auto-selects the first bookable date within this many days from tomorrow. */
  autoSelectSearchDays: 30,
  /** rules §9: slot length in minutes. */
  slotMinutes: { service: 120, installation: 120, troubleshooting: 120, hembesok: 30 } satisfies Record<ServiceType, number>,
} as const;

const { monday, tuesday, wednesday, thursday, friday, saturday } = WEEKDAY;

/** rules §5: days of the week each service type can be booked publicly (never Sunday). */
export const BOOKING_WEEKDAYS: Readonly<Record<ServiceType, readonly Weekday[]>> = {
  service: [monday, tuesday, wednesday, thursday, friday, saturday],
  troubleshooting: [monday, tuesday, wednesday, thursday, friday, saturday],
  installation: [tuesday, wednesday, thursday, friday, saturday],
  hembesok: [monday, tuesday, wednesday, thursday, friday],
};

/** True for one of the four service types (guards values that come from URLs or storage). */
export function isServiceType(value: unknown): value is ServiceType {
  return typeof value === "string" && (SERVICE_TYPES as readonly string[]).includes(value);
}

const SLOT_LABEL = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Parses a strict 'HH:MM-HH:MM' label whose end is after its start; null otherwise
 * ('8:00-10:00', '10:00-08:00', '10:00 - 12:00', '24:00-…' are all rejected).
 */
export function parseTimeSlot(label: unknown): TimeSlot | null {
  if (typeof label !== "string") return null;
  const m = SLOT_LABEL.exec(label);
  if (!m) return null;
  const start = `${m[1]}:${m[2]}`;
  const end = `${m[3]}:${m[4]}`;
  if (toMinutes(end) <= toMinutes(start)) return null;
  return { start, end, label };
}

/**
 * True when two same-day ranges share any minute. Ranges are half-open, so 10:00-12:00 and
 * 12:00-14:00 do not overlap. A range whose end is not after its start is empty and overlaps nothing.
 */
export function slotsOverlap(a: TimeRange, b: TimeRange): boolean {
  const [as, ae, bs, be] = [toMinutes(a.start), toMinutes(a.end), toMinutes(b.start), toMinutes(b.end)];
  if (ae <= as || be <= bs) return false;
  return as < be && bs < ae;
}

/**
 * Marks each slot available unless it overlaps one of the `busy` ranges (active bookings of the
 * date, and blocked times that apply to the service type; rules D4-D5). Pure; the caller picks `busy`.
 */
export function withAvailability(slots: readonly TimeSlot[], busy: readonly TimeRange[]): (TimeSlot & { available: boolean })[] {
  return slots.map((slot) => ({ ...slot, available: !busy.some((range) => slotsOverlap(slot, range)) }));
}

function slots(...labels: string[]): readonly TimeSlot[] {
  return Object.freeze(labels.map((l) => Object.freeze(parseTimeSlot(l) as TimeSlot)));
}

/** Consecutive slots of `minutes` each, the first starting at `from`, the last starting at `lastStart`. */
function series(from: WallTime, lastStart: WallTime, minutes: number): readonly TimeSlot[] {
  const hhmm = (t: number) => `${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;
  const labels: string[] = [];
  for (let t = toMinutes(from); t <= toMinutes(lastStart); t += minutes) labels.push(`${hhmm(t)}-${hhmm(t + minutes)}`);
  return slots(...labels);
}

// rules D3. Monday's 14:00-16:00 and 15:30-17:30 overlap on purpose: booking one blocks the other (rules D5).
const SERVICE_MONDAY = slots("08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00", "15:30-17:30");
const SERVICE_TUE_FRI = slots("15:30-17:30");
const SERVICE_SATURDAY = slots("12:00-14:00", "14:00-16:00");
const INSTALLATION = slots("08:00-10:00", "10:00-12:00");
const HEMBESOK_DAY = series("10:00", "14:00", 30); // nine slots 10:00-10:30 … 14:00-14:30
const HEMBESOK_WEDNESDAY = Object.freeze([...HEMBESOK_DAY, ...slots("17:00-17:30", "17:30-18:00")]);

function weekdaySlots(serviceType: ServiceType, day: Weekday): readonly TimeSlot[] {
  switch (serviceType) {
    case "service":
    case "troubleshooting":
      if (day === monday) return SERVICE_MONDAY;
      if (day === saturday) return SERVICE_SATURDAY;
      return day === WEEKDAY.sunday ? [] : SERVICE_TUE_FRI;
    case "installation":
      return day === WEEKDAY.sunday || day === monday ? [] : INSTALLATION;
    case "hembesok":
      if (day === wednesday) return HEMBESOK_WEDNESDAY;
      return day === WEEKDAY.sunday || day === saturday ? [] : HEMBESOK_DAY;
    default:
      return [];
  }
}

/**
 * The slots a service type offers on the weekday of `date`, ignoring lead time and horizon
 * (rules D3). Empty for days the type is not offered and for an invalid date or service type.
 */
export function ruleSlots(serviceType: ServiceType, date: IsoDate): TimeSlot[] {
  if (!isIsoDate(date)) return [];
  return [...weekdaySlots(serviceType, weekdayOf(date))];
}

/** Why a date cannot be booked publicly; see dateRejectionMessage in text.ts for the Swedish text. */
export type DateRejection = "invalid-date" | "too-soon" | "too-late" | "sunday" | "holiday" | "weekday";

/**
 * The first rule a date breaks for a public booking, or null when it is bookable (rules D2):
 * d - today >= lead days (3 hembesok, 14 others; this also excludes past dates), d - today <= 74,
 * not a Sunday, not a public holiday nor midsommar-, jul- or nyårsafton (rules D22), and a
 * weekday the service type is offered on.
 */
export function dateRejection(serviceType: ServiceType, date: IsoDate, today: IsoDate): DateRejection | null {
  if (!isIsoDate(date) || !isIsoDate(today) || !isServiceType(serviceType)) return "invalid-date";
  const ahead = daysBetween(today, date);
  if (ahead < BOOKING_LIMITS.leadDays[serviceType]) return "too-soon";
  if (ahead > BOOKING_LIMITS.horizonDays) return "too-late";
  const day = weekdayOf(date);
  if (day === WEEKDAY.sunday) return "sunday";
  if (isClosedDay(date)) return "holiday";
  if (!BOOKING_WEEKDAYS[serviceType].includes(day)) return "weekday";
  return null;
}

/** True when a customer may book `serviceType` on `date` (rules D2). */
export function isBookableDate(serviceType: ServiceType, date: IsoDate, today: IsoDate): boolean {
  return dateRejection(serviceType, date, today) === null;
}

/** The slots a customer may book on `date`: ruleSlots when the date is bookable, else empty. */
export function bookableSlots(serviceType: ServiceType, date: IsoDate, today: IsoDate): TimeSlot[] {
  return isBookableDate(serviceType, date, today) ? ruleSlots(serviceType, date) : [];
}

/** True when `timeSlot` (a label) is one of the slots a customer may book on `date`. */
export function isBookableSlot(serviceType: ServiceType, date: IsoDate, timeSlot: string, today: IsoDate): boolean {
  return bookableSlots(serviceType, date, today).some((s) => s.label === timeSlot);
}

/**
 * Earliest and latest date a customer may pick (for the calendar's bounds); weekday rules still
 * apply inside. Throws RangeError when `today` is not a valid date.
 */
export function bookingWindow(serviceType: ServiceType, today: IsoDate): { earliest: IsoDate; latest: IsoDate } {
  return {
    earliest: addDays(today, BOOKING_LIMITS.leadDays[serviceType]),
    latest: addDays(today, BOOKING_LIMITS.horizonDays),
  };
}

/** Every bookable date from `from` to `to`, both included, in order. Empty for invalid input. */
export function bookableDatesInRange(serviceType: ServiceType, from: IsoDate, to: IsoDate, today: IsoDate): IsoDate[] {
  if (!isIsoDate(from) || !isIsoDate(to) || !isIsoDate(today) || !isServiceType(serviceType)) return [];
  const window = bookingWindow(serviceType, today);
  // Clamp to the booking window so the loop is at most horizon days long whatever range is asked.
  const first = from > window.earliest ? from : window.earliest;
  const last = to < window.latest ? to : window.latest;
  const dates: IsoDate[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) if (isBookableDate(serviceType, d, today)) dates.push(d);
  return dates;
}

/**
 * rules §4: the date the wizard selects when none is chosen: the first bookable date from tomorrow,
 * looking at most `searchDays` days ahead (tomorrow … today + searchDays). Null when there is none.
 */
export function firstBookableDate(serviceType: ServiceType, today: IsoDate, searchDays: number = BOOKING_LIMITS.autoSelectSearchDays): IsoDate | null {
  if (!isIsoDate(today) || searchDays < 1) return null;
  return bookableDatesInRange(serviceType, addDays(today, 1), addDays(today, searchDays), today)[0] ?? null;
}

// --- Staff-made bookings -------------------------------------------------------------------------

// rules §5 Admin create booking: installation starts at 08, 09 or 10 and lasts two hours;
// service and troubleshooting take the two-hour intervals 08-18; hembesok keeps its 30-minute slots.
const ADMIN_INSTALLATION = slots("08:00-10:00", "09:00-11:00", "10:00-12:00");
const ADMIN_TWO_HOUR = slots("08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00", "16:00-18:00");

/**
 * Slots an admin may choose when creating a booking (rules D6). They do not depend on the
 * weekday, except that hembesok adds its Wednesday evening slots; conflicts are still checked.
 */
export function adminSlots(serviceType: ServiceType, date: IsoDate): TimeSlot[] {
  if (!isIsoDate(date)) return [];
  switch (serviceType) {
    case "installation":
      return [...ADMIN_INSTALLATION];
    case "service":
    case "troubleshooting":
      return [...ADMIN_TWO_HOUR];
    case "hembesok":
      return [...(weekdayOf(date) === wednesday ? HEMBESOK_WEDNESDAY : HEMBESOK_DAY)];
    default:
      return [];
  }
}

/**
 * rules D6: an admin may book any date from today on, with no horizon and no weekday rule. Public
 * holidays (rules D22) are allowed too: they close the public booking, but staff decide
 * themselves when they work (e.g. an urgent repair on annandag jul).
 */
export function isAdminBookableDate(date: IsoDate, today: IsoDate): boolean {
  return isIsoDate(date) && isIsoDate(today) && date >= today;
}

/** True when an admin may create `serviceType` at `timeSlot` on `date` (conflicts aside). */
export function isAdminBookableSlot(serviceType: ServiceType, date: IsoDate, timeSlot: string, today: IsoDate): boolean {
  return isAdminBookableDate(date, today) && adminSlots(serviceType, date).some((s) => s.label === timeSlot);
}

/** rules §5 Reschedule: the times offered when staff move a booking. */
export const RESCHEDULE_SLOTS: readonly TimeSlot[] = ADMIN_TWO_HOUR;

/** The times the reschedule dialog offers on `date`: a home visit keeps its 30-minute slots, the others get RESCHEDULE_SLOTS. */
export function rescheduleSlots(serviceType: ServiceType, date: IsoDate): TimeSlot[] {
  if (!isIsoDate(date)) return [];
  return serviceType === "hembesok" ? adminSlots("hembesok", date) : [...RESCHEDULE_SLOTS];
}

/** The instants a slot on `date` starts and ends (for storage, .ics files and "has it passed?"). Null for a bad label. */
export function slotInstants(date: IsoDate, timeSlot: string, timeZone: string = BOOKING_TIME_ZONE): { start: Date; end: Date } | null {
  const slot = parseTimeSlot(timeSlot);
  if (!slot || !isIsoDate(date)) return null;
  return { start: zonedInstant(date, slot.start, timeZone), end: zonedInstant(date, slot.end, timeZone) };
}

/** rules §5 Reschedule: true when the slot starts after `now` ('Du kan inte boka en tid som redan har passerat.'). */
export function isSlotInFuture(date: IsoDate, timeSlot: string, now: Date, timeZone: string = BOOKING_TIME_ZONE): boolean {
  const instants = slotInstants(date, timeSlot, timeZone);
  return instants !== null && instants.start.getTime() > now.getTime();
}
