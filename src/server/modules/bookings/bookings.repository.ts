import { and, eq, gt, sql } from "drizzle-orm";
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
export type CustomerRow = typeof customers.$inferSelect;

export function createBookingsRepository(db: Db) {
  return {
    /**
     * Creates the booking with its customer (reused by e-mail), images, customer link and
     * confirmation e-mail in one transaction: all of it or nothing. A conflicting booking makes the
     * exclusion constraint fail (SQLSTATE 23P01) and everything is rolled back.
     */
    async createPublicBooking(input: {
      customer: NewCustomer;
      booking: NewBooking;
      images: ProcessedImage[];
      link: { token: string; expiresAt: Date };
      email: (booking: BookingRow, customer: CustomerRow) => OutboxMessage;
    }) {
      return db.transaction(async (tx) => {
        const customer = await upsertCustomerByEmail(tx as unknown as Db, input.customer);
        const [booking] = await tx.insert(bookings).values({ ...input.booking, customerId: customer.id }).returning();
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
        const outboxId = await enqueueEmail(tx, input.email(booking, customer));
        return { booking, customer, outboxId };
      });
    },

    /** The booking and customer behind an active, unexpired link; records the access. */
    async findByActiveLink(token: string) {
      const [row] = await db
        .select({ booking: bookings, customer: customers, linkId: sharedBookingLinks.id })
        .from(sharedBookingLinks)
        .innerJoin(bookings, eq(bookings.id, sharedBookingLinks.bookingId))
        .innerJoin(customers, eq(customers.id, bookings.customerId))
        .where(and(eq(sharedBookingLinks.token, token), eq(sharedBookingLinks.isActive, true), gt(sharedBookingLinks.expiresAt, new Date())))
        .limit(1);
      if (!row) return undefined;
      await db.update(sharedBookingLinks).set({ lastAccessed: new Date() }).where(eq(sharedBookingLinks.id, row.linkId));
      return row;
    },
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;

/** Reuses the newest customer with this e-mail (case-insensitive) and refreshes their contact details. */
async function upsertCustomerByEmail(tx: Db, input: NewCustomer): Promise<CustomerRow> {
  const [existing] = await tx
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${input.email})`)
    .orderBy(sql`${customers.id} desc`)
    .limit(1);
  if (!existing) return (await tx.insert(customers).values(input).returning())[0];
  const [updated] = await tx
    .update(customers)
    .set({ name: input.name, phone: input.phone, address: input.address, city: input.city, postalCode: input.postalCode })
    .where(eq(customers.id, existing.id))
    .returning();
  return updated;
}
