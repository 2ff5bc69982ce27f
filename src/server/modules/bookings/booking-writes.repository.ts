import { and, asc, eq, gte, inArray, notInArray, sql } from "drizzle-orm";
import { planningText } from "@/common/schemas/planning";
import type { Db } from "../../db/client";
import { lockCustomerEmail } from "../../db/locks";
import { bookings, customers, products, serviceHistory, sharedBookingLinks, users } from "../../db/schema";
import { conflict, unprocessable } from "../../lib/errors";
import type { ProcessedImage } from "../../lib/images";
import { enqueueEmail, withdrawQueued, type OutboxMessage } from "../../jobs/outbox";
import { bookingServerText as text } from "./bookings.text";
import { linkExpiry } from "./customer-link";
import { insertLeakCheck, lockProduct, registerRowOf, type LeakCheckWrite } from "../refrigerant/refrigerant.repository";
import { assertCanTake, lockBookingDay, placeVisit, technicianBusyAt } from "./booking-capacity.repository";
import { parseTimeSlot, storedRange } from "@/common/booking-rules";
import {
  bookingContactOf,
  bookingWriter,
  FINISHED_STATUSES,
  insertImage,
  isActiveVisit,
  lockBooking,
  recordEvent,
  slotKey,
  type Actor,
  type BookingRow,
  type CustomerRow,
  type NewBooking,
  type NewCustomer,
  type SlotChange,
} from "./booking-records.repository";

/** The date and time of a slotKey. */
const slotOfKey = (key: string): { date: string; timeSlot: string } | null => {
  const [date, timeSlot] = key.split(" ");
  return date && timeSlot ? { date, timeSlot } : null;
};

/** The outbox key of a booking's "moved" e-mail: one such e-mail is queued per booking at a time. */
export const movedEmailKey = (bookingId: number) => `booking-moved:${bookingId}`;

export class TooManyActiveBookingsError extends Error {}

/**
 * The bookings' writes, for the public wizard, admins, technicians and the reminders: each in one
 * transaction (see bookingWriter) with its line in the booking's history; `onCreated` (the metrics'
 * count) hears of each new booking once it has committed.
 */
