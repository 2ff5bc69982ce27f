import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParamsSchema as IdParams } from "@/common/schemas/common";
import {
  GoogleAuthUrlSchema,
  IntegrationsStatusSchema,
  OutboxListSchema,
  OutboxMessageSchema,
  OutboxQuerySchema,
  integrationsText,
} from "@/common/schemas/integrations";
import { OkSchema } from "@/common/schemas/common";
import type { OutboxSender } from "../../jobs/outbox";
import { conflict, notFound } from "../../lib/errors";
import type { GoogleCalendar } from "./google-calendar";
import { CALLBACK_SCRIPT_PATH, googleCallbackPage, googleCallbackScript } from "./google-callback-page";
import type { OutboxView } from "./outbox-view";

type Deps = { google: GoogleCalendar; outboxView: OutboxView; outbox: OutboxSender; mail: { configured: boolean; from: string } };

const CalendarListSchema = z.array(z.object({ id: z.string(), summary: z.string(), primary: z.boolean() }));
const CallbackQuerySchema = z.object({ code: z.string().max(2000).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() });

// Admin only: the /api/admin prefix is guarded in plugins/auth-guards.ts. The OAuth callback is a
// top-level GET from Google into the admin's popup, which carries the (SameSite=Lax) session cookie.
export async function integrationsRoutes(fastify: FastifyInstance, { google, outboxView, outbox, mail }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/admin/integrations/status", { schema: { response: { 200: IntegrationsStatusSchema } } }, async () => ({
    email: { configured: mail.configured, from: mail.from, counts: await outboxView.counts() },
    google: await google.status(),
  }));

  app.get("/api/admin/outbox", { schema: { querystring: OutboxQuerySchema, response: { 200: OutboxListSchema } } }, (request) =>
    outboxView.list(request.query.status),
  );

  app.post("/api/admin/outbox/:id/retry", { schema: { params: IdParams, response: { 200: OutboxMessageSchema } } }, async (request) => {
    const { id } = request.params;
    const retried = await outbox.retry(id);
    const message = await outboxView.find(id);
    if (!message) throw notFound(integrationsText.outboxNotFound);
    if (!retried) throw conflict(integrationsText.onlyFailedRetried);
    return message;
  });

  app.get("/api/admin/google/auth", { schema: { response: { 200: GoogleAuthUrlSchema } } }, async (request) => ({
    authUrl: await google.authUrl(request.user!.id),
  }));

  app.get("/api/admin/google/callback", { schema: { querystring: CallbackQuerySchema, response: { 200: z.string() } } }, async (request, reply) => {
    const result = await google.complete(request.query, request.user!.id);
    // A small page that tells the window that opened the popup and closes (see google-callback-page.ts
    // for why it carries no Cross-Origin-Opener-Policy).
    return reply.type("text/html; charset=utf-8").header("cross-origin-opener-policy", "unsafe-none").send(googleCallbackPage(result));
  });

  app.get(CALLBACK_SCRIPT_PATH, { schema: { response: { 200: z.string() } } }, async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").send(googleCallbackScript),
  );

  app.get("/api/admin/google/calendars", { schema: { response: { 200: CalendarListSchema } } }, () => google.calendars());

  app.post("/api/admin/google/disconnect", { schema: { response: { 200: OkSchema } } }, async () => {
    await google.disconnect();
    return { ok: true as const };
  });
}
