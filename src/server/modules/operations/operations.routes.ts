import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { LivenessSchema, ReadinessSchema } from "@/common/schemas/operations";
import { notFound, unauthorized } from "../../lib/errors";
import { serverText } from "../../lib/text";
import { bearerTokenMatches, type Metrics } from "./metrics";
import { operationsText as text } from "./operations.text";
import type { ReadinessService } from "./readiness";

type Deps = { readiness: ReadinessService; metrics: Metrics; metricsToken: string | null };

// Polled every few seconds by load balancers and scrapers: their request lines are logged only at
// warn (a failure still is), they never read a session (a probe must not need the database, and
// live must answer without one), and nothing may be cached on the way.
const PROBE = { logLevel: "warn", config: { session: false } } as const;

/**
 * GET /api/health/live, /api/health/ready and /api/metrics (issue 24). Public (docs/decisions/0003),
 * never rate-limited, and without anything secret in them.
 */
export async function operationsRoutes(fastify: FastifyInstance, { readiness, metrics, metricsToken }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/health/live", { ...PROBE, schema: { response: { 200: LivenessSchema } } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" as const };
  });

  app.get("/api/health/ready", { ...PROBE, schema: { response: { 200: ReadinessSchema, 503: ReadinessSchema } } }, async (_request, reply) => {
    const result = await readiness.check();
    return reply
      .header("cache-control", "no-store")
      .code(result.status === "ready" ? 200 : 503)
      .send(result);
  });

  app.get("/api/metrics", { ...PROBE, schema: { response: { 200: z.string() } } }, async (request, reply) => {
    // Not configured: the same 404 as a path that does not exist.
    if (!metricsToken || !metrics.registry) throw notFound(serverText.notFound);
    if (!bearerTokenMatches(request.headers.authorization, metricsToken)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw unauthorized(text.metricsTokenWrong);
    }
    const body = await metrics.registry.metrics();
    return reply.header("cache-control", "no-store").type(metrics.registry.contentType).send(body);
  });
}
