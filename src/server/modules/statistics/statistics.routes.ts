import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { StatisticsQuerySchema, StatisticsSchema } from "@/common/schemas/statistics";
import type { StatisticsService } from "./statistics.service";

/** GET /api/statistics?period= (rules §7, rules D13): real figures of the period, for admins. */
export async function statisticsRoutes(fastify: FastifyInstance, { statistics }: { statistics: StatisticsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/statistics", { schema: { querystring: StatisticsQuerySchema, response: { 200: StatisticsSchema } } }, (request) =>
    statistics.figuresOf(request.query.period),
  );
}
