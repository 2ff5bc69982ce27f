import { createEvents, type EventAttributes } from "ics";
import { rangeInstants, storedRange } from "@/common/booking-rules";
import { utcTimes } from "../../lib/calendar-file";
import { BOOKING_STATUS_LABELS, COMPANY, SERVICE_TYPE_LABELS, type BookingStatus, type ServiceType } from "@/common/constants";

export type FeedBooking = {
  id: number;
  serviceType: string;
  status: string;
  date: string;
  timeSlot: string;
  /** The stored range the visit holds (rules D24: an installation until the end of its working day). */
  startTime: string;
  endTime: string;
  description: string;
  heatpumpModel: string | null;
  contactName: string;
  contactPhone: string;
  address: string;
  postalCode: string;
  city: string;
  calendarSequence: number;
};

/**
 * A subscribable iCalendar feed of staff bookings (rules D12) that Google Calendar, Outlook and
 * Apple Calendar read. Times are UTC instants of the Stockholm wall-clock ranges the visits hold (an
 * installation the rest of its day, rules D24), right on both sides of a DST change (rules
 * D1); each booking keeps one UID, so a moved visit moves in the calendar.
 * Calendar apps are told to refresh every 15 minutes.
 */
export function calendarFeedFile(input: { name: string; bookings: FeedBooking[]; publicUrl: string; timeZone: string }): string {
  const events: EventAttributes[] = [];
  for (const booking of input.bookings) {
    const instants = rangeInstants(booking.date, storedRange(booking), input.timeZone);
    if (!instants) continue;
    const label = SERVICE_TYPE_LABELS[booking.serviceType as ServiceType] ?? booking.serviceType;
    const status = BOOKING_STATUS_LABELS[booking.status as BookingStatus] ?? booking.status;
    events.push({
      uid: `staff-booking-${booking.id}@varmepumpsservice.se`,
      sequence: booking.calendarSequence,
      title: `${label}: ${booking.contactName}`,
      description: [
        `Bokning #${booking.id} (${status})`,
        `Kund: ${booking.contactName}, tel ${booking.contactPhone}`,
        booking.heatpumpModel ? `Värmepump: ${booking.heatpumpModel}` : null,
        booking.description ? `Beskrivning: ${booking.description}` : null,
        `${input.publicUrl}/admin/bookings/${booking.id}`,
      ]
        .filter(Boolean)
        .join("\n"),
      location: `${booking.address}, ${booking.postalCode} ${booking.city}`,
      url: `${input.publicUrl}/admin/bookings/${booking.id}`,
      ...utcTimes(instants),
      status: booking.status === "planned" ? "TENTATIVE" : "CONFIRMED",
    });
  }
  const { error, value } = createEvents(events, { productId: "varmepumpsservice/kalenderflode", method: "PUBLISH", calName: input.name });
  if (error || !value) throw error ?? new Error("ics feed generation failed");
  return value
    .replace("X-PUBLISHED-TTL:PT1H", "X-PUBLISHED-TTL:PT15M")
    .replace(
      "BEGIN:VCALENDAR\r\n",
      `BEGIN:VCALENDAR\r\nX-WR-TIMEZONE:Europe/Stockholm\r\nREFRESH-INTERVAL;VALUE=DURATION:PT15M\r\nX-WR-CALDESC:${COMPANY.shortName}\r\n`,
    );
}
