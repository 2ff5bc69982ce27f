import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParamsSchema as IdParams, OkSchema } from "@/common/schemas/common";
import {
  AbsenceInputSchema,
  AbsenceListSchema,
  AbsenceParamsSchema,
  TechnicianCalendarInputSchema,
  TechnicianCalendarListSchema,
  TechnicianCalendarSchema,
} from "@/common/schemas/technician-calendars";
import type { TechnicianCalendarsService } from "./technician-calendars.service";

// rules D25. /api/admin is admin only and /api/technician technicians' and admins' (plugins/auth-guards.ts).
export async function technicianCalendarsRoutes(fastify: FastifyInstance, { calendars }: { calendars: TechnicianCalendarsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/admin/technicians", { schema: { response: { 200: TechnicianCalendarListSchema } } }, () => calendars.list());

  app.put(
    "/api/admin/technicians/:id/calendar",
    { schema: { params: IdParams, body: TechnicianCalendarInputSchema, response: { 200: TechnicianCalendarSchema } } },
    (request) => calendars.update(request.params.id, request.body),
  );

  app.post(
    "/api/admin/technicians/:id/absences",
    { schema: { params: IdParams, body: AbsenceInputSchema, response: { 201: AbsenceListSchema } } },
    async (request, reply) => reply.status(201).send(await calendars.addAbsence(request.params.id, request.body, request.user!.id)),
  );

  app.delete("/api/admin/technicians/:id/absences/:absenceId", { schema: { params: AbsenceParamsSchema, response: { 200: OkSchema } } }, async (request) => {
    await calendars.deleteAbsence(request.params.id, request.params.absenceId);
    return { ok: true as const };
  });

  app.get("/api/technician/absences", { schema: { response: { 200: AbsenceListSchema } } }, (request) => calendars.ownAbsences(request.user!.id));
}
