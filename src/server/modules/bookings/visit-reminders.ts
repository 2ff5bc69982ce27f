import { addDays, slotInstants, todayIn } from "@/common/booking-rules";
import { TERMS } from "@/common/constants";
import type { OutboxSender } from "../../jobs/outbox";
import type { SettingsService } from "../settings/settings.service";
import { visitReminderEmail } from "./booking-email";
import { customerLinkUrl } from "./customer-link";
import { contactOfBooking, slotKey, type BookingRow, type BookingsRepository } from "./bookings.repository";

type Deps = { repo: BookingsRepository; outbox: Pick<OutboxSender, "notify">; now: () => Date; timeZone: string; publicUrl: string; settings: SettingsService };

/** Reminders go out from this local hour on the reminder day (not in the night). */
const SEND_FROM_HOUR = 8;
const HOUR_MS = 3600 * 1000;

/**
 * True when a visit on `date` is booked or moved on `today` inside the reminder window (the
 * settings' `reminderEmailDays` before it): the customer just chose the time and gets no reminder
 * for it (rules D14). Writers pass it to the repository as `skipReminder`.
 */
export const reminderNotNeeded = (date: string, today: string, reminderDays: number) => today >= addDays(date, -reminderDays);

/**
 * Visit reminders (rules D14): the settings' number of days (1, 2, 3 or 7; rules D11) before
 * the visit the customer gets a reminder with
 * the time, the address, how to prepare and their link. Run by a scheduled job; each booking gets
 * exactly one reminder for its current time, whichever app instance runs the job (the claim in
 * the repository is one conditional UPDATE). None for a visit booked (or moved) inside that window
 * ahead, and none for a cancelled or finished one; a moved visit's old time gets none.
 */
export function createVisitReminders({ repo, outbox, now, timeZone, publicUrl, settings }: Deps) {
  const localHour = (instant: Date) => Number(new Intl.DateTimeFormat("sv-SE", { hour: "2-digit", hourCycle: "h23", timeZone }).format(instant));

  // A time booked (or moved to) inside the window gets no reminder: whoever set it marked it
  // as reminded (visitReminderFor) in the same write, on the app's clock (see reminderNotNeeded).
  function isDue(booking: BookingRow, at: Date, today: string, reminderDays: number): boolean {
    const reminderDay = addDays(booking.date, -reminderDays);
    if (today < reminderDay || today >= booking.date) return false;
    return !(today === reminderDay && localHour(at) < SEND_FROM_HOUR);
  }

  return {
    /** Sends every reminder that is due now; returns how many this run sent. */
    async run(): Promise<number> {
      const current = await settings.get();
      // rules D11: the e-mail master switch stops reminders; the days come from the settings.
      if (!current.emailNotifications) return 0;
      const days = current.reminderEmailDays;
      const company = await settings.company();
      const at = now();
      const today = todayIn(at, timeZone);
      const dates = Array.from({ length: days }, (_, i) => addDays(today, i + 1));
      const candidates = await repo.visitRemindersToConsider(dates);
      let sent = 0;
      for (const booking of candidates.filter((b) => isDue(b, at, today, days))) {
        const link = await repo.activeLinkOf(booking.id);
        const start = slotInstants(booking.date, booking.timeSlot, timeZone)!.start;
        const canStillChange = start.getTime() - at.getTime() > TERMS.cancellationHours * HOUR_MS;
        const outboxId = await repo.claimVisitReminder(booking.id, slotKey(booking), (current) =>
          visitReminderEmail({
            booking: current,
            customer: contactOfBooking(current),
            manageUrl: link ? customerLinkUrl(publicUrl, link.token) : null,
            canStillChange,
            daysAhead: daysBetween(today, current.date),
            company,
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

/** Whole days from one ISO date to a later one. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
