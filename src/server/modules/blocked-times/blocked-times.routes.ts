import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParamsSchema as IdParams, OkSchema } from "@/common/schemas/common";
import { BlockedTimeInputSchema, BlockedTimeListQuerySchema, BlockedTimeListSchema, BlockedTimeSavedSchema } from "@/common/schemas/blocked-times";
import type { BlockedTimesService } from "./blocked-times.service";

// Admin only: the /api/admin prefix is guarded in plugins/auth-guards.ts.
export async function blockedTimesRoutes(fastify: FastifyInstance, { blockedTimes }: { blockedTimes: BlockedTimesService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/admin/blocked-time-slots", { schema: { querystring: BlockedTimeListQuerySchema, response: { 200: BlockedTimeListSchema } } }, (request) =>
    blockedTimes.list(request.query.filter),
  );

  app.post("/api/admin/blocked-time-slots", { schema: { body: BlockedTimeInputSchema, response: { 201: BlockedTimeSavedSchema } } }, async (request, reply) =>
    reply.status(201).send(await blockedTimes.create(request.body, request.user!.id)),
  );

  app.patch(
    "/api/admin/blocked-time-slots/:id",
    { schema: { params: IdParams, body: BlockedTimeInputSchema, response: { 200: BlockedTimeSavedSchema } } },
    (request) => blockedTimes.update(request.params.id, request.body),
  );

  app.delete("/api/admin/blocked-time-slots/:id", { schema: { params: IdParams, response: { 200: OkSchema } } }, async (request) => {
    await blockedTimes.delete(request.params.id);
    return { ok: true as const };
  });
}
