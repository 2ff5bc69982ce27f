import { bookingLinkText } from "@/common/schemas/booking-links";
import { imageText } from "@/common/schemas/images";
import type { BookingImage } from "@/common/schemas/admin-bookings";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { reencodeImage } from "../../lib/images";
import type { SessionUser } from "../../plugins/session";
import { clientUpdatesAllowed, type BookingLinksService } from "../booking-links/booking-links.service";
import { toBookingImage } from "../bookings/booking-views";
import type { BookingRow, BookingsRepository, LinkRow } from "../bookings/bookings.repository";
import { bookingServerText as text } from "../bookings/bookings.text";
import { staffMayWorkOn } from "../bookings/visit-access";

/** Images one booking may hold in all (customer, technician and admin uploads together). */
export const MAX_IMAGES_PER_BOOKING = 20;

/** Who is asking: a logged-in staff member, the holder of a customer link token, or both; and from where. */
export type ImageCaller = { user: SessionUser | null; token?: string; clientAddress: string };

type OpenedLink = { booking: BookingRow; link: LinkRow };
/** How the caller reaches a booking: as staff who may work on it, or as the holder of its active link. */
type Reach = { as: "staff"; user: SessionUser } | { as: "customer"; opened: OpenedLink };
type BookingRef = { id: number; assignedTechnicianId: number | null };

/**
 * Booking images (rules §7 /api/booking/images, rules D9 and D20). An image is seen and changed
 * exactly by those who may see its booking: admins, the technician assigned to it (any technician
 * while it is unassigned, as for visits), and the holder of the booking's active link, who adds and
 * deletes their own images only while the link allows updates. Everyone else gets 404, the same as
 * for an image or booking that does not exist (docs/decisions/0003: ids are sequential, so counting
 * them must tell a stranger nothing). Uploads are decoded and re-encoded.
 */
export function createBookingImagesService({ repo, links }: { repo: BookingsRepository; links: BookingLinksService }) {
  /** The booking and link the caller's token opens, or null when it opens none. */
  async function openLink(token: string | undefined): Promise<OpenedLink | null> {
    if (!token) return null;
    try {
      return await links.open(token);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** Staff rights first (an admin holding a customer's link still acts as staff), then the link. */
  async function reach(caller: ImageCaller, booking: BookingRef | undefined, opened?: OpenedLink | null): Promise<Reach | null> {
    if (!booking) return null;
    if (caller.user && staffMayWorkOn(caller.user, booking)) return { as: "staff", user: caller.user };
    const link = opened === undefined ? await openLink(caller.token) : opened;
    return link && link.booking.id === booking.id ? { as: "customer", opened: link } : null;
  }

  /**
   * The 404 for a caller who may not reach the thing. One with neither a session nor a working link
   * is told about the link (a customer whose link has ended learns why); anyone else hears that the
   * thing is not there, whether it exists or not.
   */
  async function refusal(caller: ImageCaller, message: string): Promise<AppError> {
    if (!caller.user && !(await openLink(caller.token))) return notFound(bookingLinkText.invalid);
    return notFound(message);
  }

  /** The booking an upload goes to and how the caller reaches it. */
  async function uploadTarget(caller: ImageCaller, bookingId: number | undefined): Promise<Reach> {
    if (bookingId === undefined) {
      // The customer's page names no booking: the link's own booking is meant.
      const opened = await openLink(caller.token);
      const reached = opened ? await reach(caller, opened.booking, opened) : null;
      if (reached) return reached;
      if (caller.user && !caller.token) throw new AppError("BOOKING_REQUIRED", 400, text.bookingNotFound);
      throw notFound(bookingLinkText.invalid);
    }
    const reached = await reach(caller, await repo.findById(bookingId));
    if (!reached) throw await refusal(caller, text.bookingNotFound);
    return reached;
  }

  return {
    async upload(caller: ImageCaller, input: { bookingId?: number; caption?: string; bytes: Buffer }): Promise<BookingImage> {
      const target = await uploadTarget(caller, input.bookingId);
      if (target.as === "customer") {
        // Counted before the picture is decoded: a spent allowance costs the server nothing.
        await links.admit("image", target.opened.link, caller.clientAddress);
        if (!clientUpdatesAllowed(target.opened.link, target.opened.booking)) throw forbidden(bookingLinkText.updatesNotAllowed);
      }
      const bookingId = target.as === "customer" ? target.opened.booking.id : input.bookingId!;
      if (input.bytes.length === 0) throw new AppError("IMAGE_REQUIRED", 400, text.imageRequired);
      const image = await reencodeImage(input.bytes, imageText.couldNotReadImage);
      const staff = target.as === "staff" ? target.user : null;
      const added = await repo.addImage({
        bookingId,
        image,
        uploadedBy: staff ? staff.role : "customer",
        uploadedById: staff?.id ?? null,
        caption: input.caption?.trim() || null,
        maxImages: MAX_IMAGES_PER_BOOKING,
      });
      if (added.status === "missing") throw notFound(text.bookingNotFound);
      if (added.status === "full") throw new AppError("TOO_MANY_IMAGES", 409, text.tooManyImages(MAX_IMAGES_PER_BOOKING));
      const row = await repo.imageById(added.id);
      return toBookingImage({ ...row!, uploadedByName: staff?.name ?? null }, staff ? undefined : caller.token);
    },

    async delete(caller: ImageCaller, imageId: number) {
      const image = await repo.imageById(imageId);
      const reached = image ? await reach(caller, { id: image.bookingId, assignedTechnicianId: image.assignedTechnicianId }) : null;
      if (!image || !reached) throw await refusal(caller, text.imageNotFound);
      if (reached.as === "customer") {
        await links.admit("image", reached.opened.link, caller.clientAddress);
        if (!clientUpdatesAllowed(reached.opened.link, reached.opened.booking)) throw forbidden(bookingLinkText.deleteNotAllowed);
        // rules D9: customers delete their own images, never staff photos.
        if (image.uploadedBy !== "customer") throw forbidden(text.notOwnImage);
      }
      if (!(await repo.deleteImage(imageId))) throw notFound(text.imageNotFound);
    },

    /** The image's bytes, for those who may see its booking; anyone else gets 404. */
    async file(caller: ImageCaller, imageId: number) {
      const file = await repo.imageFile(imageId);
      // Not found rather than forbidden: a stranger learns nothing about which images exist.
      if (!file || !(await reach(caller, { id: file.bookingId, assignedTechnicianId: file.assignedTechnicianId }))) throw notFound(text.imageNotFound);
      return file;
    },
  };
}
export type BookingImagesService = ReturnType<typeof createBookingImagesService>;
