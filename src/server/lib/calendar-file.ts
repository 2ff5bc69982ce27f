import { createEvent, type EventAttributes } from "ics";
import { rangeInstants, storedRange } from "@/common/booking-rules";
import { DEFAULT_COMPANY_PROFILE, type CompanyProfile } from "@/common/company";
import { COMPANY, SERVICE_TYPE_LABELS, type ServiceType } from "@/common/constants";

export type CalendarBooking = {
  id: number;
  serviceType: string;
  date: string;
  timeSlot: string;
  /** The stored range the visit holds (rules D24: an installation until the end of its working day). */
  startTime: string;
  endTime: string;
  description: string;
  heatpumpModel: string | null;
  address: string;
  postalCode: string;
  city: string;
  /** Grows with every move: a moved visit's file replaces the old event in calendar apps. */
  calendarSequence: number;
};

/**
 * An event's start and end as UTC instants (the Stockholm wall-clock slot worked out once), so
 * calendars show the right local time on both sides of a DST change (rules D1).
 */
export function utcTimes(instants: { start: Date; end: Date }) {
  return {
    start: instants.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: instants.end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
  } as const;
}

/**
 * The .ics file of a booking. Times are written as UTC instants computed from the Stockholm
 * wall-clock range the booking holds (its slot; for an installation the rest of the working day,
 * rules D24), so calendars show the right local time on both sides of a DST change;
 * alarms 24 h and 1 h before (rules §9 calendar reminders).
 */
export function bookingCalendarFile(
  booking: CalendarBooking,
  publicUrl: string,
  timeZone: string,
  company: Pick<CompanyProfile, "phone" | "email"> = DEFAULT_COMPANY_PROFILE,
): string {
  const instants = rangeInstants(booking.date, storedRange(booking), timeZone);
  if (!instants) throw new Error(`invalid range ${booking.date} ${booking.startTime}-${booking.endTime}`);
  const label = SERVICE_TYPE_LABELS[booking.serviceType as ServiceType] ?? booking.serviceType;
  const event: EventAttributes = {
    uid: `booking-${booking.id}@varmepumpsservice.se`,
    productId: "varmepumpsservice/bokning",
    // Same UID, higher SEQUENCE: calendar apps replace the old time instead of keeping both.
    sequence: booking.calendarSequence,
    method: "PUBLISH",
    title: `${label} – ${COMPANY.shortName}`,
    description: [
      `Bokning #${booking.id}: ${label}`,
      booking.heatpumpModel ? `Värmepump: ${booking.heatpumpModel}` : null,
      booking.description ? `Beskrivning: ${booking.description}` : null,
      `Frågor? Ring ${company.phone} eller mejla ${company.email}.`,
    ]
      .filter(Boolean)
      .join("\n"),
    location: `${booking.address}, ${booking.postalCode} ${booking.city}`,
    url: publicUrl,
    ...utcTimes(instants),
    status: "CONFIRMED",
    organizer: { name: COMPANY.shortName, email: company.email },
    alarms: [
      { action: "display", description: `Påminnelse: ${label} i morgon`, trigger: { hours: 24, before: true } },
      { action: "display", description: `Påminnelse: ${label} om en timme`, trigger: { hours: 1, before: true } },
    ],
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error("ics generation failed");
  return value.replace("BEGIN:VEVENT", "X-WR-TIMEZONE:Europe/Stockholm\r\nBEGIN:VEVENT");
}
