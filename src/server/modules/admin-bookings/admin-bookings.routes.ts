import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AdminBookingDetailSchema,
  AdminBookingListQuerySchema,
  AdminBookingListSchema,
  AdminCreateBookingSchema,
  AdminOverviewSchema,
  AdminSlotsQuerySchema,
  AdminSlotsSchema,
  CreateBookingLinkSchema,
  CustomerSearchQuerySchema,
  CustomerSuggestionsSchema,
  RescheduleBookingSchema,
  RescheduleSlotsQuerySchema,
  StaffBookingLinkSchema,
  UpdateBookingLinkSchema,
  UpdateBookingStatusSchema,
} from "@/common/schemas/admin-bookings";
import { IdParamsSchema, OkSchema } from "@/common/schemas/common";
import type { AdminBookingsService } from "./admin-bookings.service";

// Admin only: the /api/admin prefix is guarded in plugins/auth-guards.ts, so request.user is an admin.
export async function adminBookingsRoutes(fastify: FastifyInstance, { adminBookings }: { adminBookings: AdminBookingsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/admin/overview", { schema: { response: { 200: AdminOverviewSchema } } }, (request) => adminBookings.overview(request.user!));

  app.post("/api/admin/overview/seen", { schema: { response: { 200: OkSchema } } }, async (request) => {
    await adminBookings.markBookingsSeen(request.user!);
    return { ok: true as const };
  });

  app.get("/api/admin/bookings", { schema: { querystring: AdminBookingListQuerySchema, response: { 200: AdminBookingListSchema } } }, (request) =>
    adminBookings.list(request.query),
  );

  app.post("/api/admin/bookings", { schema: { body: AdminCreateBookingSchema, response: { 201: z.object({ id: z.number() }) } } }, async (request, reply) =>
    reply.status(201).send(await adminBookings.create(request.body, request.user!)),
  );

  // The pickers' times with their states (issue 23 point 7): who has a taken time, why one is blocked.
  app.get("/api/admin/slots", { schema: { querystring: AdminSlotsQuerySchema, response: { 200: AdminSlotsSchema } } }, (request) =>
    adminBookings.slots(request.query.serviceType, request.query.date),
  );

  app.get(
    "/api/admin/bookings/:id/slots",
    { schema: { params: IdParamsSchema, querystring: RescheduleSlotsQuerySchema, response: { 200: AdminSlotsSchema } } },
    (request) => adminBookings.rescheduleSlots(request.params.id, request.query.date),
  );

  app.get("/api/admin/bookings/:id", { schema: { params: IdParamsSchema, response: { 200: AdminBookingDetailSchema } } }, (request) =>
    adminBookings.detail(request.params.id),
  );

  app.patch(
    "/api/admin/bookings/:id/status",
    { schema: { params: IdParamsSchema, body: UpdateBookingStatusSchema, response: { 200: AdminBookingDetailSchema } } },
    (request) => adminBookings.setStatus(request.params.id, request.body.status, request.user!),
  );

  app.patch(
    "/api/admin/bookings/:id",
    { schema: { params: IdParamsSchema, body: RescheduleBookingSchema, response: { 200: AdminBookingDetailSchema } } },
    (request) => adminBookings.reschedule(request.params.id, request.body, request.user!),
  );

  app.post(
    "/api/admin/bookings/:id/link",
    { schema: { params: IdParamsSchema, body: CreateBookingLinkSchema, response: { 201: StaffBookingLinkSchema } } },
    async (request, reply) => reply.status(201).send(await adminBookings.createLink(request.params.id, request.body.allowClientUpdates, request.user!)),
  );

  app.patch(
    "/api/admin/bookings/:id/link",
    { schema: { params: IdParamsSchema, body: UpdateBookingLinkSchema, response: { 200: StaffBookingLinkSchema } } },
    (request) => adminBookings.updateLink(request.params.id, request.body, request.user!),
  );

  app.get("/api/admin/customers/search", { schema: { querystring: CustomerSearchQuerySchema, response: { 200: CustomerSuggestionsSchema } } }, (request) =>
    adminBookings.searchCustomers(request.query.q),
  );
}
