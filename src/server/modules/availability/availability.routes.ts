import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AvailabilityDayQuerySchema,
  AvailabilityQuerySchema,
  AvailabilityRangeQuerySchema,
  type AvailabilityDayResponse,
  type AvailabilityRangeResponse,
  type AvailabilityResponse,
} from "@/common/schemas/bookings";
import type { AvailabilityService } from "./availability.service";

// The answers are typed by the shared contract; runtime response validation is left out of this hot path.
export async function availabilityRoutes(fastify: FastifyInstance, { availability }: { availability: AvailabilityService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/availability",
    { schema: { querystring: AvailabilityQuerySchema } },
    async (request): Promise<AvailabilityResponse> => ({ available: await availability.isAvailable(request.query.serviceType, request.query.date, request.query.timeSlot) }),
  );

  app.get(
    "/api/availability/day",
    { schema: { querystring: AvailabilityDayQuerySchema } },
    async (request): Promise<AvailabilityDayResponse> => availability.day(request.query.serviceType, request.query.date),
  );

  app.get(
    "/api/availability/range",
    { schema: { querystring: AvailabilityRangeQuerySchema } },
    async (request): Promise<AvailabilityRangeResponse> => availability.range(request.query.serviceType, request.query.from, request.query.to),
  );
}
