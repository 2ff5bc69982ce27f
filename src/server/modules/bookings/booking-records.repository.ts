import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlState } from "../../db/errors";
import { bookingEvents, bookingImages, bookings, customers, sharedBookingLinks } from "../../db/schema";
import { conflict } from "../../lib/errors";
import type { ProcessedImage } from "../../lib/images";
import { bookingServerText as text } from "./bookings.text";

// What the parts of the bookings repository (writes, media, queries) share: the row types, who
// acts, the history line, the booking's row lock, the image insert and the write transaction. It
// imports none of the parts, so each of them can import it.

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
  /** The customer's product the visit is about (a service agreement's visit, issue 26). */
  productId?: number | null;
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
export const FINISHED_STATUSES = ["cancelled", "completed"];

/** The `write` of a repository part, telling `onChange` of each commit. */
export function bookingWriter(db: Db, onChange: () => void) {
  /** Runs a write in a transaction; a conflicting time becomes a 409, a commit clears shared reads. */
  async function write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      // rules D5: the exclusion constraint decided that another booking holds this time.
      if (sqlState(error) === "23P01") throw conflict(text.slotTaken);
      throw error;
    }
    onChange();
    return result;
  }
  return write;
}

export async function insertImage(tx: Db, bookingId: number, image: ProcessedImage, uploadedBy: string, uploadedById: number | null, caption: string | null) {
  const [row] = await tx
    .insert(bookingImages)
    .values({
      bookingId,
      imageUrl: "",
      caption,
      uploadedBy,
      uploadedById,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      data: image.data,
    })
    .returning({ id: bookingImages.id });
  const url = `/api/booking/images/${row.id}/file`;
  await tx.update(bookingImages).set({ imageUrl: url }).where(eq(bookingImages.id, row.id));
  // bookings.images (rules §3) lists the image URLs too.
  await tx
    .update(bookings)
    .set({ images: sql`array_append(${bookings.images}, ${url})` })
    .where(eq(bookings.id, bookingId));
  return { id: row.id, url };
}

export async function lockBooking(tx: Db, id: number): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update").limit(1);
  return row;
}

export async function recordEvent(tx: Db, bookingId: number, actor: Actor, kind: string, from: string | null, to: string | null, note?: string | null) {
  await tx.insert(bookingEvents).values({
    bookingId,
    actor: actor.type,
    actorUserId: actor.userId ?? null,
    actorName: actor.name ?? null,
    kind,
    fromValue: from,
    toValue: to,
    note: note ?? null,
  });
}

/** Visits still to be made: not cancelled, not completed (planned, confirmed, rescheduled, in progress). */
export const isActiveVisit = (status: string) => !FINISHED_STATUSES.includes(status);
