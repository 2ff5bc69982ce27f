import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addDays } from "@/common/booking-rules";
import {
  AssignTechnicianSchema,
  CityListSchema,
  CoordinatesSchema,
  PLANNING_MAX_DAYS,
  PlanningBookingListSchema,
  PlanningBookingSchema,
  PlanningBookingsQuerySchema,
  TechnicianListSchema,
  planningText,
} from "@/common/schemas/planning";
import { customersText } from "@/common/schemas/customers";
import { badRequest, conflict, notFound, unprocessable } from "../../lib/errors";
import type { BookingsRepository } from "../bookings/bookings.repository";
import type { PlanningRepository } from "./planning.repository";

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const OkSchema = z.object({ ok: z.literal(true) });

/**
 * Route optimisation and technician planning (SPEC §2, §7; issue 13). The lists are for staff
 * (`GET /api/bookings` by ACCESS_EXCEPTIONS, /api/cities and /api/technicians by prefix); assigning
 * and coordinates are the admin's (/api/admin, /api/customers).
 */
export async function planningRoutes(fastify: FastifyInstance, { planning, bookings, today }: { planning: PlanningRepository; bookings: BookingsRepository; today: () => string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/bookings", { schema: { querystring: PlanningBookingsQuerySchema, response: { 200: PlanningBookingListSchema } } }, async (request) => {
    const { from, to } = request.query;
    if (to < from) throw badRequest(planningText.rangeOrder);
    if (addDays(from, PLANNING_MAX_DAYS - 1) < to) throw badRequest(planningText.rangeTooLong(PLANNING_MAX_DAYS));
    return planning.bookings(request.query);
  });

  app.get("/api/cities", { schema: { response: { 200: CityListSchema } } }, () => planning.cities(addDays(today(), -60)));

  app.get("/api/technicians", { schema: { response: { 200: TechnicianListSchema } } }, () => planning.technicians());

  /**
   * Assign, move or unassign a visit; it shows at once on the technician's dashboard and in their
   * feed. 409 when the technician already has a visit at an overlapping time.
   */
  app.put("/api/admin/bookings/:id/technician", { schema: { params: IdParams, body: AssignTechnicianSchema, response: { 200: PlanningBookingSchema } } }, async (request) => {
    const { technicianId } = request.body;
    const technician = technicianId === null ? null : await planning.technician(technicianId);
    if (technicianId !== null && !technician) throw unprocessable(planningText.notTechnician);
    const result = await bookings.assignTechnician(request.params.id, technician, { type: "admin", userId: request.user!.id, name: request.user!.name });
    if (result === "missing") throw notFound(planningText.bookingNotFound);
    if (result === "cancelled") throw unprocessable(planningText.cancelledBooking);
    // One technician, one visit at a time.
    if (result === "overlaps") throw conflict(planningText.technicianBusy);
    const [booking] = (await planning.bookings({ from: result.date, to: result.date, status: result.status as never })).filter((b) => b.id === result.id);
    return booking;
  });

  app.put("/api/customers/:id/coordinates", { schema: { params: IdParams, body: CoordinatesSchema, response: { 200: OkSchema } } }, async (request) => {
    if (!(await planning.setCoordinates(request.params.id, request.body.coordinates))) throw notFound(customersText.notFound);
    return { ok: true as const };
  });
}
