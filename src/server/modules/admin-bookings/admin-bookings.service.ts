import {
  addDays,
  busyDays,
  capacityOf,
  adminSlots,
  isAdminBookableSlot,
  isSlotInFuture,
  occupiedRange,
  occupiedRangeOf,
  rankTechnicians,
  parseTimeSlot,
  RESCHEDULE_SLOTS,
  rescheduleSlots,
  slotsOverlap,
  storedRange,
  type TimeRange,
  type TimeSlot,
} from "@/common/booking-rules";
import type { BookingStatus, ServiceType } from "@/common/constants";
import {
  adminBookingText,
  type AdminBookingDetail,
  type AdminBookingList,
  type AdminBookingListQuery,
  type AdminCreateBooking,
  type AdminOverview,
  type AdminSlot,
  type AdminSlots,
  type RescheduleBooking,
  type StaffBookingLink,
} from "@/common/schemas/admin-bookings";
import type { SessionUser } from "../../plugins/session";
import { AppError, conflict, notFound, unprocessable } from "../../lib/errors";
import type { OutboxMessage, OutboxSender } from "../../jobs/outbox";
import type { BlockedTimesRepository } from "../blocked-times/blocked-times.repository";
import { bookingCancelledEmail, bookingConfirmationEmail, bookingMovedEmail } from "../bookings/booking-email";
import { contactOfBooking, slotKey, type Actor, type BookingRow, type BookingsRepository, type LinkRow } from "../bookings/bookings.repository";
import { customerLinkUrl, linkExpiry, newLinkToken } from "../bookings/customer-link";
import { bookingServerText as text } from "../bookings/bookings.text";
import { toBookingEvent, toBookingImage, toListItem, toStaffBooking } from "../bookings/booking-views";
import { reminderNotNeeded } from "../bookings/visit-reminders";
import type { SettingsService } from "../settings/settings.service";
import type { CompanyProfile } from "@/common/company";
import type { OverviewAlert } from "@/common/schemas/operations";

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
  /** The overview's red alerts (modules/operations/alerts.ts). */
  alerts: () => Promise<OverviewAlert[]>;
  /** Overdue invoices (rules D26), for the overview's "needs attention". */
  overdueInvoices?: () => Promise<{ count: number; leftOre: number }>;
};

const NEW_BOOKINGS_DEFAULT_DAYS = 7;
export const actorOf = (user: SessionUser): Actor => ({ type: user.role, userId: user.id, name: user.name });

/**
 * The customer's e-mail when staff (an admin or a technician) cancel a visit, or undefined when the
 * settings' master switch has turned customer e-mails off: the switch that governs the e-mails of the
 * customer's own cancel and move through their link, and of the admin's reschedule.
 */
export async function staffCancellationEmail(settings: SettingsService): Promise<((after: BookingRow) => OutboxMessage) | undefined> {
  if (!(await settings.get()).emailNotifications) return undefined;
  const company = await settings.company();
  return (after) => bookingCancelledEmail({ booking: after, customer: contactOfBooking(after), company, by: "company" });
}

/**
 * What admins do with bookings (rules §2 admin booking screens, §5, rules D6): list, look at,
 * create for phone customers, change status, reschedule, and manage the customer's link. Every
 * write goes through the bookings repository, so conflicts, history and availability behave the
 * same as for public bookings.
 */
/** How many days ahead the overview warns about nearly used capacity (rules D25). */
const BUSY_DAYS_AHEAD = 14;

