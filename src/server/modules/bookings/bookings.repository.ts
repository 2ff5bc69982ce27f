import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, notInArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { isIsoDate } from "@/common/booking-rules";
import type { AdminBookingListQuery } from "@/common/schemas/admin-bookings";
import { planningText } from "@/common/schemas/planning";
import { sqlState, type Db } from "../../db/client";
import { lockCustomerEmail, lockUntilCommit } from "../../db/locks";
import { bookingEvents, bookingImages, bookings, customers, emailOutbox, products, serviceHistory, sharedBookingLinks, users } from "../../db/schema";
import { conflict, unprocessable } from "../../lib/errors";
import type { ProcessedImage } from "../../lib/images";
import { enqueueEmail, type OutboxMessage } from "../../jobs/outbox";
import { bookingServerText as text } from "./bookings.text";
import { linkExpiry } from "./customer-link";

export type NewCustomer = { name: string; email: string; phone: string; address: string; city: string; postalCode: string };
export type NewBooking = {
  serviceType: string;
  description: string;
  heatpumpModel: string | null;
  date: string;
  timeSlot: string;
  startTime: string;
  endTime: string;
  status: string;
  notes?: string | null;
};
export type SlotChange = { date: string; timeSlot: string; startTime: string; endTime: string };
export type BookingRow = typeof bookings.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type LinkRow = typeof sharedBookingLinks.$inferSelect;
export type ImageRow = Omit<typeof bookingImages.$inferSelect, "data">;
/** The contact details and address a booking keeps as it was booked (its own copy). */
export type BookingContact = Pick<BookingRow, "contactName" | "contactEmail" | "contactPhone" | "address" | "postalCode" | "city">;

/** Who changed a booking, as the history shows it. */
export type Actor = { type: "admin" | "technician" | "customer" | "system"; userId?: number | null; name?: string | null };

export const bookingContactOf = (c: NewCustomer): BookingContact => ({
  contactName: c.name,
  contactEmail: c.email,
  contactPhone: c.phone,
  address: c.address,
  postalCode: c.postalCode,
  city: c.city,
});

/** The booking's own contact copy in the shape the public contract and e-mails use. */
export const contactOfBooking = (b: BookingContact): NewCustomer => ({
  name: b.contactName,
  email: b.contactEmail,
  phone: b.contactPhone,
  address: b.address,
  postalCode: b.postalCode,
  city: b.city,
});

/** How a booking's time reads in its history: '2026-12-07 08:00-10:00'. */
export const slotKey = (b: { date: string; timeSlot: string }) => `${b.date} ${b.timeSlot}`;

/** Visits that are over or off: they no longer count as ahead, and get no reminder. */
const FINISHED_STATUSES = ["cancelled", "completed"];

export class TooManyActiveBookingsError extends Error {}

const imageColumns = {
  id: bookingImages.id,
  bookingId: bookingImages.bookingId,
  imageUrl: bookingImages.imageUrl,
  caption: bookingImages.caption,
  uploadedBy: bookingImages.uploadedBy,
  uploadedById: bookingImages.uploadedById,
  contentType: bookingImages.contentType,
  width: bookingImages.width,
  height: bookingImages.height,
  createdAt: bookingImages.createdAt,
};

/**
 * The one place bookings are written, for the public wizard, admins, technicians and customer
 * links: every write maps the exclusion constraint's refusal (SQLSTATE 23P01) to the same Swedish
 * 409, records the change in the booking's history in the same transaction, and tells
 * `onChange` (which clears the shared availability answers) once it has committed.
 */
