import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { occupiedRange, parseTimeSlot } from "@/common/booking-rules";
import type { BookingStatus, ServiceType } from "@/common/constants";
import type { BookingCreated, CreateBookingRequest } from "@/common/schemas/bookings";
import { parseImageDataUrl } from "@/common/schemas/images";
import { AppError, conflict } from "../../lib/errors";
import { reencodeImage, type ProcessedImage } from "../../lib/images";
import type { Limits } from "../../config";
import type { OutboxSender } from "../../jobs/outbox";
import { bookingsPerEmailKey, type RateLimiter } from "../../lib/rate-limiter";
import type { AvailabilityService } from "../availability/availability.service";
import type { SettingsService } from "../settings/settings.service";
import type { CompanyProfile } from "@/common/company";
import { assertBookableByCustomer } from "./bookable";
import { reminderNotNeeded } from "./visit-reminders";
import { bookingConfirmationEmail, staffBookingNoticeEmail } from "./booking-email";
import { customerCalendarPath, customerLinkUrl, linkExpiry, newLinkToken } from "./customer-link";
import { contactOfBooking, TooManyActiveBookingsError, type BookingRow, type BookingsRepository } from "./bookings.repository";
import { bookingServerText as text } from "./bookings.text";
import type { ServiceReminders } from "../service-reminders/service-reminders.service";

type Deps = {
  settings: SettingsService;
  repo: BookingsRepository;
  availability: AvailabilityService;
  outbox: Pick<OutboxSender, "notify">;
  limiter: RateLimiter;
  limits: Limits;
  log: FastifyBaseLogger;
  publicUrl: string;
  calendarFor: (booking: BookingRow, company: CompanyProfile) => string;
  /** A booking made from a service reminder's link records it, and the discount is noted once (issues 12, 22.8). */
  reminderOffers?: Pick<ServiceReminders, "offerForBooking" | "useForBooking">;
};

const HOUR = 3600;
const DAY = 24 * HOUR;

