import { and, asc, eq, sql } from "drizzle-orm";
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
import type { Db } from "../../db/client";
import { customers, products } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
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
export async function serviceRemindersRoutes(fastify: FastifyInstance, { db, reminders }: { db: Db; reminders: ServiceReminders }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /**
   * SPEC §7 POST /api/admin/customers/import: every row is checked first and then all are written in
   * one transaction, or none. A customer already in the register (same e-mail, any case) is reused,
   * and a product they already have (same model and serial number, or same model and installation
   * date) is not added twice, so importing the same file again changes nothing.
   */
  app.post("/api/admin/customers/import", { schema: { body: z.unknown(), response: { 200: ImportResultSchema } } }, async (request) => {
    const parsed = ImportPayloadSchema.safeParse(request.body);
    if (!parsed.success) throw badRequest(importError(parsed.error));
    const rows = parsed.data.customers;
    await db.transaction(async (tx) => {
      // One import at a time, so two parallel imports of one file cannot both add its customers.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('customer-import'))`);
      for (const row of rows) {
        const [existing] = await tx.select({ id: customers.id }).from(customers).where(sql`lower(${customers.email}) = lower(${row.email})`).orderBy(asc(customers.id)).limit(1);
        const customerId =
          existing?.id ??
          (await tx.insert(customers).values({ name: row.name, email: row.email, phone: row.phone, address: row.address, city: row.city, postalCode: row.postalCode }).returning({ id: customers.id }))[0].id;
        for (const product of row.products) {
          const sameModel = sql`lower(${products.model}) = lower(${product.model})`;
          const sameUnit = product.serialNumber ? eq(products.serialNumber, product.serialNumber) : eq(products.installDate, product.installDate);
          const [known] = await tx.select({ id: products.id }).from(products).where(and(eq(products.customerId, customerId), sameModel, sameUnit)).limit(1);
          if (!known) {
            await tx.insert(products).values({ customerId, model: product.model, type: product.type, serialNumber: product.serialNumber, installDate: product.installDate });
          }
        }
      }
    });
    return { importedCount: rows.length };
  });

  /**
   * SPEC §7 GET /api/admin/service-reminders/pending (§9): products installed 24 or more months (of
   * 30 days) ago, not reminded of in the last 24 months, of customers not erased; customers who
   * unsubscribed are marked (no reminder is created for them).
   */
  app.get("/api/admin/service-reminders/pending", { schema: { response: { 200: PendingProductListSchema } } }, () => reminders.pending());

  /** SPEC §7: reminders for the chosen pending products, or for all of them; sent 7 days later. */
  app.post("/api/admin/service-reminders/create", { schema: { body: CreateRemindersSchema, response: { 200: CreateRemindersResultSchema } } }, async (request) => ({
    createdCount: await reminders.create(request.body?.productIds),
  }));

  /** SPEC §7: sends every reminder that is due now (the daily job does the same by itself). */
  app.post("/api/admin/service-reminders/send", { schema: { response: { 200: SendRemindersResultSchema } } }, async () => ({ sentCount: await reminders.sendNow() }));

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

  app.get("/api/service-reminders/unsubscribe/:token", { schema: { params: TokenParams, response: { 200: z.string(), 404: z.string() } } }, async (request, reply) => {
    const { token } = request.params;
    return page(reply, known(token) && (await reminders.isKnown(token)) ? "ask" : "unknown", token);
  });

  app.post("/api/service-reminders/unsubscribe/:token", { schema: { params: TokenParams, response: { 200: z.string(), 404: z.string() } } }, async (request, reply) => {
    const { token } = request.params;
    return page(reply, known(token) && (await reminders.unsubscribe(token)) ? "done" : "unknown", token);
  });
}
