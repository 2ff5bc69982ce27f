import { createEvent, type EventAttributes } from "ics";
import { slotInstants } from "@/common/booking-rules";
import { DEFAULT_COMPANY_PROFILE, type CompanyProfile } from "@/common/company";
import { COMPANY, SERVICE_TYPE_LABELS, type ServiceType } from "@/common/constants";

export type CalendarBooking = {
  id: number;
  serviceType: string;
  date: string;
  timeSlot: string;
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
 * calendars show the right local time on both sides of a DST change (DECISIONS 1).
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
 * wall-clock slot, so calendars show the right local time on both sides of a DST change;
 * alarms 24 h and 1 h before (SPEC §9 calendar reminders).
 */
export function bookingCalendarFile(
  booking: CalendarBooking,
  publicUrl: string,
  timeZone: string,
  company: Pick<CompanyProfile, "phone" | "email"> = DEFAULT_COMPANY_PROFILE,
): string {
  const instants = slotInstants(booking.date, booking.timeSlot, timeZone);
  if (!instants) throw new Error(`invalid slot ${booking.date} ${booking.timeSlot}`);
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
