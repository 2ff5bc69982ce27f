import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParamsSchema } from "@/common/schemas/common";
import {
  ServiceReportResultSchema,
  ServiceReportSchema,
  TechnicianBookingSchema,
  TechnicianDayQuerySchema,
  TechnicianStatusSchema,
  TechnicianVisitListSchema,
} from "@/common/schemas/technician";
import type { TechnicianVisitsService } from "./technician-visits.service";

// Technicians and admins: the /api/technician prefix is guarded in plugins/auth-guards.ts.
export async function technicianVisitsRoutes(fastify: FastifyInstance, { visits }: { visits: TechnicianVisitsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/technician/bookings", { schema: { querystring: TechnicianDayQuerySchema, response: { 200: TechnicianVisitListSchema } } }, (request) =>
    visits.day(request.query.date, request.user!),
  );

  app.get("/api/technician/bookings/upcoming", { schema: { response: { 200: TechnicianVisitListSchema } } }, (request) => visits.upcoming(request.user!));

  app.get("/api/technician/booking/:id", { schema: { params: IdParamsSchema, response: { 200: TechnicianBookingSchema } } }, (request) =>
    visits.visit(request.params.id, request.user!),
  );

  app.patch(
    "/api/technician/booking/:id/status",
    { schema: { params: IdParamsSchema, body: TechnicianStatusSchema, response: { 200: TechnicianBookingSchema } } },
    (request) => visits.setStatus(request.params.id, request.body, request.user!),
  );

  app.post("/api/technician/service-history", { schema: { body: ServiceReportSchema, response: { 201: ServiceReportResultSchema } } }, async (request, reply) =>
    reply.status(201).send(await visits.registerService(request.body, request.user!)),
  );
}
