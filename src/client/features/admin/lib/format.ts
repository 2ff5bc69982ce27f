// Dates and times on the admin screens, in Swedish (date-fns with the sv locale). Booking dates are
// plain 'yyyy-MM-dd' dates and time slots are shown as stored ('08:00-10:00'); instants (created,
// uploaded, history) are shown on Stockholm's clock (DECISIONS 1), whatever the computer's zone.
import { TZDate } from "@date-fns/tz";
import { format, isValid, parseISO } from "date-fns";
import { sv } from "date-fns/locale/sv";
import { BOOKING_TIME_ZONE, isIsoDate } from "@/common/booking-rules";

function plainDate(date: string): Date | null {
  if (!isIsoDate(date)) return null;
  const parsed = parseISO(date);
  return isValid(parsed) ? parsed : null;
}

/** 'sön 22 nov. 2026'; the input itself when it is not a date. */
export function formatShortDate(date: string): string {
  const d = plainDate(date);
  return d ? format(d, "EEE d MMM yyyy", { locale: sv }) : date;
}

/** 'söndag 22 november 2026'; the input itself when it is not a date. */
export function formatLongDate(date: string): string {
  const d = plainDate(date);
  return d ? format(d, "EEEE d MMMM yyyy", { locale: sv }) : date;
}

/** An instant as '22 nov. 2026 kl. 10:15' in Stockholm time. */
export function formatInstant(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return format(new TZDate(d, BOOKING_TIME_ZONE), "d MMM yyyy 'kl.' HH:mm", { locale: sv });
}

/** 'yyyy-MM-dd HH:MM-HH:MM' (how history records a booking's time) as 'sön 22 nov. 2026 08:00-10:00'. */
export function formatSlotKey(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (.+)$/.exec(value);
  return match ? `${formatShortDate(match[1])} ${match[2]}` : value;
}
