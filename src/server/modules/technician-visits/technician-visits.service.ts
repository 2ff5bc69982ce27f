import { STATUS_AFTER, technicianMay, technicianRefusal, type TechnicianAction } from "@/common/booking-rules";
import type { BookingStatus } from "@/common/constants";
import { todayIn } from "@/common/booking-rules";
import type { ServiceReportResult, ServiceReportSchema, TechnicianBooking, TechnicianVisit } from "@/common/schemas/technician";
import type { z } from "zod";
import { conflict, notFound } from "../../lib/errors";
import type { SessionUser } from "../../plugins/session";
import type { OutboxSender } from "../../jobs/outbox";
import { actorOf, staffCancellationEmail } from "../admin-bookings/admin-bookings.service";
import { toBookingImage, toListItem, toStaffBooking } from "../bookings/booking-views";
import { contactOfBooking, type BookingRow, type BookingsRepository } from "../bookings/bookings.repository";
import { staffMayWorkOn } from "../bookings/visit-access";
import type { RefrigerantService } from "../refrigerant/refrigerant.service";
import type { SettingsService } from "../settings/settings.service";

type Deps = {
  repo: BookingsRepository;
  now: () => Date;
  today: () => string;
  timeZone: string;
  settings: SettingsService;
  outbox: Pick<OutboxSender, "notify">;
  /** The refrigerant register: the rules of a leak check recorded with the report (issue 26). */
  refrigerant: Pick<RefrigerantService, "leakCheckWrite" | "recorded" | "productsOf">;
};

/** "Bokningen kunde inte hittas" (rules §2): also for a visit assigned to another technician. */
export const VISIT_NOT_FOUND = "Bokningen kunde inte hittas";

/** A technician works on their own visits and the unassigned ones; an admin on all (rules §6). */
const scopeOf = (user: SessionUser): number | null => (user.role === "admin" ? null : user.id);

/** Refuses, inside the booking's lock, what the technician may not do to it now. */
function guard(user: SessionUser, action: TechnicianAction) {
  return (booking: BookingRow) => {
    if (!staffMayWorkOn(user, booking)) throw notFound(VISIT_NOT_FOUND);
    const status = booking.status as BookingStatus;
    if (!technicianMay(action, status)) throw conflict(technicianRefusal(action, status));
  };
}

/**
 * The technician portal (rules §2, §4, §5; rules D7): the day's and the coming visits, one visit,
 * starting and cancelling it, and the service report that completes it. Every write goes through
 * the bookings repository (history, availability).
 */
export function createTechnicianVisitsService({ repo, now, today, timeZone, settings, outbox, refrigerant }: Deps) {
  return {
    async day(date: string, user: SessionUser): Promise<TechnicianVisit[]> {
      return (await repo.technicianVisits({ on: date }, scopeOf(user))).map(toListItem);
    },

    /** Visits after today that are still to be made. */
    async upcoming(user: SessionUser): Promise<TechnicianVisit[]> {
      return (await repo.technicianVisits({ after: today() }, scopeOf(user))).map(toListItem);
    },

    async visit(id: number, user: SessionUser): Promise<TechnicianBooking> {
      const found = await repo.technicianVisit(id);
      if (!found || !staffMayWorkOn(user, found.booking)) throw notFound(VISIT_NOT_FOUND);
      const { booking, technician, product, customerNotes, images } = found;
      // The report can be about any of the customer's heat pumps (an online booking names none).
      const customerProducts = await refrigerant.productsOf(booking.customerId);
      return {
        booking: toStaffBooking(booking, technician),
        contact: contactOfBooking(booking),
        customer: { id: booking.customerId, notes: customerNotes },
        product: product && {
          id: product.id,
          brand: product.brand,
          model: product.model,
          type: product.type,
          serialNumber: product.serialNumber,
          installDate: product.installDate,
        },
        customerProducts,
        images: images.map((image) => toBookingImage(image)),
      };
    },

    /**
     * 'Påbörja arbete' (an unassigned visit becomes the technician's) or 'Avboka' with its reason
     * (the schema requires one), kept in the booking's history for the admin; the customer hears of
     * the cancellation by e-mail, as when an admin cancels.
     */
    async setStatus(id: number, change: { status: "in_progress" | "cancelled"; reason?: string }, user: SessionUser): Promise<TechnicianBooking> {
      const action: TechnicianAction = change.status === STATUS_AFTER.start ? "start" : "cancel";
      const changed = await repo.changeStatus(id, change.status, actorOf(user), {
        check: guard(user, action),
        assignTo: action === "start" && user.role === "technician" ? user.id : undefined,
        ...(action === "cancel" ? { note: change.reason, email: await staffCancellationEmail(settings) } : {}),
      });
      if (!changed) throw notFound(VISIT_NOT_FOUND);
      if (changed.outboxId !== null) outbox.notify(changed.outboxId);
      return this.visit(id, user);
    },

    /**
     * The service report: history entry and completed visit, once, for a visit in progress; with a
     * leak check (issue 26) that check too, dated the service day in Stockholm, or nothing at all.
     */
    async registerService(report: z.output<typeof ServiceReportSchema>, user: SessionUser): Promise<ServiceReportResult> {
      const serviceDate = report.serviceDate ? new Date(report.serviceDate) : now();
      const leakCheck = report.leakCheck?.checked ? refrigerant.leakCheckWrite(report.leakCheck, user, todayIn(serviceDate, timeZone)) : undefined;
      const written = await repo.completeWithServiceReport(
        report.bookingId,
        actorOf(user),
        guard(user, "complete"),
        {
          serviceDate,
          serviceType: report.serviceType,
          technician: user.name,
          issues: report.issues || null,
          actions: report.actions,
          parts: report.parts || null,
          followUpNeeded: report.followUpNeeded,
          // Left out: the booking's own (the repository's); null: none of the customer's.
          productId: report.productId,
          status: "completed",
        },
        leakCheck,
      );
      if (!written) throw notFound(VISIT_NOT_FOUND);
      return {
        id: written.id,
        bookingId: report.bookingId,
        status: "completed" as const,
        leakCheck: written.leakCheck ? await refrigerant.recorded(written.leakCheck) : null,
      };
    },
  };
}

export type TechnicianVisitsService = ReturnType<typeof createTechnicianVisitsService>;
