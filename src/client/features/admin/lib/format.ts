// Dates on the admin screens that are not list dates, in Swedish (date-fns with the sv locale). Every
// list and table writes its dates with formatListDate / formatListDateTime of src/common/format
// (issue 23: one format, '25 nov. 2026'); instants on Stockholm's clock (rules D1).
import { format, isValid, parseISO } from "date-fns";
import { sv } from "date-fns/locale/sv";
import { isIsoDate, timeSlotText } from "@/common/booking-rules";
import { formatListDate } from "@/common/format";

function plainDate(date: string): Date | null {
  if (!isIsoDate(date)) return null;
  const parsed = parseISO(date);
  return isValid(parsed) ? parsed : null;
}

/**
 * 'sön 22 nov. 2026', for the planning grid's days and week, where the weekday matters; lists use
 * formatListDate of src/common/format. The input itself when it is not a date.
 */
export function formatWeekdayDate(date: string): string {
  const d = plainDate(date);
  return d ? format(d, "EEE d MMM yyyy", { locale: sv }) : date;
}

/** 'söndag 22 november 2026'; the input itself when it is not a date. */
export function formatLongDate(date: string): string {
  const d = plainDate(date);
  return d ? format(d, "EEEE d MMMM yyyy", { locale: sv }) : date;
}

/**
 * 'yyyy-MM-dd HH:MM-HH:MM' (how history records a booking's time) as '22 nov. 2026 08:00–10:00':
 * the lists' date and an en dash, as every other time range (issue 23).
 */
export function formatSlotKey(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (.+)$/.exec(value);
  return match ? `${formatListDate(match[1])} ${timeSlotText(match[2])}` : value;
}

/**
 * The parts that have a value, joined: 'Raderad kund #13' rather than 'Raderad kund #13, ' for an
 * erased customer without a city, and '–' when nothing is left.
 */
export function joinPresent(parts: readonly (string | null | undefined)[], separator = ", "): string {
  return (
    parts
      .map((part) => part?.trim() ?? "")
      .filter(Boolean)
      .join(separator) || "–"
  );
}

/** 'Storgatan 12, 753 20 Uppsala', leaving out what is empty (an erased customer has no address). */
export function formatAddress(place: { address?: string | null; postalCode?: string | null; city?: string | null }): string {
  const postalCity = [place.postalCode, place.city]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
  return joinPresent([place.address, postalCity]);
}
