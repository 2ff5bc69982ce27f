import { addDays, occupiedRange, parseTimeSlot, type IsoDate } from "@/common/booking-rules";
import { dateText } from "@/common/agreements/terms";
import type { CompanyProfile } from "@/common/company";
import type { SystemSettings } from "@/common/schemas/settings";
import type { OutboxMessage, OutboxSender } from "../../jobs/outbox";
import { AppError } from "../../lib/errors";
import type { AvailabilityService } from "../availability/availability.service";
import type { BlockedTimesRepository } from "../blocked-times/blocked-times.repository";
import { bookingCancelledEmail } from "./booking-email";
import type { Actor, NewCustomer } from "./booking-records.repository";
import { contactOfBooking, type BookingRow, type BookingsRepository } from "./bookings.repository";
import { customerLinkUrl, linkExpiry, newLinkToken } from "./customer-link";
import { reminderNotNeeded } from "./visit-reminders";

type Deps = {
  bookings: BookingsRepository;
  availability: AvailabilityService;
  blockedTimes: BlockedTimesRepository;
  settings: {
    get: () => Promise<
      Pick<SystemSettings, "workdayEnd" | "agreementAnswerDays" | "agreementUnanswered" | "reminderEmailDays" | "maxBookingsPerDay" | "emailNotifications">
    >;
    company: () => Promise<CompanyProfile>;
  };
  outbox: Pick<OutboxSender, "notify">;
  today: () => IsoDate;
  publicUrl: string;
  calendarFor: (booking: BookingRow, company: CompanyProfile) => string;
};

/** What the e-mail of a proposed visit is written from. */
export type ProposalEmailInput = {
  booking: BookingRow;
  customer: NewCustomer;
  manageUrl: string;
  calendarFile: string;
  company: CompanyProfile;
  /** The last day the customer answers ("26 december 2026"); then the settings' rule decides. */
  answerBy: string;
  unanswered: "confirm" | "release";
};

/** A visit the system proposes by itself: for whom, about which product, and what it says. */
export type VisitProposal = {
  customerId: number;
  contact: NewCustomer;
  productId: number;
  heatpumpModel: string;
  description: string;
  /** Who the booking's history says made it ("Serviceavtal", "Läckagekontroll"). */
  actor: Actor;
  /** The proposal's e-mail; sent only when e-mails are on and the customer has an address. */
  email: (input: ProposalEmailInput) => OutboxMessage;
};

/**
 * A visit's row claimed by one caller: inserted now, or taken over (`takenOver`) from a claim a dead
 * process left "claiming" (or, by the admin, a visit that found no time), whose booking may already
 * have been made before the process died.
 */
export type VisitClaim = { id: number; takenOver: boolean };

/** What settling a proposed visit needs of its booking (one just made, or one a dead process made). */
export type ProposedBooking = Pick<BookingRow, "id" | "date" | "timeSlot">;

/** A proposed visit is a service visit. */
const SERVICE = "service" as const;

/**
 * The visits the system proposes by itself (issue 26: an agreement's visit, a due leak check): the
 * first free time of a window by the customers' booking rules (no closed day, no blocked time, the
 * day limit, one visit at a time per technician), held as a planned booking with the customer's
 * link and e-mailed; and the proposals left unanswered confirmed or released as the settings say.
 * One place for both kinds, so they book and settle alike.
 */
export function createVisitProposals({ bookings, availability, blockedTimes, settings, outbox, today, publicUrl, calendarFor }: Deps) {
  return {
    /**
     * Books the first time from `from` to `to` (both included; never before tomorrow) a booking can
     * take, tried in order until one is taken; null when the window has none.
     */
    async bookFirstFree(proposal: VisitProposal, window: { from: IsoDate; to: IsoDate }): Promise<BookingRow | null> {
      const tomorrow = addDays(today(), 1);
      const from = window.from > tomorrow ? window.from : tomorrow;
      if (from > window.to) return null;
      const current = await settings.get();
      const company = await settings.company();
      const { dates } = await availability.range(SERVICE, from, window.to);
      for (const { date } of dates.filter((d) => d.available)) {
        const day = await availability.day(SERVICE, date);
        for (const slot of day.slots.filter((s) => s.available)) {
          const parsed = parseTimeSlot(slot.label)!;
          const range = occupiedRange(SERVICE, parsed, current.workdayEnd);
          if (await blockedTimes.blocks(SERVICE, date, range.start, range.end)) continue;
          const token = newLinkToken();
          // Settled on the morning of that day (settleUnanswered); a visit closer than that is settled tomorrow.
          const settledOn = addDays(date, -current.agreementAnswerDays);
          const answerBy = dateText(settledOn > tomorrow ? settledOn : tomorrow);
          try {
            const created = await bookings.createStaffBooking({
              customerId: proposal.customerId,
              contact: proposal.contact,
              booking: {
                serviceType: SERVICE,
                description: proposal.description,
                heatpumpModel: proposal.heatpumpModel,
                // The product the visit is about: the technician's report (and its leak check) is about it.
                productId: proposal.productId,
                date,
                timeSlot: parsed.label,
                startTime: range.start,
                endTime: range.end,
                status: "planned",
              },
              link: { token, expiresAt: linkExpiry(date), createdBy: null },
              actor: proposal.actor,
              skipReminder: reminderNotNeeded(date, today(), current.reminderEmailDays),
              maxPerDay: current.maxBookingsPerDay,
              email:
                current.emailNotifications && proposal.contact.email
                  ? (booking) =>
                      proposal.email({
                        booking,
                        customer: contactOfBooking(booking),
                        manageUrl: customerLinkUrl(publicUrl, token),
                        calendarFile: calendarFor(booking, company),
                        company,
                        answerBy,
                        unanswered: current.agreementUnanswered,
                      })
                  : undefined,
            });
            if (!created) return null;
            availability.invalidate();
            if (created.outboxId) outbox.notify(created.outboxId);
            return created.booking;
          } catch (error) {
            // Taken meanwhile (a customer's booking, the day filled up): the next time.
            if (error instanceof AppError && error.statusCode === 409) continue;
            throw error;
          }
        }
      }
      return null;
    },

    /**
     * Confirms or releases (by the settings) the proposals `unanswered` finds still planned on or
     * before the last date it is given: the settings' number of days from today. A released time is
     * said by e-mail; a confirmed one was announced in the proposal ("the time stands").
     */
    async settleUnanswered(unanswered: (lastDate: IsoDate) => Promise<{ bookingId: number }[]>, actor: Actor): Promise<number> {
      const current = await settings.get();
      const company = await settings.company();
      const due = await unanswered(addDays(today(), current.agreementAnswerDays));
      const status = current.agreementUnanswered === "confirm" ? "confirmed" : "cancelled";
      for (const proposal of due) {
        const changed = await bookings
          .changeStatus(proposal.bookingId, status, actor, {
            check: (b) => {
              if (b.status !== "planned") throw new AppError("ANSWERED", 409, "Besöket är redan besvarat.");
            },
            email:
              current.emailNotifications && status === "cancelled"
                ? (booking) => bookingCancelledEmail({ booking, customer: contactOfBooking(booking), company, by: "company" })
                : undefined,
          })
          .catch((error: unknown) => {
            if (error instanceof AppError && error.statusCode === 409) return null; // answered meanwhile
            throw error;
          });
        if (changed?.outboxId) outbox.notify(changed.outboxId);
      }
      if (due.length > 0) availability.invalidate();
      return due.length;
    },
  };
}
export type VisitProposals = ReturnType<typeof createVisitProposals>;
