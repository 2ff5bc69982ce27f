import { and, eq, gt, gte, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookingImages, bookings, customers, sharedBookingLinks } from "../../db/schema";
import type { ProcessedImage } from "../../lib/images";
import { enqueueEmail, type OutboxMessage } from "../../jobs/outbox";

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
};
export type BookingRow = typeof bookings.$inferSelect;
/** The contact details and address a booking keeps as it was booked (its own copy). */
export type BookingContact = Pick<BookingRow, "contactName" | "contactEmail" | "contactPhone" | "address" | "postalCode" | "city">;

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

/** Visits that still lie ahead for the customer (they count against the active-bookings cap). */
const FINISHED_STATUSES = ["cancelled", "completed"];

export class TooManyActiveBookingsError extends Error {}
export type CustomerRow = typeof customers.$inferSelect;

export function createBookingsRepository(db: Db) {
  return {
    /**
     * Creates the booking with its customer (found by e-mail, never changed; created when new),
     * images, customer link and confirmation e-mail in one transaction: all of it or nothing.
     * A conflicting booking makes the exclusion constraint fail (SQLSTATE 23P01) and everything is
     * rolled back. Throws TooManyActiveBookingsError when the e-mail already has `maxActive` visits
     * ahead; the check holds under concurrency because it runs under a lock on the e-mail address.
     */
    async createPublicBooking(input: {
      customer: NewCustomer;
      booking: NewBooking;
      images: ProcessedImage[];
      link: { token: string; expiresAt: Date };
      maxActive: number;
      today: string;
      email: (booking: BookingRow) => OutboxMessage;
    }) {
      return db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        await lockEmail(executor, input.customer.email);
        if ((await countActiveBookings(executor, input.customer.email, input.today)) >= input.maxActive) throw new TooManyActiveBookingsError();
        const customer = await findOrCreateCustomerByEmail(executor, input.customer);
        const [booking] = await tx
          .insert(bookings)
          .values({ ...input.booking, ...bookingContactOf(input.customer), customerId: customer.id })
          .returning();
        const urls: string[] = [];
        for (const image of input.images) {
          const [row] = await tx
            .insert(bookingImages)
            .values({ bookingId: booking.id, imageUrl: "", uploadedBy: "customer", contentType: image.contentType, width: image.width, height: image.height, data: image.data })
            .returning({ id: bookingImages.id });
          const url = `/api/booking/images/${row.id}/file`;
          await tx.update(bookingImages).set({ imageUrl: url }).where(eq(bookingImages.id, row.id));
          urls.push(url);
        }
        if (urls.length > 0) await tx.update(bookings).set({ images: urls }).where(eq(bookings.id, booking.id));
        await tx.insert(sharedBookingLinks).values({ bookingId: booking.id, token: input.link.token, expiresAt: input.link.expiresAt });
        const outboxId = await enqueueEmail(tx, input.email(booking));
        return { booking, outboxId };
      });
    },

    /** The booking behind an active, unexpired link; records the access. */
    async findByActiveLink(token: string) {
      const [row] = await db
        .select({ booking: bookings, linkId: sharedBookingLinks.id })
        .from(sharedBookingLinks)
        .innerJoin(bookings, eq(bookings.id, sharedBookingLinks.bookingId))
        .where(and(eq(sharedBookingLinks.token, token), eq(sharedBookingLinks.isActive, true), gt(sharedBookingLinks.expiresAt, new Date())))
        .limit(1);
      if (!row) return undefined;
      await db.update(sharedBookingLinks).set({ lastAccessed: new Date() }).where(eq(sharedBookingLinks.id, row.linkId));
      return row;
    },
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;

/**
 * Serialises bookings per e-mail address until the transaction ends (on every instance), so the
 * active-bookings cap cannot be passed by parallel requests.
 */
async function lockEmail(tx: Db, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"booking-email:" + email.toLowerCase()}))`);
}

async function countActiveBookings(tx: Db, email: string, today: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(sql`lower(${bookings.contactEmail}) = lower(${email})`, gte(bookings.date, today), notInArray(bookings.status, FINISHED_STATUSES)));
  return row.n;
}

/**
 * The customer record for a public booking: the newest one with this e-mail (case-insensitive), or a
 * new one. A public form never changes an existing record: only staff update or merge customers.
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
