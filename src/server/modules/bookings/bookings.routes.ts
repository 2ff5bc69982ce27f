import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BookingCreatedSchema, CreateBookingRequestSchema } from "@/common/schemas/bookings";
import { MAX_IMAGE_DATA_URL_LENGTH, MAX_IMAGES } from "@/common/schemas/images";
import type { BookingsService } from "./bookings.service";

/**
 * The largest valid POST /api/bookings: four images of 10 MB as base64 data URLs plus the form's
 * text fields (64 KB is far more than their maximum lengths add up to). Fastify refuses a larger
 * Content-Length before reading a byte.
 */
export const BOOKING_BODY_LIMIT = MAX_IMAGES * MAX_IMAGE_DATA_URL_LENGTH + 64 * 1024;

export async function bookingsRoutes(fastify: FastifyInstance, { bookings }: { bookings: BookingsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/bookings",
    {
      bodyLimit: BOOKING_BODY_LIMIT,
      // Counted before the body is read: an address over its limit costs no upload and no parsing.
      onRequest: async (request) => bookings.admitFromAddress(request.ip),
      schema: { body: CreateBookingRequestSchema, response: { 201: BookingCreatedSchema } },
    },
    async (request, reply) => reply.status(201).send(await bookings.create(request.body)),
  );
}