export function createBookingsRepository(db: Db, { onChange = () => {} }: { onChange?: () => void } = {}) {
  /** The admin list's statements of one shape, prepared once (see list()). */
  function prepareList(shape: ListShape) {
    const name = `admin_list_${shape.status ? "s" : ""}${shape.serviceType ? "t" : ""}_${shape.search}_${shape.sort}`;
    const where = listConditions(shape);
    const count = db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(where).prepare(`${name}_count`);
    if (shape.search === "none") {
      const page = db
        .select({ ...listColumns, total: sql<number>`0`.mapWith(Number) })
        .from(bookings)
        .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
        .where(where)
        .orderBy(...listOrder(shape.sort, bookings))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(name);
      return { page, count };
    }
    const matches = db
      .select({ id: bookings.id, date: bookings.date, startTime: bookings.startTime, createdAt: bookings.createdAt, total: sql<number>`count(*) over ()`.mapWith(Number).as("total") })
      .from(bookings)
      .where(where)
      .offset(OPTIMISATION_FENCE)
      .as("matches");
    const page = db
      .select({ ...listColumns, total: matches.total })
      .from(matches)
      .innerJoin(bookings, eq(bookings.id, matches.id))
      .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
      .orderBy(...listOrder(shape.sort, matches))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name);
    return { page, count };
  }
  const preparedLists = new Map<string, ReturnType<typeof prepareList>>();
  const listStatements = (shape: ListShape) => {
    const key = JSON.stringify(shape);
    let statements = preparedLists.get(key);
    if (!statements) preparedLists.set(key, (statements = prepareList(shape)));
    return statements;
  };

  /** Runs a write in a transaction; a conflicting time becomes a 409, a commit clears shared reads. */
  async function write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      // DECISIONS 5: the exclusion constraint decided that another booking holds this time.
      if (sqlState(error) === "23P01") throw conflict(text.slotTaken);
      throw error;
    }
    onChange();
    return result;
  }

  async function recordEvent(tx: Db, bookingId: number, actor: Actor, kind: string, from: string | null, to: string | null) {
    await tx.insert(bookingEvents).values({ bookingId, actor: actor.type, actorUserId: actor.userId ?? null, actorName: actor.name ?? null, kind, fromValue: from, toValue: to });
  }

  async function insertImage(tx: Db, bookingId: number, image: ProcessedImage, uploadedBy: string, uploadedById: number | null, caption: string | null) {
    const [row] = await tx
      .insert(bookingImages)
      .values({ bookingId, imageUrl: "", caption, uploadedBy, uploadedById, contentType: image.contentType, width: image.width, height: image.height, data: image.data })
      .returning({ id: bookingImages.id });
    const url = `/api/booking/images/${row.id}/file`;
    await tx.update(bookingImages).set({ imageUrl: url }).where(eq(bookingImages.id, row.id));
    // bookings.images (SPEC §3) lists the image URLs too.
    await tx.update(bookings).set({ images: sql`array_append(${bookings.images}, ${url})` }).where(eq(bookings.id, bookingId));
    return { id: row.id, url };
  }

  async function lockBooking(tx: Db, id: number): Promise<BookingRow | undefined> {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update").limit(1);
    return row;
  }

  return {
    // --- Writes -------------------------------------------------------------------------------------

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
      /** SPEC §9 settings: the day takes no more than this many bookings (DECISIONS 11). */
      maxPerDay: number;
      today: string;
      /** The e-mails to queue with the booking (the settings decide which). */
      emails: (booking: BookingRow) => OutboxMessage[];
      /** Booked inside the reminder window: no visit reminder for this time (DECISIONS 14). */
      skipReminder?: boolean;
      /** More to write with the booking, in its transaction (a service reminder's answer). */
      also?: (tx: Db, booking: BookingRow) => Promise<unknown>;
    }) {
      return write(async (tx) => {
        await lockCustomerEmail(tx, input.customer.email);
        if ((await countActiveBookings(tx, input.customer.email, input.today)) >= input.maxActive) throw new TooManyActiveBookingsError();
        await assertDayHasRoom(tx, input.booking.date, input.maxPerDay);
        const customer = await findOrCreateCustomerByEmail(tx, input.customer);
        const [booking] = await tx
          .insert(bookings)
          .values({ ...input.booking, ...bookingContactOf(input.customer), customerId: customer.id, visitReminderFor: input.skipReminder ? slotKey(input.booking) : null })
          .returning();
        for (const image of input.images) await insertImage(tx, booking.id, image, "customer", null, null);
        await tx.insert(sharedBookingLinks).values({ bookingId: booking.id, token: input.link.token, expiresAt: input.link.expiresAt });
        await recordEvent(tx, booking.id, { type: "customer", name: input.customer.name }, "created", null, slotKey(booking));
        await input.also?.(tx, booking);
        const outboxIds: number[] = [];
        for (const message of input.emails(booking)) outboxIds.push(await enqueueEmail(tx, message));
        return { booking, outboxIds };
      });
    },

    /**
     * A booking made by staff (phone customers): for an existing customer (`customerId`) or a new
     * one, with its own contact copy, the customer's link and, when given, the confirmation e-mail.
     */
    async createStaffBooking(input: {
      customerId?: number;
      contact: NewCustomer;
      booking: NewBooking;
      link: { token: string; expiresAt: Date; createdBy: number };
      actor: Actor;
      email?: (booking: BookingRow) => OutboxMessage;
      /** Booked less than two days ahead: no visit reminder for this time (DECISIONS 14). */
      skipReminder?: boolean;
      maxPerDay: number;
    }) {
      return write(async (tx) => {
        await assertDayHasRoom(tx, input.booking.date, input.maxPerDay);
        const customerId =
          input.customerId !== undefined
            ? (await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId)).limit(1))[0]?.id
            : (await findOrCreateCustomerByEmail(tx, input.contact)).id;
        if (customerId === undefined) return null;
        const [booking] = await tx
          .insert(bookings)
          .values({ ...input.booking, ...bookingContactOf(input.contact), customerId, visitReminderFor: input.skipReminder ? slotKey(input.booking) : null })
          .returning();
        await tx.insert(sharedBookingLinks).values({ bookingId: booking.id, token: input.link.token, expiresAt: input.link.expiresAt, createdBy: input.link.createdBy });
        await recordEvent(tx, booking.id, input.actor, "created", null, slotKey(booking));
        const outboxId = input.email ? await enqueueEmail(tx, input.email(booking)) : null;
        return { booking, outboxId };
      });
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
        assignTo?: number;
        /** A cancelled booking brought back takes a place of its day again. */
        maxPerDay?: number;
      } = {},
    ) {
      return write(async (tx) => {
        const before = await lockBooking(tx, id);
        if (!before) return null;
        options.check?.(before);
        if (options.maxPerDay !== undefined && before.status === "cancelled" && status !== "cancelled") await assertDayHasRoom(tx, before.date, options.maxPerDay);
        if (before.status === status) return { before, after: before, outboxId: null };
        // A technician who starts an unassigned visit takes it.
        const takes = options.assignTo !== undefined && before.assignedTechnicianId === null ? options.assignTo : null;
        const assign = takes === null ? {} : { assignedTechnicianId: takes };
        // The visit's technician is now busy at its time if they take it or it comes back from cancelled.
        const technicianId = takes ?? (before.status === "cancelled" && status !== "cancelled" ? before.assignedTechnicianId : null);
        if (technicianId) await lockTechnician(tx, technicianId);
        const [after] = await tx.update(bookings).set({ status, ...assign }).where(eq(bookings.id, id)).returning();
        if (technicianId) await assertTechnicianFree(tx, technicianId, after);
        await recordEvent(tx, id, actor, status === "cancelled" ? "cancelled" : "status", before.status, status);
        const outboxId = options.email ? await enqueueEmail(tx, options.email(after)) : null;
        return { before, after, outboxId };
      });
    },

    /**
     * Gives a visit to a technician, moves it to another or (null) leaves it unassigned, recorded
     * (issue 13). "missing" for an unknown booking, "cancelled" for a cancelled one, "overlaps" when
     * the technician already has an active visit at an overlapping time. Today the exclusion
     * constraint (DECISIONS 5) keeps any two active visits apart, but a technician's own day must
     * not depend on that company-wide rule staying as it is: the check runs under the technician's
     * lock (every instance), so two assignments to one technician cannot both pass it.
     */
    async assignTechnician(id: number, technician: { id: number; name: string } | null, actor: Actor): Promise<"missing" | "cancelled" | "overlaps" | BookingRow> {
      return write(async (tx) => {
        const before = await lockBooking(tx, id);
        if (!before) return "missing";
        if (before.status === "cancelled") return "cancelled";
        if (before.assignedTechnicianId === (technician?.id ?? null)) return before;
        if (technician && (await technicianIsBusy(tx, technician.id, before))) return "overlaps";
        const [after] = await tx.update(bookings).set({ assignedTechnicianId: technician?.id ?? null }).where(eq(bookings.id, id)).returning();
        const [previous] = before.assignedTechnicianId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, before.assignedTechnicianId)) : [];
        await recordEvent(tx, id, actor, "technician", previous?.name ?? null, technician?.name ?? null);
        return after;
      });
    },

    /**
     * The service report of a visit (SPEC §5 service completion): the service history entry and the
     * completed booking in one transaction, under the booking's lock, so a report is written once
     * and only for a visit `check` accepts. Null when the booking does not exist.
     */
    async completeWithServiceReport(id: number, actor: Actor, check: (booking: BookingRow) => void, report: Omit<typeof serviceHistory.$inferInsert, "customerId" | "bookingId">) {
      return write(async (tx) => {
        const before = await lockBooking(tx, id);
        if (!before) return null;
        check(before);
        if (report.productId) {
          const [owned] = await tx.select({ id: products.id }).from(products).where(and(eq(products.id, report.productId), eq(products.customerId, before.customerId)));
          if (!owned) throw unprocessable(text.productNotOwned);
        }
        const [entry] = await tx
          .insert(serviceHistory)
          .values({ ...report, customerId: before.customerId, bookingId: id, productId: report.productId ?? before.productId })
          .returning({ id: serviceHistory.id });
        await tx.update(bookings).set({ status: "completed" }).where(eq(bookings.id, id));
        await recordEvent(tx, id, actor, "status", before.status, "completed");
        return { id: entry.id };
      });
    },

    /**
     * Moves a booking to another date and time (and status), recorded; null when it does not exist.
     * The customer's link stays valid until 30 days after the new date, and a time set less than two
     * days ahead (`skipReminder`) gets no visit reminder.
     */
    async reschedule(
      id: number,
      slot: SlotChange,
      status: string | undefined,
      actor: Actor,
      options: {
        check?: (booking: BookingRow) => void;
        /** The e-mail to queue with the move (null: none), from the booking after and before it. */
        email?: (after: BookingRow, before: BookingRow) => OutboxMessage | null;
        skipReminder?: boolean;
        /** Moving to another day: that day takes no more than this many bookings. */
        maxPerDay?: number;
      } = {},
    ) {
      return write(async (tx) => {
        const before = await lockBooking(tx, id);
        if (!before) return null;
        options.check?.(before);
        if (options.maxPerDay !== undefined && slot.date !== before.date) await assertDayHasRoom(tx, slot.date, options.maxPerDay);
        const technicianId = (status ?? before.status) === "cancelled" ? null : before.assignedTechnicianId;
        if (technicianId) await lockTechnician(tx, technicianId);
        const [after] = await tx
          .update(bookings)
          .set({ ...slot, status: status ?? before.status, calendarSequence: sql`${bookings.calendarSequence} + 1`, ...(options.skipReminder ? { visitReminderFor: slotKey(slot) } : {}) })
          .where(eq(bookings.id, id))
          .returning();
        if (technicianId) await assertTechnicianFree(tx, technicianId, after);
        // A link made for the old date would otherwise expire before (or soon after) a later visit.
        await tx
          .update(sharedBookingLinks)
          .set({ expiresAt: sql`greatest(${sharedBookingLinks.expiresAt}, ${linkExpiry(slot.date).toISOString()}::timestamptz)` })
          .where(and(eq(sharedBookingLinks.bookingId, id), eq(sharedBookingLinks.isActive, true)));
        await recordEvent(tx, id, actor, "reschedule", slotKey(before), slotKey(after));
        if (after.status !== before.status) await recordEvent(tx, id, actor, "status", before.status, after.status);
        const message = options.email?.(after, before) ?? null;
        const outboxId = message ? await enqueueEmail(tx, message) : null;
        return { before, after, outboxId };
      });
    },

    /** Adds a re-encoded image to a booking, unless it already holds `maxImages`. */
    async addImage(input: { bookingId: number; image: ProcessedImage; uploadedBy: string; uploadedById: number | null; caption: string | null; maxImages: number }) {
      return write(async (tx) => {
        const booking = await lockBooking(tx, input.bookingId);
        if (!booking) return { status: "missing" as const };
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(bookingImages).where(eq(bookingImages.bookingId, input.bookingId));
        if (n >= input.maxImages) return { status: "full" as const };
        const created = await insertImage(tx, input.bookingId, input.image, input.uploadedBy, input.uploadedById, input.caption);
        return { status: "added" as const, ...created };
      });
    },

    async deleteImage(imageId: number): Promise<boolean> {
      return write(async (tx) => {
        const [row] = await tx.delete(bookingImages).where(eq(bookingImages.id, imageId)).returning({ bookingId: bookingImages.bookingId, url: bookingImages.imageUrl });
        if (!row) return false;
        await tx.update(bookings).set({ images: sql`array_remove(${bookings.images}, ${row.url})` }).where(eq(bookings.id, row.bookingId));
        return true;
      });
    },

    /** A new customer link for the booking; earlier links stop working. Null when the booking does not exist. */
    async replaceLink(bookingId: number, link: { token: string; expiresAt: Date; allowClientUpdates: boolean; createdBy: number }, actor: Actor) {
      return write(async (tx) => {
        if (!(await lockBooking(tx, bookingId))) return null;
        await tx.update(sharedBookingLinks).set({ isActive: false }).where(eq(sharedBookingLinks.bookingId, bookingId));
        const [row] = await tx.insert(sharedBookingLinks).values({ bookingId, ...link }).returning();
        await recordEvent(tx, bookingId, actor, "link", null, "ny länk");
        return row;
      });
    },

    /** Activates, deactivates or changes the newest link of a booking; null when it has none. */
    async updateLink(bookingId: number, patch: { isActive?: boolean; allowClientUpdates?: boolean }, actor: Actor) {
      return write(async (tx) => {
        const [latest] = await tx.select().from(sharedBookingLinks).where(eq(sharedBookingLinks.bookingId, bookingId)).orderBy(desc(sharedBookingLinks.id)).limit(1);
        if (!latest) return null;
        const [row] = await tx.update(sharedBookingLinks).set(patch).where(eq(sharedBookingLinks.id, latest.id)).returning();
        if (patch.isActive !== undefined && patch.isActive !== latest.isActive) {
          await recordEvent(tx, bookingId, actor, "link", latest.isActive ? "aktiv" : "inaktiv", row.isActive ? "aktiv" : "inaktiv");
        }
        return row;
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
          .where(and(eq(bookings.id, id), sql`${bookings.visitReminderFor} is distinct from ${key}`, sql`${bookings.date} || ' ' || ${bookings.timeSlot} = ${key}`, notInArray(bookings.status, FINISHED_STATUSES)))
          .returning();
        if (!booking) return null;
        return enqueueEmail(tx as unknown as Db, email(booking));
      });
    },

    async markBookingsSeen(userId: number) {
      await db.update(users).set({ bookingsSeenAt: sql`now()` }).where(eq(users.id, userId));
    },

    // --- Reads --------------------------------------------------------------------------------------

    async findById(id: number): Promise<BookingRow | undefined> {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
      return row;
    },

    /** The booking and link behind an active, unexpired token; records the access. */
    async findByActiveLink(token: string): Promise<{ booking: BookingRow; link: LinkRow } | undefined> {
      const [row] = await db
        .select({ booking: bookings, link: sharedBookingLinks })
        .from(sharedBookingLinks)
        .innerJoin(bookings, eq(bookings.id, sharedBookingLinks.bookingId))
        .where(and(eq(sharedBookingLinks.token, token), eq(sharedBookingLinks.isActive, true), gt(sharedBookingLinks.expiresAt, sql`now()`)))
        .limit(1);
      if (!row) return undefined;
      await db.update(sharedBookingLinks).set({ lastAccessed: sql`now()` }).where(eq(sharedBookingLinks.id, row.link.id));
      return row;
    },

    /** The newest link of a booking that still works. */
    async activeLinkOf(bookingId: number): Promise<LinkRow | undefined> {
      const [row] = await db
        .select()
        .from(sharedBookingLinks)
        .where(and(eq(sharedBookingLinks.bookingId, bookingId), eq(sharedBookingLinks.isActive, true), gt(sharedBookingLinks.expiresAt, sql`now()`)))
        .orderBy(desc(sharedBookingLinks.id))
        .limit(1);
      return row;
    },

    async technicianOf(booking: Pick<BookingRow, "assignedTechnicianId">) {
      if (booking.assignedTechnicianId === null) return null;
      const [row] = await db.select({ id: users.id, name: users.name, phone: users.phone }).from(users).where(eq(users.id, booking.assignedTechnicianId)).limit(1);
      return row ?? null;
    },

    async imagesOf(bookingId: number): Promise<(ImageRow & { uploadedByName: string | null })[]> {
      return db
        .select({ ...imageColumns, uploadedByName: users.name })
        .from(bookingImages)
        .leftJoin(users, eq(users.id, bookingImages.uploadedById))
        .where(eq(bookingImages.bookingId, bookingId))
        .orderBy(asc(bookingImages.id));
    },

    async imageFile(imageId: number) {
      const [row] = await db
        .select({ bookingId: bookingImages.bookingId, uploadedBy: bookingImages.uploadedBy, contentType: bookingImages.contentType, data: bookingImages.data })
        .from(bookingImages)
        .where(eq(bookingImages.id, imageId))
        .limit(1);
      return row;
    },

    async imageById(imageId: number): Promise<ImageRow | undefined> {
      const [row] = await db.select(imageColumns).from(bookingImages).where(eq(bookingImages.id, imageId)).limit(1);
      return row;
    },

    /** The booking with everything the admin detail page shows. */
    /**
     * The technician portal's visits (SPEC §2): of one day, or ahead of a day, never cancelled ones;
     * for a technician (`technicianId`) only their own and the unassigned, for an admin (null) all.
     */
    async technicianVisits(where: { on: string } | { after: string }, technicianId: number | null, limit = 200) {
      const conditions = [ne(bookings.status, "cancelled")];
      if ("on" in where) conditions.push(eq(bookings.date, where.on));
      else conditions.push(gt(bookings.date, where.after), ne(bookings.status, "completed"));
      if (technicianId !== null) conditions.push(or(isNull(bookings.assignedTechnicianId), eq(bookings.assignedTechnicianId, technicianId))!);
      return db
        .select(listColumns)
        .from(bookings)
        .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
        .where(and(...conditions))
        .orderBy(asc(bookings.date), asc(bookings.startTime), asc(bookings.id))
        .limit(limit);
    },

    /** One visit for the technician portal: the booking, its technician, customer notes and product. */
    async technicianVisit(id: number) {
      const [row] = await db
        .select({ booking: bookings, customerNotes: customers.notes, technician: { id: users.id, name: users.name, phone: users.phone }, product: products })
        .from(bookings)
        .innerJoin(customers, eq(customers.id, bookings.customerId))
        .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
        .leftJoin(products, eq(products.id, bookings.productId))
        .where(eq(bookings.id, id))
        .limit(1);
      if (!row) return undefined;
      return { ...row, technician: row.technician?.id ? row.technician : null, product: row.product?.id ? row.product : null, images: await this.imagesOf(id) };
    },

    async detail(id: number) {
      const [row] = await db
        .select({ booking: bookings, customer: customers, technician: { id: users.id, name: users.name, phone: users.phone } })
        .from(bookings)
        .innerJoin(customers, eq(customers.id, bookings.customerId))
        .leftJoin(users, eq(users.id, bookings.assignedTechnicianId))
        .where(eq(bookings.id, id))
        .limit(1);
      if (!row) return undefined;
      const [images, [link], history] = await Promise.all([
        this.imagesOf(id),
        db.select().from(sharedBookingLinks).where(eq(sharedBookingLinks.bookingId, id)).orderBy(desc(sharedBookingLinks.id)).limit(1),
        db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(asc(bookingEvents.at), asc(bookingEvents.id)),
      ]);
      return { ...row, technician: row.technician?.id ? row.technician : null, images, link: link ?? null, history };
    },

    /**
     * One page of the admin list, filtered, searched and sorted by the database, and the number of
     * all matches (issue 14: fast over 10 000 bookings). Each shape of the list (filters, kind of
     * search, order) is one named prepared statement, built once: neither drizzle nor PostgreSQL
     * works it out again on every request.
     *
     * With a search term, one statement: the matches and their count come from a subquery fenced
     * off with OFFSET 0, so the planner finds them through the trigram and status indexes (less than
     * a millisecond) instead of walking the date index through every booking to keep the order;
     * the page's rows are then joined by id. Without one, the page walks the date index and stops
     * after the rows it shows, and the count is an index-only scan: two short statements.
     */
    async list(query: AdminBookingListQuery) {
      const search = query.search.trim();
      const shape: ListShape = { status: query.status !== "all", serviceType: query.serviceType !== "all", search: searchKind(search), sort: query.sort };
      const values = {
        status: query.status,
        serviceType: query.serviceType,
        date: search,
        pattern: `%${escapeLike(search)}%`,
        id: bookingIdIn(search) ?? 0,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      };
      const statements = listStatements(shape);
      if (!search) {
        const [rows, [{ n: total }]] = await Promise.all([statements.page.execute(values), statements.count.execute(values)]);
        return { rows: rows.map(({ total: _total, ...row }) => row), total };
      }
      const rows = await statements.page.execute(values);
      const total = rows[0]?.total ?? (query.page > 1 ? (await statements.count.execute(values))[0].n : 0);
      return { rows: rows.map(({ total: _total, ...row }) => row), total };
    },

    async count(conditions: SQL[]) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(conditions.length > 0 ? and(...conditions) : undefined);
      return row.n;
    },

    /**
     * What the admin overview shows, in one round trip per part. New bookings are those made after
     * `seenSince`, or in the last `defaultDays` when the admin never looked: both on the database's
     * clock, the one created_at is written with.
     */
    async overview(input: { today: string; weekEnd: string; seenSince: Date | null; defaultDays: number }) {
      const since = input.seenSince ?? sql`now() - make_interval(days => ${input.defaultDays})`;
      const base = () => db.select(listColumns).from(bookings).leftJoin(users, eq(users.id, bookings.assignedTechnicianId));
      const [today, fresh, unassigned, failedEmails] = await Promise.all([
        base()
          .where(and(eq(bookings.date, input.today), ne(bookings.status, "cancelled")))
          .orderBy(asc(bookings.startTime)),
        base().where(gt(bookings.createdAt, since)).orderBy(desc(bookings.createdAt)).limit(50),
        base()
          .where(and(gte(bookings.date, input.today), lte(bookings.date, input.weekEnd), isNull(bookings.assignedTechnicianId), notInArray(bookings.status, FINISHED_STATUSES)))
          .orderBy(asc(bookings.date), asc(bookings.startTime))
          .limit(50),
        db
          .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, lastError: emailOutbox.lastError, createdAt: emailOutbox.createdAt })
          .from(emailOutbox)
          .where(or(eq(emailOutbox.status, "failed"), and(eq(emailOutbox.status, "queued"), gte(emailOutbox.attempts, 3))))
          .orderBy(desc(emailOutbox.createdAt))
          .limit(20),
      ]);
      return { today, fresh, unassigned, failedEmails };
    },

    async bookingsSeenAt(userId: number): Promise<Date | null> {
      const [row] = await db.select({ at: users.bookingsSeenAt }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.at ?? null;
    },

    /** Customers matching a name, e-mail, phone or address, for picking one when booking by phone. */
    async searchCustomers(q: string) {
      const pattern = `%${escapeLike(q)}%`;
      return db
        .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone, address: customers.address, postalCode: customers.postalCode, city: customers.city })
        .from(customers)
        .where(or(sql`${customers.name} ilike ${pattern}`, sql`${customers.email} ilike ${pattern}`, sql`${customers.phone} ilike ${pattern}`, sql`${customers.address} ilike ${pattern}`))
        .orderBy(asc(customers.name))
        .limit(10);
    },

    /** Active visits on the given dates whose reminder for their current time is not yet sent. */
    async visitRemindersToConsider(dates: string[]) {
      return db
        .select()
        .from(bookings)
        .where(and(inArray(bookings.date, dates), notInArray(bookings.status, FINISHED_STATUSES), sql`${bookings.visitReminderFor} is distinct from ${bookings.date} || ' ' || ${bookings.timeSlot}`));
    },

    /**
     * Whether a booking that is not cancelled (the exclusion constraint's rule, DECISIONS 5) takes
     * any minute of start-end on `date`; `exceptId` leaves one booking out (the one being moved).
     */
    async isTimeTaken(date: string, startTime: string, endTime: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.date, date),
            lt(bookings.startTime, endTime),
            gt(bookings.endTime, startTime),
            ne(bookings.status, "cancelled"),
            exceptId !== undefined ? ne(bookings.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Active bookings overlapping a time range on a date whose service type is one of `serviceTypes`. */
    async activeBookingsOverlapping(date: string, startTime: string, endTime: string, serviceTypes: readonly string[]) {
      return db
        .select({ id: bookings.id, date: bookings.date, timeSlot: bookings.timeSlot, serviceType: bookings.serviceType, status: bookings.status, customerName: bookings.contactName })
        .from(bookings)
        .where(
          and(
            eq(bookings.date, date),
            lt(bookings.startTime, endTime),
            gt(bookings.endTime, startTime),
            inArray(bookings.serviceType, [...serviceTypes]),
            notInArray(bookings.status, FINISHED_STATUSES),
          ),
        )
        .orderBy(asc(bookings.startTime));
    },
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;

const listColumns = {
  id: bookings.id,
  date: bookings.date,
  timeSlot: bookings.timeSlot,
  serviceType: bookings.serviceType,
  status: bookings.status,
  customerName: bookings.contactName,
  customerPhone: bookings.contactPhone,
  address: bookings.address,
  postalCode: bookings.postalCode,
  city: bookings.city,
  createdAt: bookings.createdAt,
  technicianId: users.id,
  technicianName: users.name,
  technicianPhone: users.phone,
};

/**
 * `OFFSET 0`: PostgreSQL never merges a subquery with an OFFSET into the outer query, so the
 * subquery is planned on its own (drizzle leaves out a plain 0, hence the SQL).
 */
const OPTIMISATION_FENCE = sql`0` as unknown as number;

/** The list's order on the bookings table or on the fenced matches (the same columns). */
function listOrder(sort: AdminBookingListQuery["sort"], t: { id: AnyColumn; date: AnyColumn; startTime: AnyColumn; createdAt: AnyColumn }) {
  if (sort === "date_asc") return [asc(t.date), asc(t.startTime), asc(t.id)];
  if (sort === "created_desc") return [desc(t.createdAt), desc(t.id)];
  return [desc(t.date), desc(t.startTime), desc(t.id)];
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SPEC §2 list search: a booking id (or text with those digits), a date yyyy-MM-dd, or text in the customer's name, address or city. */
type SearchKind = "none" | "date" | "id" | "text";
const searchKind = (search: string): SearchKind => (!search ? "none" : isIsoDate(search) ? "date" : bookingIdIn(search) !== null ? "id" : "text");
/** The booking number a search is ("1234" or "#1234"), if it is one. */
const bookingIdIn = (search: string): number | null => {
  const digits = /^#?(\d{1,9})$/.exec(search)?.[1];
  return digits === undefined ? null : Number(digits);
};
type ListShape = { status: boolean; serviceType: boolean; search: SearchKind; sort: AdminBookingListQuery["sort"] };

/** The list's conditions, with placeholders for the values (`status`, `serviceType`, `date`, `pattern`, `id`). */
function listConditions(shape: ListShape): SQL | undefined {
  const conditions: SQL[] = [];
  if (shape.status) conditions.push(eq(bookings.status, sql.placeholder("status")));
  if (shape.serviceType) conditions.push(eq(bookings.serviceType, sql.placeholder("serviceType")));
  // The same expression as the trigram index bookings_search_trgm_idx, so the index serves it.
  const text = sql`(${bookings.contactName} || ' ' || ${bookings.address} || ' ' || ${bookings.city}) ilike ${sql.placeholder("pattern")}`;
  if (shape.search === "date") conditions.push(eq(bookings.date, sql.placeholder("date")));
  if (shape.search === "text") conditions.push(text);
  if (shape.search === "id") conditions.push(or(eq(bookings.id, sql.placeholder("id")), text)!);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * SPEC §9 max bookings per day (DECISIONS 11), for every path that puts a booking on a day. The
 * day's lock serialises those writes on every instance, so parallel requests cannot pass the
 * limit; cancelled bookings do not count.
 */
async function assertDayHasRoom(tx: Db, date: string, maxPerDay: number) {
  await lockUntilCommit(tx, `booking-day:${date}`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.date, date), sql`${bookings.status} <> 'cancelled'`));
  if (row.n >= maxPerDay) throw conflict(text.dayFull(maxPerDay));
}

/**
 * The technician's lock (held until the transaction ends, on every instance): writes that give a
 * technician a visit at some time check and write one at a time. Always taken after the booking's
 * row lock and before the booking is written, and only one per transaction, so two such writes
 * never wait for each other in a circle.
 */
function lockTechnician(tx: Db, technicianId: number) {
  return lockUntilCommit(tx, `booking-technician:${technicianId}`);
}

/**
 * For writes that move, reactivate or hand out an assigned visit: refuses (409) when the
 * technician has another active visit at an overlapping time. Checked after the write, so where the
 * company-wide exclusion constraint already refused the time its message ('the time is taken')
 * is the one the customer or admin reads.
 */
async function assertTechnicianFree(tx: Db, technicianId: number, visit: Pick<BookingRow, "id" | "date" | "startTime" | "endTime">) {
  if (await technicianIsBusy(tx, technicianId, visit)) throw conflict(planningText.technicianBusy);
}

/** True when the technician has another active visit overlapping `visit`'s time; under their lock. */
async function technicianIsBusy(tx: Db, technicianId: number, visit: Pick<BookingRow, "id" | "date" | "startTime" | "endTime">): Promise<boolean> {
  await lockTechnician(tx, technicianId);
  const [busy] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.assignedTechnicianId, technicianId),
        ne(bookings.id, visit.id),
        ne(bookings.status, "cancelled"),
        eq(bookings.date, visit.date),
        lt(bookings.startTime, visit.endTime),
        gt(bookings.endTime, visit.startTime),
      ),
    )
    .limit(1);
  return busy !== undefined;
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