export function createBookingWritesRepository(
  db: Db,
  {
    onChange,
    onCreated,
    movedEmailDelaySeconds,
  }: {
    onChange: () => void;
    onCreated: (source: "public" | "staff") => void;
    /** How long a "moved" e-mail waits for a later move to replace it (config MOVED_EMAIL_DELAY_SECONDS). */
    movedEmailDelaySeconds: number;
  },
) {
  const write = bookingWriter(db, onChange);

  return {
    /**
     * Creates a public booking with its customer (found by e-mail, never changed; created when new),
     * images, customer link and confirmation e-mail in one transaction: all of it or nothing.
     * Throws TooManyActiveBookingsError when the e-mail already has `maxActive` visits ahead; the
     * check holds under concurrency because it runs under a lock on the e-mail address.
     */
    async createPublicBooking(input: {
      customer: NewCustomer;
      booking: NewBooking;
      images: ProcessedImage[];
      link: { token: string; expiresAt: Date };
      maxActive: number;
      /** rules §9 settings: the day takes no more than this many bookings (rules D11). */
      maxPerDay: number;
      today: string;
      /** The e-mails to queue with the booking (the settings decide which). */
      emails: (booking: BookingRow) => OutboxMessage[];
      /** Booked inside the reminder window: no visit reminder for this time (rules D14). */
      skipReminder?: boolean;
      /** More to write with the booking, in its transaction (a service reminder's answer); may give the booking its notes. */
      also?: (tx: Db, booking: BookingRow) => Promise<{ notes: string | null } | void>;
    }) {
      const created = await write(async (tx) => {
        await lockCustomerEmail(tx, input.customer.email);
        if ((await countActiveBookings(tx, input.customer.email, input.today)) >= input.maxActive) throw new TooManyActiveBookingsError();
        // A taken time is said before a full day (the public answer's order).
        const technicianId = await placeVisit(tx, placementOf(input.booking));
        await assertDayHasRoom(tx, input.booking.date, input.maxPerDay);
        const customer = await findOrCreateCustomerByEmail(tx, input.customer);
        let [booking] = await tx
          .insert(bookings)
          .values({
            ...input.booking,
            ...bookingContactOf(input.customer),
            assignedTechnicianId: technicianId,
            customerId: customer.id,
            visitReminderFor: input.skipReminder ? slotKey(input.booking) : null,
          })
          .returning();
        for (const image of input.images) await insertImage(tx, booking.id, image, "customer", null, null);
        await tx.insert(sharedBookingLinks).values({ bookingId: booking.id, token: input.link.token, expiresAt: input.link.expiresAt });
        await recordEvent(tx, booking.id, { type: "customer", name: input.customer.name }, "created", null, slotKey(booking));
        const also = await input.also?.(tx, booking);
        if (also?.notes) [booking] = await tx.update(bookings).set({ notes: also.notes }).where(eq(bookings.id, booking.id)).returning();
        const outboxIds: number[] = [];
        for (const message of input.emails(booking)) outboxIds.push(await enqueueEmail(tx, message, { customerId: booking.customerId }));
        return { booking, outboxIds };
      });
      onCreated("public");
      return created;
    },

    /**
     * A booking made by staff (phone customers): for an existing customer (`customerId`) or a new
     * one, with its own contact copy, the customer's link and, when given, the confirmation e-mail.
     */
    async createStaffBooking(input: {
      customerId?: number;
      contact: NewCustomer;
      booking: NewBooking;
      link: { token: string; expiresAt: Date; createdBy: number | null };
      actor: Actor;
      email?: (booking: BookingRow) => OutboxMessage;
      /** Booked less than two days ahead: no visit reminder for this time (rules D14). */
      skipReminder?: boolean;
      maxPerDay: number;
      /** The technician staff chose (rules D25: refused unless free then); none: the free one whose turn it is. */
      technicianId?: number | null;
      /** What a time without room answers (the admin's wording). */
      takenMessage?: string;
    }) {
      const created = await write(async (tx) => {
        const technicianId = await placeVisit(tx, { ...placementOf(input.booking), chosen: input.technicianId ?? null, takenMessage: input.takenMessage });
        await assertDayHasRoom(tx, input.booking.date, input.maxPerDay);
        const customerId =
          input.customerId !== undefined
            ? (await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId)).limit(1))[0]?.id
            : (await findOrCreateCustomerByEmail(tx, input.contact)).id;
        if (customerId === undefined) return null;
        const [booking] = await tx
          .insert(bookings)
          .values({
            ...input.booking,
            ...bookingContactOf(input.contact),
            assignedTechnicianId: technicianId,
            customerId,
            visitReminderFor: input.skipReminder ? slotKey(input.booking) : null,
          })
          .returning();
        await tx
          .insert(sharedBookingLinks)
          .values({ bookingId: booking.id, token: input.link.token, expiresAt: input.link.expiresAt, createdBy: input.link.createdBy });
        await recordEvent(tx, booking.id, input.actor, "created", null, slotKey(booking));
        const outboxId = input.email ? await enqueueEmail(tx, input.email(booking), { customerId: booking.customerId }) : null;
        return { booking, outboxId };
      });
      if (created) onCreated("staff");
      return created;
    },

    /**
     * Sets a booking's status and records it (kind "cancelled" for a cancellation). `allowed`
     * decides from the locked row whether the change may happen (return a refusal to abort).
     * Returns null when the booking does not exist.
     */
    async changeStatus(
      id: number,
      status: string,
      actor: Actor,
      options: {
        check?: (booking: BookingRow) => void;
        email?: (booking: BookingRow) => OutboxMessage;
        /** Why, kept with the history line (a technician's reason for cancelling). */
        note?: string;
        assignTo?: number;
        /** A cancelled booking brought back takes a place of its day again. */
        maxPerDay?: number;
        /** What a cancelled booking brought back answers when its time has no room now. */
        takenMessage?: string;
        /**
         * The range a cancelled booking brought back holds (rules D24: an installation holds the
         * rest of its day as the working day is now); ignored for any other change.
         */
        reactivateAs?: (booking: BookingRow) => { startTime: string; endTime: string };
      } = {},
    ) {
      return write(async (tx) => {
        const before = await lockBooking(tx, id);
        if (!before) return null;
        options.check?.(before);
        if (before.status === status) return { before, after: before, outboxId: null };
        const comesBack = before.status === "cancelled" && status !== "cancelled";
        const reactivated: { startTime?: string; endTime?: string } = comesBack && options.reactivateAs ? options.reactivateAs(before) : {};
        let assign: { assignedTechnicianId?: number | null } = {};
        if (comesBack) {
          // Back in the calendar: its technician if still free, else the free one whose turn it is (rules D25).
          const range = { start: reactivated.startTime ?? before.startTime, end: reactivated.endTime ?? before.endTime };
          const placement = { ...placementOf({ ...before, startTime: range.start, endTime: range.end }), visitId: id };
          assign = { assignedTechnicianId: await placeVisit(tx, { ...placement, current: before.assignedTechnicianId, takenMessage: options.takenMessage }) };
          if (options.maxPerDay !== undefined) await assertDayHasRoom(tx, before.date, options.maxPerDay);
        } else if (options.assignTo !== undefined && before.assignedTechnicianId === null) {
          // A technician who starts an unassigned visit takes it, unless another visit of theirs overlaps it.
          await lockBookingDay(tx, before.date);
          if (await technicianBusyAt(tx, options.assignTo, before.date, storedRange(before), id, { visitsOnly: true })) {
            throw conflict(planningText.technicianBusy);
          }
          assign = { assignedTechnicianId: options.assignTo };
        }
        const [after] = await tx
          .update(bookings)
          .set({ status, ...assign, ...reactivated })
          .where(eq(bookings.id, id))
          .returning();
        await recordEvent(tx, id, actor, status === "cancelled" ? "cancelled" : "status", before.status, status, options.note);
        if (comesBack && after.assignedTechnicianId !== before.assignedTechnicianId) await recordTechnicianChange(tx, id, actor, before, after);
        // A cancelled visit is not "moved" any more: a queued e-mail saying so is taken back.
        if (status === "cancelled") await withdrawQueued(tx, movedEmailKey(id));
        const outboxId = options.email ? await enqueueEmail(tx, options.email(after), { customerId: after.customerId }) : null;
        return { before, after, outboxId };
      });
    },

    /**
     * Gives a visit to a technician, moves it to another or (null) leaves it unassigned, recorded
     * (issue 13). "missing" for an unknown booking, "cancelled" for a cancelled one, "overlaps" when
     * the technician already has an active visit at an overlapping time; a bookable technician who
     * is away or off work then is refused too (rules D25, under the day's lock, see placeVisit).
     */
    async assignTechnician(
      id: number,
      technician: { id: number; name: string } | null,
      actor: Actor,
    ): Promise<"missing" | "cancelled" | "overlaps" | BookingRow> {
      return write(async (tx) => {
        const before = await lockBooking(tx, id);
        if (!before) return "missing";
        if (before.status === "cancelled") return "cancelled";
        if (before.assignedTechnicianId === (technician?.id ?? null)) return before;
        if (technician) {
          await lockBookingDay(tx, before.date);
          if (await technicianBusyAt(tx, technician.id, before.date, storedRange(before), id, { visitsOnly: true })) return "overlaps";
          if (isActiveVisit(before.status)) await assertCanTake(tx, technician.id, { ...placementOf(before), visitId: id });
        }
        const [after] = await tx
          .update(bookings)
          .set({ assignedTechnicianId: technician?.id ?? null })
          .where(eq(bookings.id, id))
          .returning();
        const [previous] = before.assignedTechnicianId
          ? await tx.select({ name: users.name }).from(users).where(eq(users.id, before.assignedTechnicianId))
          : [];
        await recordEvent(tx, id, actor, "technician", previous?.name ?? null, technician?.name ?? null);
        return after;
      });
    },

    /**
     * The service report of a visit (rules §5 service completion): the service history entry and the
     * completed booking in one transaction, under the booking's lock, so a report is written once
     * and only for a visit `check` accepts. Null when the booking does not exist.
     *
     * Its product is `report.productId`, one of the booking's customer's (422 otherwise, also for an
     * id that does not exist), or none when null; left out, the visit's own. With `leakCheck`, the
     * leak check of that product too; its rules run in `leakCheck` with the unit's row locked (one
     * check at a time per unit) and its register row read.
     */
    async completeWithServiceReport(
      id: number,
      actor: Actor,
      check: (booking: BookingRow) => void,
      report: Omit<typeof serviceHistory.$inferInsert, "customerId" | "bookingId">,
      leakCheck?: LeakCheckWrite,
    ) {
      return write(async (tx) => {
        const before = await lockBooking(tx, id);
        if (!before) return null;
        check(before);
        if (report.productId) {
          const [owned] = await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.id, report.productId), eq(products.customerId, before.customerId)));
          if (!owned) throw unprocessable(text.productNotOwned);
        }
        const productId = report.productId === undefined ? before.productId : report.productId;
        // The unit's checks are recorded one at a time. Locked before anything refers to the product:
        // the service history's foreign key takes a share lock on it, and two reports that each
        // held one and then waited for the other's would deadlock.
        const locked = leakCheck !== undefined && productId !== null && (await lockProduct(tx, productId));
        const [entry] = await tx
          .insert(serviceHistory)
          .values({ ...report, customerId: before.customerId, bookingId: id, productId })
          .returning({ id: serviceHistory.id });
        await tx.update(bookings).set({ status: "completed" }).where(eq(bookings.id, id));
        await recordEvent(tx, id, actor, "status", before.status, "completed");
        if (!leakCheck) return { id: entry.id, leakCheck: null };
        const row = locked ? await registerRowOf(tx, productId) : undefined;
        const values = leakCheck({ booking: before, productId, row });
        return { id: entry.id, leakCheck: await insertLeakCheck(tx, { ...values, bookingId: id }) };
      });
    },

    /**
     * Moves a booking to another date and time (and status), recorded; null when it does not exist.
     * The customer's link stays valid until 30 days after the new date, and a time set less than two
     * days ahead (`skipReminder`) gets no visit reminder.
     *
     * The "moved" e-mail is held back a few minutes (`movedEmailDelaySeconds`), and a later move
     * replaces it while it waits (issue 22.2: 52 moves once sent 53 e-mails). The one sent says from
     * the time the customer last heard of to the last time, and goes when the first would have; moved
     * back to where it was, nothing is sent. All of it is in the outbox and the booking's row, under
     * the booking's lock, so it holds across app instances.
     */
    async reschedule(
      id: number,
      slot: SlotChange,
      status: string | undefined,
      actor: Actor,
      options: {
        check?: (booking: BookingRow) => void;
        /**
         * The e-mail to queue with the move (null: none), from the booking after it, the time the
         * customer last heard of (a "moved" e-mail still waiting is replaced) and the booking before it.
         */
        email?: (after: BookingRow, previous: { date: string; timeSlot: string }, before: BookingRow) => OutboxMessage | null;
        skipReminder?: boolean;
        /** Moving to another day: that day takes no more than this many bookings. */
        maxPerDay?: number;
        /** What a time without room answers (the wording of who moves it). */
        takenMessage?: string;
      } = {},
    ) {
      return write(async (tx) => {
        const before = await lockBooking(tx, id);
        if (!before) return null;
        options.check?.(before);
        const staysActive = (status ?? before.status) !== "cancelled";
        // At its new time: its technician if free then, else the free one whose turn it is (rules D25).
        const technicianId = staysActive
          ? await placeVisit(tx, { ...placementOf(slot), visitId: id, current: before.assignedTechnicianId, takenMessage: options.takenMessage })
          : before.assignedTechnicianId;
        if (options.maxPerDay !== undefined && slot.date !== before.date) await assertDayHasRoom(tx, slot.date, options.maxPerDay);
        // A "moved" e-mail still waiting is out of date: taken back, and its "from" and due time kept.
        const waitingUntil = await withdrawQueued(tx, movedEmailKey(id));
        const movedFrom = (waitingUntil && before.movedEmailFrom) || slotKey(before);
        const [after] = await tx
          .update(bookings)
          .set({
            ...slot,
            status: status ?? before.status,
            assignedTechnicianId: technicianId,
            calendarSequence: sql`${bookings.calendarSequence} + 1`,
            movedEmailFrom: movedFrom,
            ...(options.skipReminder ? { visitReminderFor: slotKey(slot) } : {}),
          })
          .where(eq(bookings.id, id))
          .returning();
        if (after.assignedTechnicianId !== before.assignedTechnicianId) await recordTechnicianChange(tx, id, actor, before, after);
        // A link made for the old date would otherwise expire before (or soon after) a later visit.
        await tx
          .update(sharedBookingLinks)
          .set({ expiresAt: sql`greatest(${sharedBookingLinks.expiresAt}, ${linkExpiry(slot.date).toISOString()}::timestamptz)` })
          .where(and(eq(sharedBookingLinks.bookingId, id), eq(sharedBookingLinks.isActive, true)));
        await recordEvent(tx, id, actor, "reschedule", slotKey(before), slotKey(after));
        if (after.status !== before.status) await recordEvent(tx, id, actor, "status", before.status, after.status);
        const previous = slotOfKey(movedFrom) ?? before;
        if (after.status === "cancelled") {
          // Moved and cancelled at once: the cancellation goes at once, and no "moved" e-mail at all.
          const message = options.email?.(after, previous, before) ?? null;
          const outboxId = message ? await enqueueEmail(tx, message, { customerId: after.customerId }) : null;
          return { before, after, outboxId };
        }
        const message = slotKey(after) === movedFrom ? null : (options.email?.(after, previous, before) ?? null);
        const notBefore = waitingUntil ?? sql`now() + make_interval(secs => ${movedEmailDelaySeconds})`;
        const outboxId = message ? await enqueueEmail(tx, message, { customerId: after.customerId }, { dedupeKey: movedEmailKey(id), notBefore }) : null;
        return { before, after, outboxId };
      });
    },

    /**
     * Records that the visit reminder for the booking's current time is sent and queues it, unless
     * another run (on any instance) already did: exactly once per booking and time.
     */
    async claimVisitReminder(id: number, key: string, email: (booking: BookingRow) => OutboxMessage): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [booking] = await tx
          .update(bookings)
          .set({ visitReminderFor: key })
          .where(
            and(
              eq(bookings.id, id),
              sql`${bookings.visitReminderFor} is distinct from ${key}`,
              sql`${bookings.date} || ' ' || ${bookings.timeSlot} = ${key}`,
              notInArray(bookings.status, FINISHED_STATUSES),
            ),
          )
          .returning();
        if (!booking) return null;
        return enqueueEmail(tx as unknown as Db, email(booking), { customerId: booking.customerId });
      });
    },

    async markBookingsSeen(userId: number) {
      await db
        .update(users)
        .set({ bookingsSeenAt: sql`now()` })
        .where(eq(users.id, userId));
    },
  };
}
export type BookingWritesRepository = ReturnType<typeof createBookingWritesRepository>;

