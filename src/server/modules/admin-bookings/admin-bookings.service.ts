import { addDays, adminSlots, isAdminBookableSlot, isSlotInFuture, parseTimeSlot, RESCHEDULE_SLOTS, type TimeSlot } from "@/common/booking-rules";
import type { BookingStatus, ServiceType } from "@/common/constants";
import {
  adminBookingText,
  type AdminBookingDetail,
  type AdminBookingList,
  type AdminBookingListQuery,
  type AdminCreateBooking,
  type AdminOverview,
  type RescheduleBooking,
  type StaffBookingLink,
} from "@/common/schemas/admin-bookings";
import type { SessionUser } from "../../plugins/session";
import { AppError, conflict, notFound, unprocessable } from "../../lib/errors";
import type { OutboxSender } from "../../jobs/outbox";
import type { BlockedTimesRepository } from "../blocked-times/blocked-times.repository";
import { bookingConfirmationEmail, bookingMovedEmail } from "../bookings/booking-email";
import { contactOfBooking, slotKey, type Actor, type BookingRow, type BookingsRepository, type LinkRow } from "../bookings/bookings.repository";
import { customerLinkUrl, linkExpiry, newLinkToken } from "../bookings/customer-link";
import { bookingServerText as text } from "../bookings/bookings.text";
import { toBookingEvent, toBookingImage, toListItem, toStaffBooking } from "../bookings/booking-views";
import { reminderNotNeeded } from "../bookings/visit-reminders";
import type { SettingsService } from "../settings/settings.service";
import type { CompanyProfile } from "@/common/company";

type Deps = {
  repo: BookingsRepository;
  blockedTimes: BlockedTimesRepository;
  outbox: Pick<OutboxSender, "notify">;
  now: () => Date;
  today: () => string;
  timeZone: string;
  publicUrl: string;
  calendarFor: (booking: BookingRow, company: CompanyProfile) => string;
  settings: SettingsService;
};

const NEW_BOOKINGS_DEFAULT_DAYS = 7;
export const actorOf = (user: SessionUser): Actor => ({ type: user.role, userId: user.id, name: user.name });

/**
 * What admins do with bookings (SPEC §2 admin booking screens, §5, DECISIONS 6): list, look at,
 * create for phone customers, change status, reschedule, and manage the customer's link. Every
 * write goes through the bookings repository, so conflicts, history and availability behave the
 * same as for public bookings.
 */
