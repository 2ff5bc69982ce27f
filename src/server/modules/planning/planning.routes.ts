import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AssignTechnicianSchema,
  CityListSchema,
  CoordinatesSchema,
  PlanningBookingListSchema,
  PlanningBookingSchema,
  PlanningBookingsQuerySchema,
  TechnicianListSchema,
} from "@/common/schemas/planning";
import { IdParamsSchema as IdParams, OkSchema } from "@/common/schemas/common";
import type { PlanningService } from "./planning.service";

/**
 * Route optimisation and technician planning (rules §2, §7; issue 13). The lists are for staff
 * (`GET /api/bookings` by ACCESS_EXCEPTIONS, /api/cities and /api/technicians by prefix); assigning
 * and coordinates are the admin's (/api/admin, /api/customers).
 */
export async function planningRoutes(fastify: FastifyInstance, { planning }: { planning: PlanningService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/bookings", { schema: { querystring: PlanningBookingsQuerySchema, response: { 200: PlanningBookingListSchema } } }, (request) =>
    planning.bookings(request.query),
  );

  app.get("/api/cities", { schema: { response: { 200: CityListSchema } } }, () => planning.cities());

  app.get("/api/technicians", { schema: { response: { 200: TechnicianListSchema } } }, () => planning.technicians());

  // Assign, move or unassign a visit; 409 when the technician already has a visit at an overlapping time.
  app.put(
    "/api/admin/bookings/:id/technician",
    { schema: { params: IdParams, body: AssignTechnicianSchema, response: { 200: PlanningBookingSchema } } },
    (request) => planning.assignTechnician(request.params.id, request.body.technicianId, request.user!),
  );

  app.put("/api/customers/:id/coordinates", { schema: { params: IdParams, body: CoordinatesSchema, response: { 200: OkSchema } } }, async (request) => {
    await planning.setCoordinates(request.params.id, request.body.coordinates);
    return { ok: true as const };
  });
}