export function createAdminBookingsService({
  repo,
  blockedTimes,
  outbox,
  now,
  today,
  timeZone,
  publicUrl,
  calendarFor,
  settings,
  alerts,
  overdueInvoices,
}: Deps) {
  const linkUrl = (token: string) => customerLinkUrl(publicUrl, token);
  const toStaffLink = (link: LinkRow): StaffBookingLink => ({
    url: linkUrl(link.token),
    isActive: link.isActive,
    allowClientUpdates: link.allowClientUpdates,
    expiresAt: link.expiresAt.toISOString(),
    lastAccessed: link.lastAccessed?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
  });

  /** `range`: the whole range the visit holds (rules D24), not only its slot. */
  async function assertNotBlocked(serviceType: string, date: string, range: TimeRange) {
    if (await blockedTimes.blocks(serviceType, date, range.start, range.end)) throw conflict(text.blockedTime);
  }

  /**
   * Every offered time of a date with its state, as create and reschedule would judge it (issue 23
   * point 7): passed, taken by an active booking (who), blocked for the service (why), or on a full
   * day. A time is judged by the range a booking of the service would hold there (rules D24: an
   * installation until the working day ends), against the ranges the bookings of the day hold, as
   * create and reschedule check it: read from the same rows, with the shared rules (rules D25: taken
   * when no technician is left for it); the write decides a race between reading and booking, under
   * the day's lock.
   */
  async function slotStates(serviceType: ServiceType, date: string, offered: TimeSlot[], moving?: BookingRow): Promise<AdminSlots> {
    const [taken, blocked, current, capacity] = await Promise.all([
      repo.activeBookingsOn(date, moving?.id),
      blockedTimes.onDate(date, serviceType),
      settings.get(),
      repo.capacityOn(date, moving?.id),
    ]);
    const maxPerDay = current.maxBookingsPerDay;
    // A booking moved within its own day keeps its place in the day (as reschedule checks it).
    const dayFull = moving?.date !== date && taken.length >= maxPerDay;
    const ranges = <T extends { startTime: string; endTime: string }>(rows: T[]) => rows.map((row) => ({ row, range: storedRange(row) }));
    const takenRanges = ranges(taken);
    const blockedRanges = ranges(blocked);
    const stateOf = (slot: TimeSlot): AdminSlot => {
      const held = occupiedRange(serviceType, slot, current.workdayEnd);
      const room = capacityOf(date, held, slot, capacity.technicians, capacity.held);
      // Who holds the time, when nobody is left for it.
      const takenBy = room.room > 0 ? [] : takenRanges.filter(({ range }) => slotsOverlap(held, range));
      const blockedBy = blockedRanges.filter(({ range }) => slotsOverlap(held, range));
      const state: AdminSlot["state"] = !isSlotInFuture(date, slot.label, now(), timeZone)
        ? "past"
        : room.room === 0
          ? "taken"
          : blockedBy.length > 0
            ? "blocked"
            : dayFull
              ? "full"
              : "free";
      return {
        label: slot.label,
        start: slot.start,
        end: slot.end,
        state,
        takenBy: takenBy.map(({ row: b, range }) => ({
          id: b.id,
          customerName: b.customerName,
          serviceType: b.serviceType as ServiceType,
          status: b.status as BookingStatus,
          timeSlot: b.timeSlot,
          endTime: range.end,
        })),
        blockedBy: blockedBy.map(({ row: b, range }) => ({ id: b.id, reason: b.reason, startTime: range.start, endTime: range.end })),
        freeTechnicians: state === "free" ? rankTechnicians(room.free, capacity.counts).map(({ id, name }) => ({ id, name })) : [],
      };
    };
    return { date, serviceType, maxPerDay, slots: offered.map(stateOf) };
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
        customer: {
          id: customer.id,
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          address: customer.address,
          postalCode: customer.postalCode,
          city: customer.city,
          notes: customer.notes,
        },
        images: images.map((image) => toBookingImage(image)),
        link: link ? toStaffLink(link) : null,
        history: history.map(toBookingEvent),
      };
    },

    /**
     * Books a visit for a customer on the phone (rules D6: any date from today on, the admin
     * slots, never a conflict or a blocked time). The customer gets the confirmation and their link.
     */
    async create(input: AdminCreateBooking, user: SessionUser): Promise<{ id: number }> {
      if (!isAdminBookableSlot(input.serviceType, input.date, input.timeSlot, today())) {
        if (input.date < today()) throw unprocessable(text.dateInPast);
        throw unprocessable(text.slotNotOfferedAdmin(input.timeSlot));
      }
      if (!isSlotInFuture(input.date, input.timeSlot, now(), timeZone)) throw unprocessable(adminBookingText.pastTime);
      const slot = parseTimeSlot(input.timeSlot)!;
      const current = await settings.get();
      // rules D24: "admins may still book what they decide by phone, but never overlapping".
      const range = occupiedRange(input.serviceType, slot, current.workdayEnd);
      await assertNotBlocked(input.serviceType, input.date, range);
      const token = newLinkToken();
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
          startTime: range.start,
          endTime: range.end,
          status: input.status,
        },
        link: { token, expiresAt: linkExpiry(input.date), createdBy: user.id },
        actor: actorOf(user),
        skipReminder: reminderNotNeeded(input.date, today(), current.reminderEmailDays),
        maxPerDay: current.maxBookingsPerDay,
        technicianId: input.technicianId ?? null,
        takenMessage: text.slotUnavailable,
        email:
          current.emailNotifications && current.sendCustomerConfirmation
            ? (booking) =>
                bookingConfirmationEmail({
                  booking,
                  customer: contactOfBooking(booking),
                  manageUrl: linkUrl(token),
                  calendarFile: calendarFor(booking, company),
                  company,
                })
            : undefined,
      });
      if (!created) throw notFound(text.customerNotFound);
      notify(created.outboxId);
      return { id: created.booking.id };
    },

    /** The new-booking form's times of a date with their states (rules D6: the admin slots; a date before today has only passed ones). */
    async slots(serviceType: ServiceType, date: string): Promise<AdminSlots> {
      return slotStates(serviceType, date, adminSlots(serviceType, date));
    },

    /** The reschedule dialog's times of a date with their states; the booking being moved does not take its own time. */
    async rescheduleSlots(id: number, date: string): Promise<AdminSlots> {
      const booking = await repo.findById(id);
      if (!booking) throw notFound(text.bookingNotFound);
      const serviceType = booking.serviceType as ServiceType;
      return slotStates(serviceType, date, rescheduleSlots(serviceType, date), booking);
    },

    /**
     * rules §4: admins may set any status of the list; a cancelled booking only comes back if the
     * range it holds today (rules D24, with the working day as it is now) is still free. A
     * cancellation is the company's: the customer hears of it, with the phone number.
     */
    async setStatus(id: number, status: BookingStatus, user: SessionUser) {
      const current = await repo.findById(id);
      if (!current) throw notFound(text.bookingNotFound);
      const { workdayEnd, maxBookingsPerDay } = await settings.get();
      const rangeNow = (booking: BookingRow) => occupiedRangeOf(booking.serviceType, booking.timeSlot, workdayEnd) ?? storedRange(booking);
      // The range is worked out under the booking's lock, and its room under the day's (rules D25).
      const changed = await repo.changeStatus(id, status, actorOf(user), {
        maxPerDay: maxBookingsPerDay,
        takenMessage: text.reactivateTaken,
        email: status === "cancelled" ? await staffCancellationEmail(settings) : undefined,
        reactivateAs: (booking) => {
          const range = rangeNow(booking);
          return { startTime: range.start, endTime: range.end };
        },
      });
      if (!changed) throw notFound(text.bookingNotFound);
      notify(changed.outboxId);
      return this.detail(id);
    },

    /**
     * rules §5 Reschedule: one of the offered slots (or one of the type's admin slots, so a home
     * visit keeps its 30 minutes), in the future, not blocked, not taken.
     */
    async reschedule(id: number, input: RescheduleBooking, user: SessionUser) {
      const booking = await repo.findById(id);
      if (!booking) throw notFound(text.bookingNotFound);
      const offered = [...RESCHEDULE_SLOTS, ...adminSlots(booking.serviceType as ServiceType, input.date)];
      const slot = offered.find((s) => s.label === input.timeSlot);
      if (!slot) throw unprocessable(text.slotNotOfferedAdmin(input.timeSlot));
      if (!isSlotInFuture(input.date, slot.label, now(), timeZone)) throw new AppError("PAST_TIME", 422, adminBookingText.pastTime);
      const current = await settings.get();
      const range = occupiedRange(booking.serviceType, slot, current.workdayEnd);
      await assertNotBlocked(booking.serviceType, input.date, range);
      const link = await repo.activeLinkOf(id);
      const company = await settings.company();
      const moved = await repo.reschedule(
        id,
        { date: input.date, timeSlot: slot.label, startTime: range.start, endTime: range.end },
        input.status ?? "rescheduled",
        actorOf(user),
        {
          skipReminder: reminderNotNeeded(input.date, today(), current.reminderEmailDays),
          maxPerDay: current.maxBookingsPerDay,
          takenMessage: text.slotUnavailable,
          // The customer learns the new time and gets a new .ics, as when they move it themselves,
          // or of the cancellation when the admin moved and cancelled it at once (unless the settings
          // turned customer e-mails off).
          email: (after, previous, before) => {
            if (!current.emailNotifications) return null;
            if (after.status === "cancelled")
              return before.status === "cancelled"
                ? null
                : bookingCancelledEmail({ booking: after, customer: contactOfBooking(after), company, by: "company" });
            if (slotKey(after) === slotKey(previous)) return null;
            return bookingMovedEmail({
              booking: after,
              customer: contactOfBooking(after),
              previous,
              manageUrl: link ? linkUrl(link.token) : null,
              calendarFile: calendarFor(after, company),
              company,
            });
          },
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
      const link = await repo.replaceLink(
        id,
        { token: newLinkToken(), expiresAt: linkExpiry(booking.date), allowClientUpdates, createdBy: user.id },
        actorOf(user),
      );
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
      const lastBusyDay = addDays(day, BUSY_DAYS_AHEAD - 1);
      const [{ today: todays, fresh, unassigned, failedEmails }, alerted, load, current, overdue] = await Promise.all([
        repo.overview({ today: day, weekEnd: addDays(day, 7), seenSince: seenAt, defaultDays: NEW_BOOKINGS_DEFAULT_DAYS }),
        alerts(),
        repo.technicianLoad(day, lastBusyDay),
        settings.get(),
        overdueInvoices ? overdueInvoices() : { count: 0, leftOre: 0 },
      ]);
      const hours = (minutes: number) => Math.round(minutes / 6) / 10;
      return {
        today: todays.map(toListItem),
        newBookings: { since: seenAt?.toISOString() ?? null, items: fresh.map(toListItem) },
        attention: {
          unassignedNextWeek: unassigned.map(toListItem),
          failedEmails: failedEmails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
          busyDays: busyDays(load, day, lastBusyDay, { start: current.workdayStart, end: current.workdayEnd }).map((d) => ({
            date: d.date,
            bookedHours: hours(d.bookedMinutes),
            availableHours: hours(d.availableMinutes),
            percent: d.percent!,
          })),
          overdueInvoices: overdue,
        },
        alerts: alerted,
      };
    },

    async markBookingsSeen(user: SessionUser) {
      await repo.markBookingsSeen(user.id);
    },
  };
}
export type AdminBookingsService = ReturnType<typeof createAdminBookingsService>;
