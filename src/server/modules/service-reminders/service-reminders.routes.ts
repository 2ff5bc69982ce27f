import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CreateRemindersResultSchema,
  CreateRemindersSchema,
  ImportPayloadSchema,
  ImportResultSchema,
  PendingProductListSchema,
  ReminderListSchema,
  ReminderOfferSchema,
  ReminderTokenSchema,
  SendRemindersResultSchema,
  remindersText,
} from "@/common/schemas/service-reminders";
import { productsText } from "@/common/schemas/products";
import { badRequest, conflict, notFound } from "../../lib/errors";
import type { SettingsService } from "../settings/settings.service";
import type { ServiceReminders } from "./service-reminders.service";
import { unsubscribePage, type UnsubscribePageState } from "./unsubscribe-page";

/** The first problem of an import, named by its row ("Rad 2: …"), in Swedish. */
function importError(error: z.ZodError): string {
  const issue = error.issues[0];
  const row = issue?.path[0] === "customers" && typeof issue.path[1] === "number" ? issue.path[1] : null;
  const message = issue?.message ?? remindersText.invalidJson;
  return row === null ? message : remindersText.row(row, message);
}

// Admin only: the /api/admin prefix is guarded in plugins/auth-guards.ts.
export async function serviceRemindersRoutes(fastify: FastifyInstance, { reminders }: { reminders: ServiceReminders }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /**
   * rules §7 POST /api/admin/customers/import: every row is checked first and then all are written in
   * one transaction, or none (service-reminders.repository.ts importCustomers).
   */
  app.post("/api/admin/customers/import", { schema: { body: z.unknown(), response: { 200: ImportResultSchema } } }, async (request) => {
    const parsed = ImportPayloadSchema.safeParse(request.body);
    if (!parsed.success) throw badRequest(importError(parsed.error));
    const result = await reminders.importCustomers(parsed.data.customers);
    if ("serialTaken" in result) {
      const { row, serialNumber, customerName } = result.serialTaken;
      throw conflict(remindersText.row(row, productsText.serialTaken(serialNumber, customerName)));
    }
    return result;
  });

  /**
   * rules §7 GET /api/admin/service-reminders/pending (§9): products installed 24 or more months (of
   * 30 days) ago, not reminded of in the last 24 months, of customers not erased; customers who
   * unsubscribed are marked (no reminder is created for them).
   */
  app.get("/api/admin/service-reminders/pending", { schema: { response: { 200: PendingProductListSchema } } }, () => reminders.pending());

  /** rules §7: reminders for the chosen pending products, or for all of them; sent 7 days later. */
  app.post(
    "/api/admin/service-reminders/create",
    { schema: { body: CreateRemindersSchema, response: { 200: CreateRemindersResultSchema } } },
    async (request) => ({
      createdCount: await reminders.create(request.body?.productIds),
    }),
  );

  /** rules §7: sends every reminder that is due now (the daily job does the same by itself). */
  app.post("/api/admin/service-reminders/send", { schema: { response: { 200: SendRemindersResultSchema } } }, async () => ({
    sentCount: await reminders.sendNow(),
  }));

  /** Reminder management: every reminder's state and the customer's answers. */
  app.get("/api/admin/service-reminders", { schema: { response: { 200: ReminderListSchema } } }, () => reminders.list());
}

/**
 * The customer's side of a reminder e-mail, public behind the reminder's 256-bit token: the
 * booking form's prefilled details and the one-click unsubscribe (a page, and RFC 8058's POST).
 */
export async function serviceReminderLinkRoutes(fastify: FastifyInstance, { reminders, settings }: { reminders: ServiceReminders; settings: SettingsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const TokenParams = z.object({ token: z.string() });
  // Mail apps send RFC 8058's "List-Unsubscribe=One-Click" as a form; its content does not matter.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  app.get("/api/service-reminders/offer/:token", { schema: { params: TokenParams, response: { 200: ReminderOfferSchema } } }, async (request) => {
    if (!ReminderTokenSchema.safeParse(request.params.token).success) throw notFound(remindersText.offerNotFound);
    return reminders.offer(request.params.token);
  });

  const page = async (reply: FastifyReply, state: UnsubscribePageState, token: string) =>
    reply
      .code(state === "unknown" ? 404 : 200)
      .type("text/html; charset=utf-8")
      .send(unsubscribePage(state, await settings.company(), `/api/service-reminders/unsubscribe/${token}`));
  const known = (token: string) => ReminderTokenSchema.safeParse(token).success;

  app.get(
    "/api/service-reminders/unsubscribe/:token",
    { schema: { params: TokenParams, response: { 200: z.string(), 404: z.string() } } },
    async (request, reply) => {
      const { token } = request.params;
      return page(reply, known(token) && (await reminders.isKnown(token)) ? "ask" : "unknown", token);
    },
  );

  app.post(
    "/api/service-reminders/unsubscribe/:token",
    { schema: { params: TokenParams, response: { 200: z.string(), 404: z.string() } } },
    async (request, reply) => {
      const { token } = request.params;
      return page(reply, known(token) && (await reminders.unsubscribe(token)) ? "done" : "unknown", token);
    },
  );
}
