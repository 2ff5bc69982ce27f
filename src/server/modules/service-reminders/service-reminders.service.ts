import { addDays, todayIn } from "@/common/booking-rules";
import {
  REMINDER_AFTER_DAYS,
  REMINDER_DISCOUNT_DAYS,
  REMINDER_DISCOUNT_PERCENT,
  REMINDER_SEND_AFTER_DAYS,
  remindersText,
  type PendingProduct,
  type Reminder,
  type ReminderOffer,
} from "@/common/schemas/service-reminders";
import type { Db } from "../../db/client";
import type { OutboxSender } from "../../jobs/outbox";
import { conflict, notFound } from "../../lib/errors";
import type { SettingsService } from "../settings/settings.service";
import { REMINDER_SUBJECT, pumpName, serviceReminderEmail } from "./reminder-email";
import type { ReminderRow, ServiceRemindersRepository } from "./service-reminders.repository";

type Deps = {
  repo: ServiceRemindersRepository;
  outbox: Pick<OutboxSender, "notify">;
  settings: SettingsService;
  now: () => Date;
  timeZone: string;
  publicUrl: string;
};

/** An offer found for a booking its customer made from a reminder's link. */
export type BookingOffer = { reminder: ReminderRow; valid: boolean; validUntil: string | null; note: string | null };

/** E-mail addresses compare without case and surrounding spaces, as customers are found by them. */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Service reminders (rules §9, issue 12): products installed 24 months (of 30 days) ago get a
 * reminder, sent 7 days after it was created with a 15 % discount valid 30 days; a daily job does
 * both by itself, an admin can do each step by hand. Everything across instances is decided in the
 * database (an advisory lock for creating, a conditional UPDATE claiming each send).
 */
export function createServiceReminders({ repo, outbox, settings, now, timeZone, publicUrl }: Deps) {
  const today = () => todayIn(now(), timeZone);
  const validUntilOf = (reminder: ReminderRow) => (reminder.sentAt ? addDays(todayIn(reminder.sentAt, timeZone), REMINDER_DISCOUNT_DAYS) : null);
  const isValid = (reminder: ReminderRow) => {
    const until = validUntilOf(reminder);
    return until !== null && today() <= until;
  };

  async function create(productIds?: number[]): Promise<number> {
    const day = today();
    return repo.createReminders({
      cutoff: addDays(day, -REMINDER_AFTER_DAYS),
      dueDate: addDays(day, REMINDER_SEND_AFTER_DAYS),
      productIds,
      subject: REMINDER_SUBJECT,
      discountOffer: `${REMINDER_DISCOUNT_PERCENT} %`,
    });
  }

  /** Sends every due reminder; the e-mail master switch of the settings stops them (rules D11). */
  async function send(): Promise<number | null> {
    if (!(await settings.get()).emailNotifications) return null;
    const company = await settings.company();
    let sent = 0;
    for (const id of await repo.dueReminderIds(today())) {
      const at = now();
      const validUntil = addDays(todayIn(at, timeZone), REMINDER_DISCOUNT_DAYS);
      const outboxId = await repo.claimAndQueue(id, at, (parties) => serviceReminderEmail({ ...parties, validUntil, publicUrl, company }));
      if (outboxId !== null) {
        outbox.notify(outboxId);
        sent++;
      }
    }
    return sent;
  }

  return {
    async pending(): Promise<PendingProduct[]> {
      const rows = await repo.pendingProducts(addDays(today(), -REMINDER_AFTER_DAYS));
      return rows.map(({ product, customer }) => ({
        id: product.id,
        model: product.model,
        type: product.type,
        installDate: product.installDate!,
        customer: {
          id: customer.id,
          name: customer.name,
          city: customer.city,
          email: customer.email,
          phone: customer.phone,
          unsubscribed: customer.remindersUnsubscribedAt !== null,
        },
      }));
    },

    create,

    /** rules §5 import: all rows or none (the repository decides in one transaction). */
    importCustomers: repo.importCustomers,

    /** The admin's 'Skicka påminnelser': refused with the reason while e-mails are switched off. */
    async sendNow(): Promise<number> {
      const sent = await send();
      if (sent === null) throw conflict(remindersText.emailsOff);
      return sent;
    },

    /** The daily job: create what reached 24 months, send what is 7 days old. */
    async runDaily(): Promise<{ created: number; sent: number }> {
      const created = await create();
      return { created, sent: (await send()) ?? 0 };
    },

    async list(): Promise<Reminder[]> {
      const rows = await repo.list();
      return rows.map(({ reminder, customer, product, responses }) => ({
        id: reminder.id,
        dueDate: reminder.dueDate,
        sent: reminder.sent,
        sentAt: reminder.sentAt?.toISOString() ?? null,
        discountValidUntil: validUntilOf(reminder),
        createdAt: reminder.createdAt.toISOString(),
        customer: { id: customer.id, name: customer.name, email: customer.email, city: customer.city, unsubscribed: customer.remindersUnsubscribedAt !== null },
        product: product ? { id: product.id, model: product.model, installDate: product.installDate } : null,
        responses: responses.map((r) => ({ type: r.responseType, date: r.responseDate.toISOString(), bookingId: r.bookingId })),
      }));
    },

    /** What the booking form is prefilled with from a reminder's link. */
    async offer(token: string): Promise<ReminderOffer> {
      const found = await repo.byToken(token);
      if (!found || !found.reminder.sent) throw notFound(remindersText.offerNotFound);
      const { customer, product, reminder, offerUsed } = found;
      return {
        name: customer.name,
        email: customer.email,
        phone: customer.phone,
        address: customer.address,
        city: customer.city,
        postalCode: customer.postalCode,
        heatpumpModel: product ? pumpName(product) : "",
        discountPercent: REMINDER_DISCOUNT_PERCENT,
        validUntil: validUntilOf(reminder),
        valid: isValid(reminder) && !offerUsed,
        used: offerUsed,
      };
    },

    /**
     * The offer of a reminder's link for a booking with `email`: only the customer the reminder was
     * sent to (the same e-mail address) books from it; anyone else who has the link books as without
     * it. Whether this booking gets the discount is decided in its transaction (useForBooking).
     */
    async offerForBooking(token: string, email: string): Promise<BookingOffer | null> {
      const found = await repo.byToken(token);
      if (!found || !found.reminder.sent || !sameEmail(found.customer.email, email)) return null;
      const valid = isValid(found.reminder);
      const validUntil = validUntilOf(found.reminder);
      const note = valid ? `Servicepåminnelse: ${REMINDER_DISCOUNT_PERCENT} % rabatt på servicen (erbjudandet gäller t.o.m. ${validUntil}).` : null;
      return { reminder: found.reminder, valid, validUntil, note };
    },

    /**
     * Inside the booking's transaction: records the booking as the reminder's answer, and gives it
     * the discount if the offer still holds and no other standing booking has it (issue 22.8: one
     * discount per reminder). Returns the note for staff when this booking got the discount.
     */
    async useForBooking(tx: Db, offer: BookingOffer, bookingId: number): Promise<{ notes: string | null }> {
      await repo.recordBooked(tx, offer.reminder, bookingId, now());
      const discounted = offer.valid && (await repo.claimOffer(tx, offer.reminder.id, bookingId));
      return { notes: discounted ? offer.note : null };
    },

    unsubscribe: (token: string) => repo.unsubscribe(token, now()),
    isKnown: async (token: string) => (await repo.byToken(token)) !== null,
  };
}

export type ServiceReminders = ReturnType<typeof createServiceReminders>;
