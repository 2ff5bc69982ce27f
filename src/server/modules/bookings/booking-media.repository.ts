import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookingImages, bookings, sharedBookingLinks, users } from "../../db/schema";
import type { ProcessedImage } from "../../lib/images";
import { bookingWriter, insertImage, lockBooking, recordEvent, type Actor, type BookingRow, type ImageRow, type LinkRow } from "./booking-records.repository";

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

/** A booking's images and its customer links: adding, removing and reading them. */
export function createBookingMediaRepository(db: Db, { onChange }: { onChange: () => void }) {
  const write = bookingWriter(db, onChange);

  return {
    /** Adds a re-encoded image to a booking, unless it already holds `maxImages`. */
    async addImage(input: {
      bookingId: number;
      image: ProcessedImage;
      uploadedBy: string;
      uploadedById: number | null;
      caption: string | null;
      maxImages: number;
    }) {
      return write(async (tx) => {
        const booking = await lockBooking(tx, input.bookingId);
        if (!booking) return { status: "missing" as const };
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(bookingImages)
          .where(eq(bookingImages.bookingId, input.bookingId));
        if (n >= input.maxImages) return { status: "full" as const };
        const created = await insertImage(tx, input.bookingId, input.image, input.uploadedBy, input.uploadedById, input.caption);
        return { status: "added" as const, ...created };
      });
    },

    async deleteImage(imageId: number): Promise<boolean> {
      return write(async (tx) => {
        const [row] = await tx
          .delete(bookingImages)
          .where(eq(bookingImages.id, imageId))
          .returning({ bookingId: bookingImages.bookingId, url: bookingImages.imageUrl });
        if (!row) return false;
        await tx
          .update(bookings)
          .set({ images: sql`array_remove(${bookings.images}, ${row.url})` })
          .where(eq(bookings.id, row.bookingId));
        return true;
      });
    },

    /** A new customer link for the booking; earlier links stop working. Null when the booking does not exist. */
    async replaceLink(bookingId: number, link: { token: string; expiresAt: Date; allowClientUpdates: boolean; createdBy: number }, actor: Actor) {
      return write(async (tx) => {
        if (!(await lockBooking(tx, bookingId))) return null;
        await tx.update(sharedBookingLinks).set({ isActive: false }).where(eq(sharedBookingLinks.bookingId, bookingId));
        const [row] = await tx
          .insert(sharedBookingLinks)
          .values({ bookingId, ...link })
          .returning();
        await recordEvent(tx, bookingId, actor, "link", null, "ny länk");
        return row;
      });
    },

    /** Activates, deactivates or changes the newest link of a booking; null when it has none. */
    async updateLink(bookingId: number, patch: { isActive?: boolean; allowClientUpdates?: boolean }, actor: Actor) {
      return write(async (tx) => {
        const [latest] = await tx
          .select()
          .from(sharedBookingLinks)
          .where(eq(sharedBookingLinks.bookingId, bookingId))
          .orderBy(desc(sharedBookingLinks.id))
          .limit(1);
        if (!latest) return null;
        const [row] = await tx.update(sharedBookingLinks).set(patch).where(eq(sharedBookingLinks.id, latest.id)).returning();
        if (patch.isActive !== undefined && patch.isActive !== latest.isActive) {
          await recordEvent(tx, bookingId, actor, "link", latest.isActive ? "aktiv" : "inaktiv", row.isActive ? "aktiv" : "inaktiv");
        }
        return row;
      });
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
      await db
        .update(sharedBookingLinks)
        .set({ lastAccessed: sql`now()` })
        .where(eq(sharedBookingLinks.id, row.link.id));
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

    async imagesOf(bookingId: number): Promise<(ImageRow & { uploadedByName: string | null })[]> {
      return db
        .select({ ...imageColumns, uploadedByName: users.name })
        .from(bookingImages)
        .leftJoin(users, eq(users.id, bookingImages.uploadedById))
        .where(eq(bookingImages.bookingId, bookingId))
        .orderBy(asc(bookingImages.id));
    },

    /** An image's bytes, with its booking's technician (who may see it depends on them). */
    async imageFile(imageId: number) {
      const [row] = await db
        .select({
          bookingId: bookingImages.bookingId,
          assignedTechnicianId: bookings.assignedTechnicianId,
          uploadedBy: bookingImages.uploadedBy,
          contentType: bookingImages.contentType,
          data: bookingImages.data,
        })
        .from(bookingImages)
        .innerJoin(bookings, eq(bookings.id, bookingImages.bookingId))
        .where(eq(bookingImages.id, imageId))
        .limit(1);
      return row;
    },

    /** An image without its bytes, with its booking's technician (who may see it depends on them). */
    async imageById(imageId: number): Promise<(ImageRow & { assignedTechnicianId: number | null }) | undefined> {
      const [row] = await db
        .select({ ...imageColumns, assignedTechnicianId: bookings.assignedTechnicianId })
        .from(bookingImages)
        .innerJoin(bookings, eq(bookings.id, bookingImages.bookingId))
        .where(eq(bookingImages.id, imageId))
        .limit(1);
      return row;
    },
  };
}
export type BookingMediaRepository = ReturnType<typeof createBookingMediaRepository>;
