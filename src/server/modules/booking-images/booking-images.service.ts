import { bookingLinkText } from "@/common/schemas/booking-links";
import { imageText } from "@/common/schemas/images";
import type { BookingImage } from "@/common/schemas/admin-bookings";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { reencodeImage } from "../../lib/images";
import type { SessionUser } from "../../plugins/session";
import { clientUpdatesAllowed, type BookingLinksService } from "../booking-links/booking-links.service";
import { toBookingImage } from "../bookings/booking-views";
import type { BookingsRepository } from "../bookings/bookings.repository";
import { bookingServerText as text } from "../bookings/bookings.text";

/** Images one booking may hold in all (customer, technician and admin uploads together). */
export const MAX_IMAGES_PER_BOOKING = 20;

/** Who is asking: a logged-in staff member, or the holder of a customer link token. */
export type ImageCaller = { user: SessionUser | null; token?: string };

/**
 * Booking images (SPEC §7 /api/booking/images, DECISIONS 9 and 20): staff may see, add and delete
 * every image; the holder of a booking's active link may see that booking's images, and add and
 * delete their own only while the link allows updates. Uploads are decoded and re-encoded.
 * A caller without a session or a working link gets 404 (docs/decisions/0003: a stranger learns
 * nothing), and so does a customer asking about another booking's image.
 */
export function createBookingImagesService({ repo, links }: { repo: BookingsRepository; links: BookingLinksService }) {
  /** The booking and link a customer's token opens; 404 with the link's message when it opens nothing. */
  async function customerLink(token: string | undefined) {
    if (!token) throw notFound(bookingLinkText.invalid);
    return links.open(token);
  }

  return {
    async upload(caller: ImageCaller, input: { bookingId?: number; caption?: string; bytes: Buffer }): Promise<BookingImage> {
      let bookingId: number;
      if (caller.user) {
        if (!input.bookingId) throw new AppError("BOOKING_REQUIRED", 400, text.bookingNotFound);
        bookingId = input.bookingId;
      } else {
        const { booking, link } = await customerLink(caller.token);
        if (input.bookingId !== undefined && input.bookingId !== booking.id) throw forbidden(text.imageForbidden);
        if (!clientUpdatesAllowed(link, booking)) throw forbidden(bookingLinkText.updatesNotAllowed);
        bookingId = booking.id;
      }
      if (input.bytes.length === 0) throw new AppError("IMAGE_REQUIRED", 400, text.imageRequired);
      const image = await reencodeImage(input.bytes, imageText.couldNotReadImage);
      const added = await repo.addImage({
        bookingId,
        image,
        uploadedBy: caller.user ? caller.user.role : "customer",
        uploadedById: caller.user?.id ?? null,
        caption: input.caption?.trim() || null,
        maxImages: MAX_IMAGES_PER_BOOKING,
      });
      if (added.status === "missing") throw notFound(text.bookingNotFound);
      if (added.status === "full") throw new AppError("TOO_MANY_IMAGES", 409, text.tooManyImages(MAX_IMAGES_PER_BOOKING));
      const row = await repo.imageById(added.id);
      return toBookingImage({ ...row!, uploadedByName: caller.user?.name ?? null }, caller.user ? undefined : caller.token);
    },

    async delete(caller: ImageCaller, imageId: number) {
      if (!caller.user) {
        const { booking, link } = await customerLink(caller.token);
        const image = await repo.imageById(imageId);
        // Another booking's image answers like one that does not exist.
        if (!image || image.bookingId !== booking.id) throw notFound(text.imageNotFound);
        if (!clientUpdatesAllowed(link, booking)) throw forbidden(bookingLinkText.deleteNotAllowed);
        // DECISIONS 9: customers delete their own images, never staff photos.
        if (image.uploadedBy !== "customer") throw forbidden(text.notOwnImage);
      }
      if (!(await repo.deleteImage(imageId))) throw notFound(text.imageNotFound);
    },

    /** The image's bytes, for staff or the holder of its booking's active link; anyone else gets 404. */
    async file(caller: ImageCaller, imageId: number) {
      const file = await repo.imageFile(imageId);
      if (!file) throw notFound(text.imageNotFound);
      if (!caller.user) {
        const booking = caller.token ? (await links.open(caller.token).catch(() => null))?.booking : null;
        // Not found rather than forbidden: a stranger learns nothing about which images exist.
        if (!booking || booking.id !== file.bookingId) throw notFound(text.imageNotFound);
      }
      return file;
    },
  };
}
export type BookingImagesService = ReturnType<typeof createBookingImagesService>;
