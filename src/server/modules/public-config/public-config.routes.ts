import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PublicConfigSchema } from "@/common/schemas/auth";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts";

/** What the public client needs to know about this installation (DECISIONS 19: demo credentials only in demo mode). */
export async function publicConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/api/public/config", { schema: { response: { 200: PublicConfigSchema } } }, async () => {
    const demo = app.config.seedDemo;
    return { demo, demoAccounts: demo ? DEMO_ACCOUNTS : [] };
  });
}