export function createAdminBookingsService({ repo, blockedTimes, outbox, now, today, timeZone, publicUrl, calendarFor, settings }: Deps) {
  const linkUrl = (token: string) => customerLinkUrl(publicUrl, token);
  const toStaffLink = (link: LinkRow): StaffBookingLink => ({
    url: linkUrl(link.token),
    isActive: link.isActive,
    allowClientUpdates: link.allowClientUpdates,
    expiresAt: link.expiresAt.toISOString(),
    lastAccessed: link.lastAccessed?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
  });

  async function assertNotBlocked(serviceType: string, date: string, slot: TimeSlot) {
    if (await blockedTimes.blocks(serviceType, date, slot.start, slot.end)) throw conflict(text.blockedTime);
  }

  /**
   * A taken time answers with the public booking's message (issue 14: "exactly like public
   * bookings"). Checked first for a quick answer; the exclusion constraint still decides a race.
   */
  async function assertFree(date: string, slot: TimeSlot, exceptId?: number) {
    if (await repo.isTimeTaken(date, slot.start, slot.end, exceptId)) throw conflict(text.slotUnavailable);
  }

  function notify(outboxId: number | null) {
    if (outboxId !== null) outbox.notify(outboxId);
  }

  return {
    async list(query: AdminBookingListQuery): Promise<AdminBookingList> {
      const { rows, total } = await repo.list(query);
      return { items: rows.map(toListItem), total, page: query.page, pageSize: query.pageSize };
    },

    async detail(id: number): Promise<AdminBookingDetail> {
      const found = await repo.detail(id);
      if (!found) throw notFound(text.bookingNotFound);
      const { booking, customer, technician, images, link, history } = found;
      return {
        booking: toStaffBooking(booking, technician),
        contact: contactOfBooking(booking),
        customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone, address: customer.address, postalCode: customer.postalCode, city: customer.city, notes: customer.notes },
        images: images.map((image) => toBookingImage(image)),
        link: link ? toStaffLink(link) : null,
        history: history.map(toBookingEvent),
      };
    },

    /**
     * Books a visit for a customer on the phone (DECISIONS 6: any date from today on, the admin
     * slots, never a conflict or a blocked time). The customer gets the confirmation and their link.
     */
    async create(input: AdminCreateBooking, user: SessionUser): Promise<{ id: number }> {
      if (!isAdminBookableSlot(input.serviceType, input.date, input.timeSlot, today())) {
        if (input.date < today()) throw unprocessable(text.dateInPast);
        throw unprocessable(text.slotNotOfferedAdmin(input.timeSlot));
      }
      if (!isSlotInFuture(input.date, input.timeSlot, now(), timeZone)) throw unprocessable(adminBookingText.pastTime);
      const slot = parseTimeSlot(input.timeSlot)!;
      await assertNotBlocked(input.serviceType, input.date, slot);
      await assertFree(input.date, slot);
      const token = newLinkToken();
      const current = await settings.get();
      const company = await settings.company();
      const created = await repo.createStaffBooking({
        customerId: input.customerId,
        contact: input.customerInfo,
        booking: {
          serviceType: input.serviceType,
          description: input.description,
          heatpumpModel: input.serviceType === "hembesok" ? null : input.heatpumpModel || null,
          date: input.date,
          timeSlot: slot.label,
          startTime: slot.start,
          endTime: slot.end,
          status: input.status,
        },
        link: { token, expiresAt: linkExpiry(input.date), createdBy: user.id },
        actor: actorOf(user),
        skipReminder: reminderNotNeeded(input.date, today(), current.reminderEmailDays),
        maxPerDay: current.maxBookingsPerDay,
        email:
          current.emailNotifications && current.sendCustomerConfirmation
            ? (booking) => bookingConfirmationEmail({ booking, customer: contactOfBooking(booking), manageUrl: linkUrl(token), calendarFile: calendarFor(booking, company), company })
            : undefined,
      });
      if (!created) throw notFound(text.customerNotFound);
      notify(created.outboxId);
      return { id: created.booking.id };
    },

    /** SPEC §4: admins may set any status of the list; a cancelled booking only comes back if its time is still free. */
    async setStatus(id: number, status: BookingStatus, user: SessionUser) {
      const current = await repo.findById(id);
      if (!current) throw notFound(text.bookingNotFound);
      if (current.status === "cancelled" && status !== "cancelled" && (await repo.isTimeTaken(current.date, current.startTime, current.endTime, id))) {
        throw conflict(text.reactivateTaken);
      }
      const changed = await repo.changeStatus(id, status, actorOf(user), { maxPerDay: (await settings.get()).maxBookingsPerDay });
      if (!changed) throw notFound(text.bookingNotFound);
      return this.detail(id);
    },

    /**
     * SPEC §5 Reschedule: one of the offered slots (or one of the type's admin slots, so a home
     * visit keeps its 30 minutes), in the future, not blocked, not taken.
     */
    async reschedule(id: number, input: RescheduleBooking, user: SessionUser) {
      const booking = await repo.findById(id);
      if (!booking) throw notFound(text.bookingNotFound);
      const offered = [...RESCHEDULE_SLOTS, ...adminSlots(booking.serviceType as ServiceType, input.date)];
      const slot = offered.find((s) => s.label === input.timeSlot);
      if (!slot) throw unprocessable(text.slotNotOfferedAdmin(input.timeSlot));
      if (!isSlotInFuture(input.date, slot.label, now(), timeZone)) throw new AppError("PAST_TIME", 422, adminBookingText.pastTime);
      await assertNotBlocked(booking.serviceType, input.date, slot);
      await assertFree(input.date, slot, id);
      const link = await repo.activeLinkOf(id);
      const current = await settings.get();
      const company = await settings.company();
      const moved = await repo.reschedule(
        id,
        { date: input.date, timeSlot: slot.label, startTime: slot.start, endTime: slot.end },
        input.status ?? "rescheduled",
        actorOf(user),
        {
          skipReminder: reminderNotNeeded(input.date, today(), current.reminderEmailDays),
          maxPerDay: current.maxBookingsPerDay,
          // The customer learns the new time and gets a new .ics, as when they move it themselves
          // (unless the settings turned customer e-mails off).
          email: (after, before) =>
            slotKey(after) === slotKey(before) || after.status === "cancelled" || !current.emailNotifications
              ? null
              : bookingMovedEmail({ booking: after, customer: contactOfBooking(after), previous: before, manageUrl: link ? linkUrl(link.token) : null, calendarFile: calendarFor(after, company), company }),
        },
      );
      if (!moved) throw notFound(text.bookingNotFound);
      notify(moved.outboxId);
      return this.detail(id);
    },

    /** A new link for the customer (the old one stops working). */
    async createLink(id: number, allowClientUpdates: boolean, user: SessionUser): Promise<StaffBookingLink> {
      const booking = await repo.findById(id);
      if (!booking) throw notFound(text.bookingNotFound);
      const link = await repo.replaceLink(id, { token: newLinkToken(), expiresAt: linkExpiry(booking.date), allowClientUpdates, createdBy: user.id }, actorOf(user));
      if (!link) throw notFound(text.bookingNotFound);
      return toStaffLink(link);
    },

    async updateLink(id: number, patch: { isActive?: boolean; allowClientUpdates?: boolean }, user: SessionUser): Promise<StaffBookingLink> {
      if (!(await repo.findById(id))) throw notFound(text.bookingNotFound);
      const link = await repo.updateLink(id, patch, actorOf(user));
      if (!link) throw notFound(text.noLink);
      return toStaffLink(link);
    },

    async searchCustomers(q: string) {
      return repo.searchCustomers(q);
    },

    /** The admin start page: today's visits, bookings made since the admin last looked, what needs attention. */
    async overview(user: SessionUser): Promise<AdminOverview> {
      const seenAt = await repo.bookingsSeenAt(user.id);
      const day = today();
      const { today: todays, fresh, unassigned, failedEmails } = await repo.overview({
        today: day,
        weekEnd: addDays(day, 7),
        seenSince: seenAt,
        defaultDays: NEW_BOOKINGS_DEFAULT_DAYS,
      });
      return {
        today: todays.map(toListItem),
        newBookings: { since: seenAt?.toISOString() ?? null, items: fresh.map(toListItem) },
        attention: {
          unassignedNextWeek: unassigned.map(toListItem),
          failedEmails: failedEmails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
        },
      };
    },

    async markBookingsSeen(user: SessionUser) {
      await repo.markBookingsSeen(user.id);
    },
  };
}
export type AdminBookingsService = ReturnType<typeof createAdminBookingsService>;
