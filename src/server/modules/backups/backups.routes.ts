import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BackupsStatusSchema, HeldEmailsResultSchema } from "@/common/schemas/backups";
import type { Backups } from "./backups.service";

// Admin only: the /api/admin prefix is guarded in plugins/auth-guards.ts. Making a backup is not an
// HTTP action: a backup holds every customer's data, and the commands reach it on the server itself
// (docs/decisions/0010-backups.md).
export async function backupsRoutes(fastify: FastifyInstance, { backups }: { backups: Backups }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/admin/backups", { schema: { response: { 200: BackupsStatusSchema } } }, () => backups.status());

  app.post("/api/admin/outbox/held/release", { schema: { response: { 200: HeldEmailsResultSchema } } }, async (request) => ({
    count: await backups.releaseHeld(request.user!.id),
  }));

  app.post("/api/admin/outbox/held/discard", { schema: { response: { 200: HeldEmailsResultSchema } } }, async (request) => ({
    count: await backups.discardHeld(request.user!.id),
  }));
}
