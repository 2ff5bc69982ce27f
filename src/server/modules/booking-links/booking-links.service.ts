import { occupiedRange, parseTimeSlot, slotInstants } from "@/common/booking-rules";
import type { CompanyProfile } from "@/common/company";
import { TERMS, type BookingStatus, type ServiceType } from "@/common/constants";
import { bookingLinkText, LinkTokenSchema, type BookingLinkView, type MoveBooking } from "@/common/schemas/booking-links";
import { dateText, monthText } from "@/common/agreements/terms";
import { AppError, conflict, notFound, tooManyRequests } from "../../lib/errors";
import type { OutboxSender } from "../../jobs/outbox";
import type { Limits } from "../../config";
import type { RateLimiter } from "../../lib/rate-limiter";
import type { AvailabilityService } from "../availability/availability.service";
import type { BlockedTimesRepository } from "../blocked-times/blocked-times.repository";
import { assertBookableByCustomer } from "../bookings/bookable";
import { bookingCancelledEmail, bookingMovedEmail } from "../bookings/booking-email";
import { toBookingImage } from "../bookings/booking-views";
import { contactOfBooking, type BookingRow, type BookingsRepository, type LinkRow } from "../bookings/bookings.repository";
import { bookingServerText } from "../bookings/bookings.text";
import { customerCalendarPath, customerLinkUrl } from "../bookings/customer-link";
import { reminderNotNeeded } from "../bookings/visit-reminders";
import type { SettingsService } from "../settings/settings.service";

type Deps = {
  repo: BookingsRepository;
  availability: AvailabilityService;
  blockedTimes: BlockedTimesRepository;
  outbox: Pick<OutboxSender, "notify">;
  now: () => Date;
  timeZone: string;
  publicUrl: string;
  calendarFor: (booking: BookingRow, company: CompanyProfile) => string;
  settings: SettingsService;
  limiter: RateLimiter;
  limits: Pick<Limits, "linkChangesPerLinkPerDay" | "linkImageChangesPerLinkPerDay" | "linkActionsPerAddressPerHour">;
  /** The booking's sent invoices (issue 25), shown on the link page. */
  invoicesOf?: (bookingId: number) => Promise<BookingLinkView["invoices"]>;
  /** The visit the system proposed the booking as (issue 26); null for any other booking. */
  proposalOf?: (bookingId: number) => Promise<ProposedVisit | null>;
  /**
   * The operator's yearly refrigerant reports of the booking's customer (issue 26), from the
   * refrigerant register: the years they have one, and one year's PDF (404 for a year not offered).
   */
  refrigerantReports: {
    years: (customerId: number) => Promise<number[]>;
    pdf: (customerId: number, year: number) => Promise<{ pdf: Buffer; filename: string }>;
  };
};

/** A visit the system proposed by itself (issue 26): an agreement's (its month) or a due leak check (the latest day it may move to). */
export type ProposedVisit = { kind: "agreement"; month: string } | { kind: "leak-check"; latest: string; followUp: boolean };

/** What a link's action changes, each kind with its own daily allowance per link. */
export type LinkActionKind = "change" | "image";

const HOUR_MS = 3600 * 1000;
const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;
/** Statuses in which the visit is still ahead and can be cancelled or moved by the customer. */
const CHANGEABLE: readonly string[] = ["planned", "confirmed", "rescheduled"];
/** Statuses in which the visit is over or off: the link no longer takes images. */
const FINISHED: readonly string[] = ["cancelled", "completed"];

/** Whether the link's holder may add and delete their images (rules §6 updatesAllowed, rules D9). */
export const clientUpdatesAllowed = (link: Pick<LinkRow, "allowClientUpdates">, booking: Pick<BookingRow, "status">) =>
  link.allowClientUpdates && !FINISHED.includes(booking.status);

/**
 * The customer's own booking page behind their link (rules D9), with self-service beyond the
 * spec: at least 24 hours before the visit (rules §9 terms) the customer may cancel it or move it
 * to another free time of the same service, under the same rules and the same exclusion
 * constraint as a new booking. Changes are recorded as made by the customer.
 */
