import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CreateBookingSchema } from "@/common/schemas/bookings";
import type { BookingsService } from "./bookings.service";

/** Four images of 10 MB as base64 data URLs plus the form fields. */
const BOOKING_BODY_LIMIT = 60 * 1024 * 1024;

export async function bookingsRoutes(fastify: FastifyInstance, { bookings }: { bookings: BookingsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post("/api/bookings", { bodyLimit: BOOKING_BODY_LIMIT, schema: { body: CreateBookingSchema } }, async (request, reply) => {
    const created = await bookings.create(request.body);
    return reply.status(201).send(created);
  });

  app.get(
    "/api/booking-links/:token/calendar.ics",
    { schema: { params: z.object({ token: z.string().min(20).max(100) }) } },
    async (request, reply) => {
      const { id, ics } = await bookings.calendarFile(request.params.token);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="${id}.ics"`)
        .send(ics);
    },
  );
}
