import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { SystemSettingsSchema } from "@/common/schemas/settings";
import type { SettingsService } from "./settings.service";

// Admin only: the /api/admin prefix is guarded in plugins/auth-guards.ts.
export async function settingsRoutes(fastify: FastifyInstance, { settings }: { settings: SettingsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/admin/settings", { schema: { response: { 200: SystemSettingsSchema } } }, () => settings.get());

  // The whole form at once (rules §2 saves all four sections with one button).
  app.put("/api/admin/settings", { schema: { body: SystemSettingsSchema, response: { 200: SystemSettingsSchema } } }, (request) => settings.save(request.body));
}
