// Swedish dates on the customer's booking page with the browser's own Intl (no date library in
// this public chunk). A booking date is a plain 'YYYY-MM-DD', formatted as a UTC midnight in UTC so
// no time zone can shift it; instants (the self-service deadline, upload times) are shown on
// Stockholm's clock (rules D1), whatever the visitor's own zone.

/** rules D1: every booking time is Stockholm's (BOOKING_TIME_ZONE of the booking rules). */
import { timeSlotText } from "@/common/booking-rules";

const BOOKING_TIME_ZONE = "Europe/Stockholm";

const LOCALE = "sv-SE";
const longDate = new Intl.DateTimeFormat(LOCALE, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const instant = new Intl.DateTimeFormat(LOCALE, {
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: BOOKING_TIME_ZONE,
});

/** 'måndag 25 januari 2027'; the input itself when it is not a date. */
export function formatBookingDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(d.getTime()) ? date : longDate.format(d);
}

/** 'måndag 25 januari 2027 kl. 15:30-17:30'. */
export function formatVisit(date: string, timeSlot: string): string {
  return `${formatBookingDate(date)} kl. ${timeSlotText(timeSlot)}`;
}

/** An instant as 'söndag 24 januari 15:30' in Stockholm time. */
export function formatDeadline(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : instant.format(d);
}

/** A phone number for a tel: link: '08-123 456 70' → '+46812345670'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  return digits.startsWith("0") ? `tel:+46${digits.slice(1)}` : `tel:${digits}`;
}
