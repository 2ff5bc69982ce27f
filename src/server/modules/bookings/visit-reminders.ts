import { addDays, slotInstants, todayIn } from "@/common/booking-rules";
import { TERMS } from "@/common/constants";
import type { OutboxSender } from "../../jobs/outbox";
import { visitReminderEmail } from "./booking-email";
import { customerLinkUrl } from "./customer-link";
import { contactOfBooking, slotKey, type BookingRow, type BookingsRepository } from "./bookings.repository";

type Deps = { repo: BookingsRepository; outbox: Pick<OutboxSender, "notify">; now: () => Date; timeZone: string; publicUrl: string };

/** Reminders go out from this local hour on the day two days before the visit (not in the night). */
const SEND_FROM_HOUR = 8;
const HOUR_MS = 3600 * 1000;

/**
 * True when a visit on `date` is booked or moved on `today`, less than two days ahead: the customer
 * just chose the time and gets no reminder for it (DECISIONS 14). Writers pass it to the repository
 * as `skipReminder`.
 */
export const reminderNotNeeded = (date: string, today: string) => today >= addDays(date, -2);

/**
 * Visit reminders (DECISIONS 14): two days before the visit the customer gets a reminder with
 * the time, the address, how to prepare and their link. Run by a scheduled job; each booking gets
 * exactly one reminder for its current time, whichever app instance runs the job (the claim in
 * the repository is one conditional UPDATE). None for a visit booked (or moved) less than two days
 * ahead, and none for a cancelled or finished one; a moved visit's old time gets none.
 */
export function createVisitReminders({ repo, outbox, now, timeZone, publicUrl }: Deps) {
  const localHour = (instant: Date) => Number(new Intl.DateTimeFormat("sv-SE", { hour: "2-digit", hourCycle: "h23", timeZone }).format(instant));

  // A time booked (or moved to) less than two days ahead gets no reminder: whoever set it marked it
  // as reminded (visitReminderFor) in the same write, on the app's clock (see reminderNotNeeded).
  function isDue(booking: BookingRow, at: Date, today: string): boolean {
    const reminderDay = addDays(booking.date, -2);
    if (today < reminderDay || today >= booking.date) return false;
    return !(today === reminderDay && localHour(at) < SEND_FROM_HOUR);
  }

  return {
    /** Sends every reminder that is due now; returns how many this run sent. */
    async run(): Promise<number> {
      const at = now();
      const today = todayIn(at, timeZone);
      const candidates = await repo.visitRemindersToConsider([addDays(today, 1), addDays(today, 2)]);
      let sent = 0;
      for (const booking of candidates.filter((b) => isDue(b, at, today))) {
        const link = await repo.activeLinkOf(booking.id);
        const start = slotInstants(booking.date, booking.timeSlot, timeZone)!.start;
        const canStillChange = start.getTime() - at.getTime() > TERMS.cancellationHours * HOUR_MS;
        const outboxId = await repo.claimVisitReminder(booking.id, slotKey(booking), (current) =>
          visitReminderEmail({
            booking: current,
            customer: contactOfBooking(current),
            manageUrl: link ? customerLinkUrl(publicUrl, link.token) : null,
            canStillChange,
          }),
        );
        if (outboxId !== null) {
          outbox.notify(outboxId);
          sent++;
        }
      }
      return sent;
    },
  };
}
