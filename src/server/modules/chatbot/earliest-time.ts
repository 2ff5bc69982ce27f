import { bookingWindow, timeSlotText } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import type { AvailabilityService } from "../availability/availability.service";

// The earliest time a customer can book right now, as the wizard would offer it (the same
// availability: booking rules, blocked times, bookings and the day limit), for ServiceBot's answer
// to an urgent question.

export type AvailabilityReader = Pick<AvailabilityService, "today" | "range" | "day">;

/** The first free slot of `service` in its booking window (Stockholm dates and wall-clock times), or null. */
export async function earliestFreeSlot(availability: AvailabilityReader, service: ServiceType): Promise<{ date: string; label: string } | null> {
  const { earliest, latest } = bookingWindow(service, availability.today());
  const { dates } = await availability.range(service, earliest, latest);
  for (const { date, available } of dates) {
    if (!available) continue;
    const slot = (await availability.day(service, date)).slots.find((s) => s.available);
    if (slot) return { date, label: slot.label };
  }
  return null;
}

const dayInWords = new Intl.DateTimeFormat("sv-SE", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** "tisdag 1 december kl. 10:00–12:00": a Stockholm date and slot as Swedes write them. */
export function slotInWords({ date, label }: { date: string; label: string }): string {
  return `${dayInWords.format(new Date(`${date}T12:00:00Z`))} kl. ${timeSlotText(label)}`;
}
