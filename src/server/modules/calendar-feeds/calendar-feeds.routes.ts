import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParamsSchema as IdParams } from "@/common/schemas/common";
import { CalendarFeedListSchema, CalendarFeedParamsSchema, CalendarFeedSchema } from "@/common/schemas/integrations";
import type { CalendarFeedsService } from "./calendar-feeds.service";

// /api/admin/* is admin only and /api/technician/* staff only by prefix (plugins/auth-guards.ts);
// the feed itself is public behind its secret token (docs/decisions/0003-public-routes.md), as
// calendar apps subscribe without cookies.
export async function calendarFeedsRoutes(fastify: FastifyInstance, { feeds }: { feeds: CalendarFeedsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/admin/calendar-feeds", { schema: { response: { 200: CalendarFeedListSchema } } }, () => feeds.list());

  app.post("/api/admin/calendar-feeds/:id/regenerate", { schema: { params: IdParams, response: { 200: CalendarFeedSchema } } }, (request) =>
    feeds.regenerate(request.params.id),
  );

  app.get("/api/technician/calendar-feed", { schema: { response: { 200: CalendarFeedSchema } } }, (request) =>
    feeds.ownFeed(request.user!.id, request.user!.name),
  );

  app.get("/api/calendar/:token.ics", { schema: { params: CalendarFeedParamsSchema, response: { 200: z.string() } } }, async (request, reply) => {
    const ics = await feeds.file(request.params.token);
    // Private: the feed is personal data behind a secret; calendar apps poll it anyway.
    return reply.type("text/calendar; charset=utf-8").header("cache-control", "private, max-age=300").header("x-robots-tag", "noindex").send(ics);
  });
}