export function createBookingsService({ settings, repo, availability, outbox, limiter, limits, log, publicUrl, calendarFor, reminderOffers }: Deps) {
  const manageUrl = (token: string) => customerLinkUrl(publicUrl, token);

  /** Every rule of rules D2-D3 for the public wizard, re-checked here whatever the client did. */

  /** Work after a committed booking: it may fail, but it may never turn the booking into an error. */
  function afterCommit(outboxIds: number[]) {
    try {
      for (const outboxId of outboxIds) outbox.notify(outboxId);
    } catch (error) {
      log.error({ err: error, outboxIds }, "efterarbete efter bokning misslyckades; utkorgen skickar e-posten vid nästa körning");
    }
  }

  async function processImages(dataUrls: string[]): Promise<ProcessedImage[]> {
    const images: ProcessedImage[] = [];
    // One at a time: decoding is memory-heavy and four parallel 10 MB decodes per request add up.
    for (const dataUrl of dataUrls) {
      const parsed = parseImageDataUrl(dataUrl);
      if (!parsed) throw new AppError("INVALID_IMAGE", 422, text.couldNotReadImage);
      images.push(await reencodeImage(Buffer.from(parsed.base64, "base64"), text.couldNotReadImage));
    }
    return images;
  }

  return {
    /**
     * Counts a booking attempt from a client address before its body is even read (a 429 costs the
     * server nothing); shared by all app instances through the database.
     */
    async admitFromAddress(address: string) {
      const allowed = await limiter.hit(`booking:address:${address}`, { limit: limits.bookingsPerAddressPerHour, windowSeconds: HOUR });
      if (!allowed) throw new AppError("TOO_MANY_BOOKINGS", 429, text.tooManyFromAddress);
    },

    /**
     * Books a public visit. Side effects, all in one transaction: finds or creates the customer (an
     * existing record is never changed), stores the booking with its own copy of the contact
     * details, the re-encoded images, the customer link and the queued confirmation e-mail; after
     * the commit the outbox is told to send it, and nothing after the commit can fail the request.
     */
    async create(input: CreateBookingRequest): Promise<BookingCreated> {
      assertBookableByCustomer(input.serviceType, input.date, input.timeSlot, availability.today());
      const emailAllowed = await limiter.hit(bookingsPerEmailKey(input.email), { limit: limits.bookingsPerEmailPerDay, windowSeconds: DAY });
      if (!emailAllowed) throw new AppError("TOO_MANY_BOOKINGS", 429, text.tooManyForEmail);
      const slotCheck = await availability.check(input.serviceType, input.date, input.timeSlot, { fresh: true });
      if (slotCheck.state === "day-full") throw conflict(text.dayFull(slotCheck.maxPerDay));
      if (slotCheck.state === "taken") throw conflict(text.slotUnavailable);
      const images = await processImages(input.images ?? []);
      const current = await settings.get();
      const company = await settings.company();
      const slot = parseTimeSlot(input.timeSlot)!;
      // rules D24: stored as the whole range it holds, so the exclusion constraint keeps the rest of an installation's day.
      const range = occupiedRange(input.serviceType, slot, current.workdayEnd);
      const token = newLinkToken();
      // An unknown, expired or used offer, or another's, books the visit all the same, without the
      // discount: the customer came to book a service, and the form told them about the offer.
      const offer = input.offerToken && reminderOffers ? await reminderOffers.offerForBooking(input.offerToken, input.email) : null;
      // rules D7 and D11: auto-confirm decides the new booking's status.
      const status: BookingStatus = current.autoConfirmBookings ? "confirmed" : "planned";
      let created;
      try {
        created = await repo.createPublicBooking({
          customer: { name: input.name, email: input.email, phone: input.phone, address: input.address, city: input.city, postalCode: input.postalCode },
          booking: {
            serviceType: input.serviceType,
            description: input.description,
            heatpumpModel: input.serviceType === "hembesok" ? null : input.heatpumpModel || null,
            date: input.date,
            timeSlot: slot.label,
            startTime: range.start,
            endTime: range.end,
            status,
            notes: null,
          },
          images,
          ...(offer && reminderOffers ? { also: (tx: Db, booking: BookingRow) => reminderOffers.useForBooking(tx, offer, booking.id) } : {}),
          link: { token, expiresAt: linkExpiry(input.date) },
          maxActive: limits.activeBookingsPerEmail,
          maxPerDay: current.maxBookingsPerDay,
          today: availability.today(),
          skipReminder: reminderNotNeeded(input.date, availability.today(), current.reminderEmailDays),
          // The e-mail switches of the settings (rules D11): the master switch, then each kind.
          emails: (booking) => [
            ...(current.emailNotifications && current.sendCustomerConfirmation
              ? [
                  bookingConfirmationEmail({
                    booking,
                    customer: contactOfBooking(booking),
                    manageUrl: manageUrl(token),
                    calendarFile: calendarFor(booking, company),
                    company,
                  }),
                ]
              : []),
            ...(current.emailNotifications && current.sendTechnicianNotification
              ? [
                  staffBookingNoticeEmail({
                    booking,
                    customer: contactOfBooking(booking),
                    adminUrl: `${publicUrl.replace(/\/+$/, "")}/admin/bookings/${booking.id}`,
                    company,
                  }),
                ]
              : []),
          ],
        });
      } catch (error) {
        if (error instanceof TooManyActiveBookingsError) throw conflict(text.tooManyActive(limits.activeBookingsPerEmail));
        throw error;
      }
      afterCommit(created.outboxIds);
      const { booking } = created;
      const customer = contactOfBooking(booking);
      return {
        id: booking.id,
        serviceType: booking.serviceType as ServiceType,
        date: booking.date,
        timeSlot: booking.timeSlot,
        description: booking.description,
        heatpumpModel: booking.heatpumpModel,
        status: booking.status as BookingStatus,
        customer: {
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          address: customer.address,
          postalCode: customer.postalCode,
          city: customer.city,
        },
        manageUrl: manageUrl(token),
        calendarUrl: customerCalendarPath(token),
      };
    },
  };
}
export type BookingsService = ReturnType<typeof createBookingsService>;
