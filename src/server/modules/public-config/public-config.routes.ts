import type { FastifyInstance } from "fastify";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts";

/** What the public client needs to know about this installation (DECISIONS 19: demo credentials only in demo mode). */
export async function publicConfigRoutes(app: FastifyInstance) {
  app.get("/api/public/config", async () => {
    const demo = app.config.seedDemo;
    return { demo, demoAccounts: demo ? DEMO_ACCOUNTS : [] };
  });
}
