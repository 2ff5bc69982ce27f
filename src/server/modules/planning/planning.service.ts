import { addDays } from "@/common/booking-rules";
import { PLANNING_MAX_DAYS, planningText, type PlanningBooking, type PlanningBookingsQuery } from "@/common/schemas/planning";
import { customersText } from "@/common/schemas/customers";
import { badRequest, conflict, notFound, unprocessable } from "../../lib/errors";
import type { SessionUser } from "../../plugins/session";
import type { BookingsRepository } from "../bookings/bookings.repository";
import type { PlanningRepository } from "./planning.repository";

/** Route optimisation and technician planning (rules §2, §7; issue 13): the rules behind planning.routes.ts. */
export function createPlanningService({ planning, bookings, today }: { planning: PlanningRepository; bookings: BookingsRepository; today: () => string }) {
  return {
    /** The visits of a range of at most PLANNING_MAX_DAYS days. */
    async bookings(query: PlanningBookingsQuery): Promise<PlanningBooking[]> {
      const { from, to } = query;
      if (to < from) throw badRequest(planningText.rangeOrder);
      if (addDays(from, PLANNING_MAX_DAYS - 1) < to) throw badRequest(planningText.rangeTooLong(PLANNING_MAX_DAYS));
      return planning.bookings(query);
    },

    /** The cities of the last 60 days' visits. */
    cities: () => planning.cities(addDays(today(), -60)),

    technicians: () => planning.technicians(),

    /**
     * Assign, move or unassign a visit; it shows at once on the technician's dashboard and in their
     * feed. 409 when the technician already has a visit at an overlapping time.
     */
    async assignTechnician(bookingId: number, technicianId: number | null, admin: SessionUser): Promise<PlanningBooking> {
      const technician = technicianId === null ? null : await planning.technician(technicianId);
      if (technicianId !== null && !technician) throw unprocessable(planningText.notTechnician);
      const result = await bookings.assignTechnician(bookingId, technician, { type: "admin", userId: admin.id, name: admin.name });
      if (result === "missing") throw notFound(planningText.bookingNotFound);
      if (result === "cancelled") throw unprocessable(planningText.cancelledBooking);
      // One technician, one visit at a time.
      if (result === "overlaps") throw conflict(planningText.technicianBusy);
      const [booking] = (await planning.bookings({ from: result.date, to: result.date, status: result.status as never })).filter((b) => b.id === result.id);
      return booking;
    },

    async setCoordinates(customerId: number, coordinates: { lat: number; lng: number } | null): Promise<void> {
      if (!(await planning.setCoordinates(customerId, coordinates))) throw notFound(customersText.notFound);
    },
  };
}
export type PlanningService = ReturnType<typeof createPlanningService>;
