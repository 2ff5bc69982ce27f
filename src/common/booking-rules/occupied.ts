// rules D24: how long a booking holds its calendar. The one place this is decided: every path
// that stores, checks or shows a booking's range (public booking, staff booking, moves,
// reactivation, availability, blocked times, .ics files and feeds, staff screens) asks here.
import { isWallTime, toMinutes, zonedInstant, BOOKING_TIME_ZONE, type IsoDate, type WallTime } from "./calendar";
import { parseTimeSlot, type TimeRange } from "./slots";

/**
 * True for the service types that take the rest of their day: installations take 6–16 hours
 * (the booking page's hint), far longer than the two-hour window a customer picks as its start.
 */
export function takesRestOfDay(serviceType: string): boolean {
  return serviceType === "installation";
}

/**
 * The range a booking of `serviceType` at `slot` occupies (rules D24): an installation from its
 * start to the end of the working day (the settings' `workdayEnd`), never shorter than its slot
 * (valid settings cannot end the day before a slot ends, but a guard costs nothing); every other
 * visit its slot. Half-open like every range here: a visit may start at the occupied end.
 */
export function occupiedRange(serviceType: string, slot: TimeRange, workdayEnd: WallTime): TimeRange {
  if (!takesRestOfDay(serviceType) || !isWallTime(workdayEnd) || toMinutes(workdayEnd) <= toMinutes(slot.end)) {
    return { start: slot.start, end: slot.end };
  }
  return { start: slot.start, end: workdayEnd };
}

/** occupiedRange of a slot label ('08:00-10:00'); null for a malformed label. */
export function occupiedRangeOf(serviceType: string, timeSlot: string, workdayEnd: WallTime): TimeRange | null {
  const slot = parseTimeSlot(timeSlot);
  return slot && occupiedRange(serviceType, slot, workdayEnd);
}

/**
 * A stored booking's range (its start_time and end_time, 'HH:MM' or 'HH:MM:SS' as the database
 * returns them) as 'HH:MM' wall times: what the exclusion constraint, feeds and staff see.
 */
export function storedRange(booking: { startTime: string; endTime: string }): TimeRange {
  return { start: booking.startTime.slice(0, 5), end: booking.endTime.slice(0, 5) };
}

/** The instants a wall-clock range on `date` starts and ends (for .ics files; rules D1). */
export function rangeInstants(date: IsoDate, range: TimeRange, timeZone: string = BOOKING_TIME_ZONE): { start: Date; end: Date } | null {
  if (!isWallTime(range.start) || !isWallTime(range.end)) return null;
  try {
    return { start: zonedInstant(date, range.start, timeZone), end: zonedInstant(date, range.end, timeZone) };
  } catch {
    return null;
  }
}