export function createBookingLinksService({
  repo,
  availability,
  blockedTimes,
  outbox,
  now,
  timeZone,
  publicUrl,
  calendarFor,
  settings,
  limiter,
  limits,
  invoicesOf,
  proposalOf = async () => null,
  refrigerantReports,
}: Deps) {
  const manageUrl = (token: string) => customerLinkUrl(publicUrl, token);

  /**
   * Counts one action through a link (a move or cancellation, or an image added or deleted) against
   * the link's daily allowance of its kind and the client address's hourly one over all links,
   * before the action runs: a Swedish 429 with Retry-After when either is spent (issue 22.2). The
   * counts live in the database, so they hold across app instances and parallel requests.
   */
  async function admit(kind: LinkActionKind, link: Pick<LinkRow, "id">, clientAddress: string) {
    const perLink =
      kind === "change"
        ? { key: `link:changes:${link.id}`, limit: limits.linkChangesPerLinkPerDay, message: bookingLinkText.tooManyChanges }
        : { key: `link:images:${link.id}`, limit: limits.linkImageChangesPerLinkPerDay, message: bookingLinkText.tooManyImageChanges };
    const [forLink, forAddress] = await Promise.all([
      limiter.take(perLink.key, { limit: perLink.limit, windowSeconds: DAY_SECONDS }),
      limiter.take(`link:address:${clientAddress}`, { limit: limits.linkActionsPerAddressPerHour, windowSeconds: HOUR_SECONDS }),
    ]);
    if (!forAddress.allowed) throw tooManyRequests("TOO_MANY_LINK_ACTIONS", bookingLinkText.tooManyFromAddress, forAddress.retryAfterSeconds);
    if (!forLink.allowed) throw tooManyRequests("TOO_MANY_LINK_ACTIONS", perLink.message, forLink.retryAfterSeconds);
  }

  /** Confirms a planned visit as the customer's answer; a visit no longer planned is left as it is. */
  async function confirmIfPlanned(bookingId: number, customerName: string) {
    await repo
      .changeStatus(
        bookingId,
        "confirmed",
        { type: "customer", name: customerName },
        {
          check: (b) => {
            if (b.status !== "planned") throw conflict(bookingLinkText.alreadyAnswered);
          },
        },
      )
      .catch((error: unknown) => {
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      });
  }

  async function open(token: string): Promise<{ booking: BookingRow; link: LinkRow }> {
    const found = LinkTokenSchema.safeParse(token).success ? await repo.findByActiveLink(token) : undefined;
    if (!found) throw notFound(bookingLinkText.invalid);
    return found;
  }

  /** Whether the customer may still cancel or move the visit, and until when. */
  function selfService(booking: BookingRow, company: CompanyProfile) {
    const start = slotInstants(booking.date, booking.timeSlot, timeZone)!.start;
    const deadline = new Date(start.getTime() - TERMS.cancellationHours * HOUR_MS);
    if (!CHANGEABLE.includes(booking.status)) return { canChange: false, deadline, reason: bookingLinkText.notChangeable };
    if (now().getTime() >= start.getTime()) return { canChange: false, deadline, reason: bookingLinkText.visitPassed };
    if (now().getTime() > deadline.getTime()) return { canChange: false, deadline, reason: bookingLinkText.tooLate(TERMS.cancellationHours, company.phone) };
    return { canChange: true, deadline, reason: null };
  }

  function assertCanChange(booking: BookingRow, company: CompanyProfile) {
    const state = selfService(booking, company);
    if (!state.canChange) throw new AppError("TOO_LATE", 409, state.reason!);
  }

  async function view(token: string, found: { booking: BookingRow; link: LinkRow }): Promise<BookingLinkView> {
    const { booking, link } = found;
    const [technician, images, company, proposal, reportYears] = await Promise.all([
      repo.technicianOf(booking),
      repo.imagesOf(booking.id),
      settings.company(),
      proposalOf(booking.id),
      refrigerantReports.years(booking.customerId),
    ]);
    const state = selfService(booking, company);
    // A proposal waits for the customer's answer while planned and still changeable.
    const canConfirm = booking.status === "planned" && state.canChange;
    return {
      booking: {
        id: booking.id,
        status: booking.status as BookingStatus,
        serviceType: booking.serviceType as ServiceType,
        date: booking.date,
        timeSlot: booking.timeSlot,
        heatpumpModel: booking.heatpumpModel,
        description: booking.description,
        customerName: booking.contactName,
        address: booking.address,
        postalCode: booking.postalCode,
        city: booking.city,
      },
      technician: technician ? { name: technician.name, phone: technician.phone } : null,
      images: images.map((image) => toBookingImage(image, token)),
      updatesAllowed: clientUpdatesAllowed(link, booking),
      selfService: { canChange: state.canChange, deadline: state.deadline.toISOString(), reason: state.reason },
      calendarUrl: customerCalendarPath(token),
      agreementVisit: proposal?.kind === "agreement" ? { month: proposal.month, monthText: monthText(proposal.month), canConfirm } : null,
      leakCheckVisit:
        proposal?.kind === "leak-check" ? { latest: proposal.latest, latestText: dateText(proposal.latest), followUp: proposal.followUp, canConfirm } : null,
      company: { name: company.name, phone: company.phone, email: company.email, openingHours: company.openingHours },
      refrigerantReportYears: reportYears,
      invoices: invoicesOf ? await invoicesOf(booking.id) : [],
    };
  }

  return {
    async view(token: string) {
      return view(token, await open(token));
    },

    /** The .ics file of the visit behind the link. */
    async calendarFile(token: string): Promise<{ id: number; ics: string }> {
      const { booking } = await open(token);
      return { id: booking.id, ics: calendarFor(booking, await settings.company()) };
    },

    /**
     * The operator's yearly refrigerant report of the booking's customer for `year` (issue 26): only
     * a year the link's page offers, only while the link works, like the page itself.
     */
    async refrigerantReport(token: string, year: number): Promise<{ pdf: Buffer; filename: string }> {
      const { booking } = await open(token);
      return refrigerantReports.pdf(booking.customerId, year);
    },

    /** Cancels the visit (the time is free again at once) and confirms by e-mail. */
    async cancel(token: string, clientAddress: string): Promise<BookingLinkView> {
      const { booking, link } = await open(token);
      await admit("change", link, clientAddress);
      const current = await settings.get();
      const company = await settings.company();
      const changed = await repo.changeStatus(
        booking.id,
        "cancelled",
        { type: "customer", name: booking.contactName },
        {
          check: (b) => assertCanChange(b, company),
          email: current.emailNotifications ? (after) => bookingCancelledEmail({ booking: after, customer: contactOfBooking(after), company }) : undefined,
        },
      );
      if (changed?.outboxId) outbox.notify(changed.outboxId);
      return this.view(token);
    },

    /**
     * Confirms the time the system held for the customer (issue 26: an agreement's visit or a due leak
     * check): only such a visit, only while it waits (planned) and may still be changed. Counted like
     * any change.
     */
    async confirm(token: string, clientAddress: string): Promise<BookingLinkView> {
      const { booking, link } = await open(token);
      const proposal = await proposalOf(booking.id);
      if (!proposal) throw conflict(bookingLinkText.notAProposal);
      await admit("change", link, clientAddress);
      const company = await settings.company();
      await repo.changeStatus(
        booking.id,
        "confirmed",
        { type: "customer", name: booking.contactName },
        {
          check: (b) => {
            assertCanChange(b, company);
            if (b.status !== "planned") throw conflict(bookingLinkText.alreadyAnswered);
          },
        },
      );
      return this.view(token);
    },

    /** Moves the visit to another free time of the same service, with the rules of a new booking. */
    async move(token: string, input: MoveBooking, clientAddress: string): Promise<BookingLinkView> {
      const { booking, link } = await open(token);
      // An agreement's visit moves within its month, a due leak check no later than its latest day (issue 26).
      const proposal = await proposalOf(booking.id);
      if (proposal?.kind === "agreement" && input.date.slice(0, 7) !== proposal.month) throw conflict(bookingLinkText.outsideMonth(monthText(proposal.month)));
      if (proposal?.kind === "leak-check" && input.date > proposal.latest) throw conflict(bookingLinkText.afterLatest(dateText(proposal.latest)));
      await admit("change", link, clientAddress);
      const current = await settings.get();
      const company = await settings.company();
      assertCanChange(booking, company);
      const serviceType = booking.serviceType as ServiceType;
      const today = availability.today();
      assertBookableByCustomer(serviceType, input.date, input.timeSlot, today);
      const slot = parseTimeSlot(input.timeSlot)!;
      // rules D24: a moved installation holds the rest of its new day.
      const range = occupiedRange(serviceType, slot, current.workdayEnd);
      // Other bookings are refused by the exclusion constraint in the update itself (which, unlike a
      // look at public availability, does not count the visit being moved as in the way).
      if (await blockedTimes.blocks(serviceType, input.date, range.start, range.end)) throw conflict(bookingServerText.slotUnavailable);
      const moved = await repo.reschedule(
        booking.id,
        { date: input.date, timeSlot: slot.label, startTime: range.start, endTime: range.end },
        undefined,
        { type: "customer", name: booking.contactName },
        {
          check: (b) => assertCanChange(b, company),
          skipReminder: reminderNotNeeded(input.date, today, current.reminderEmailDays),
          maxPerDay: current.maxBookingsPerDay,
          takenMessage: bookingServerText.slotTaken,
          email: (after, before) =>
            current.emailNotifications
              ? bookingMovedEmail({
                  booking: after,
                  customer: contactOfBooking(after),
                  previous: before,
                  manageUrl: manageUrl(token),
                  calendarFile: calendarFor(after, company),
                  company,
                })
              : null,
        },
      );
      if (moved?.outboxId) outbox.notify(moved.outboxId);
      // A held time moved by the customer is their answer: the new time is confirmed,
      // so the rule for unanswered proposals leaves it alone (issue 26).
      if (proposal) await confirmIfPlanned(booking.id, booking.contactName);
      return this.view(token);
    },

    /** The booking behind an active link, for image uploads and deletions. */
    open,

    /** Counts an action through a link against its limits (image uploads and deletions count here too). */
    admit,
  };
}
export type BookingLinksService = ReturnType<typeof createBookingLinksService>;