/**
 * Cancels the customer's active visits from `fromDate` on, each recorded in its history with
 * `note`, inside the caller's transaction (the customer's erasure: no visit stays booked for a
 * customer without an address). No e-mail: the caller decides. Returns the visits cancelled; the
 * caller clears the shared availability answers once its transaction has committed.
 */
export async function cancelVisitsAheadOf(tx: Db, customerId: number, fromDate: string, actor: Actor, note: string): Promise<BookingRow[]> {
  const ahead = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), gte(bookings.date, fromDate), notInArray(bookings.status, FINISHED_STATUSES)))
    .orderBy(asc(bookings.date), asc(bookings.startTime))
    .for("update");
  for (const visit of ahead) {
    await tx.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, visit.id));
    await recordEvent(tx, visit.id, actor, "cancelled", visit.status, "cancelled", note);
  }
  return ahead;
}

/**
 * rules §9 max bookings per day (rules D11), for every path that puts a booking on a day. Under
 * the day's lock (every instance), so parallel requests cannot pass the limit; cancelled bookings
 * do not count.
 */
async function assertDayHasRoom(tx: Db, date: string, maxPerDay: number) {
  await lockBookingDay(tx, date);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.date, date), sql`${bookings.status} <> 'cancelled'`));
  if (row.n >= maxPerDay) throw conflict(text.dayFull(maxPerDay));
}

