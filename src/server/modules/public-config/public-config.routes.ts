import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PublicConfigSchema } from "@/common/schemas/auth";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts";

/** What the public client needs to know about this installation (rules D19: demo credentials only in demo mode). */
export async function publicConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/api/public/config", { schema: { response: { 200: PublicConfigSchema } } }, async () => {
    // Production refuses demo data at start (config.ts); never publish a password there in any case.
    const demo = app.config.seedDemo && !app.config.production;
    return { demo, demoAccounts: demo ? DEMO_ACCOUNTS : [] };
  });
}