/** Where a visit of `booking`'s date and stored range goes (see placeVisit): its slot is the window a technician must work in. */
function placementOf(booking: { date: string; timeSlot: string; startTime: string; endTime: string }) {
  const range = storedRange(booking);
  return { date: booking.date, range, window: parseTimeSlot(booking.timeSlot) ?? range };
}

/** The history line of a visit given to another technician by a move or a reactivation (rules D25). */
async function recordTechnicianChange(tx: Db, id: number, actor: Actor, before: BookingRow, after: BookingRow) {
  const ids = [before.assignedTechnicianId, after.assignedTechnicianId].filter((x): x is number => x !== null);
  const names = new Map(
    (ids.length ? await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : []).map((u) => [u.id, u.name]),
  );
  const nameOf = (technicianId: number | null) => (technicianId === null ? null : (names.get(technicianId) ?? null));
  await recordEvent(tx, id, actor, "technician", nameOf(before.assignedTechnicianId), nameOf(after.assignedTechnicianId));
}

async function countActiveBookings(tx: Db, email: string, today: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(sql`lower(${bookings.contactEmail}) = lower(${email})`, gte(bookings.date, today), notInArray(bookings.status, FINISHED_STATUSES)));
  return row.n;
}

/**
 * The customer record for a new booking: the newest one with this e-mail (case-insensitive), or a
 * new one. Booking never changes an existing record: only staff update or merge customers.
 */
async function findOrCreateCustomerByEmail(tx: Db, input: NewCustomer): Promise<CustomerRow> {
  const [existing] = await tx
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${input.email})`)
    .orderBy(sql`${customers.id} desc`)
    .limit(1);
  return existing ?? (await tx.insert(customers).values(input).returning())[0];
}
