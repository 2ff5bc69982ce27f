import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addDays } from "@/common/booking-rules";
import { ImportPayloadSchema, ImportResultSchema, PendingProductListSchema, REMINDER_AFTER_DAYS, remindersText } from "@/common/schemas/service-reminders";
import type { Db } from "../../db/client";
import { customers, products } from "../../db/schema";
import { badRequest } from "../../lib/errors";

/** The first problem of an import, named by its row ("Rad 2: …"), in Swedish. */
function importError(error: z.ZodError): string {
  const issue = error.issues[0];
  const row = issue?.path[0] === "customers" && typeof issue.path[1] === "number" ? issue.path[1] : null;
  const message = issue?.message ?? remindersText.invalidJson;
  return row === null ? message : remindersText.row(row, message);
}

// Admin only: the /api/admin prefix is guarded in plugins/auth-guards.ts.
export async function serviceRemindersRoutes(fastify: FastifyInstance, { db, today }: { db: Db; today: () => string }) {
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
   * SPEC §7 GET /api/admin/service-reminders/pending (§9): products installed 24 or more months ago
   * (a month being 30 days), not reminded of in the last 24 months, of customers not erased.
   */
  app.get("/api/admin/service-reminders/pending", { schema: { response: { 200: PendingProductListSchema } } }, async () => {
    const cutoff = addDays(today(), -REMINDER_AFTER_DAYS);
    // A product reminded of within the last 24 months is not pending again until then. Written out
    // with table names: inside the subquery an unqualified "id" would be the reminder's.
    const remindedRecently = sql`exists (select 1 from reminders r where r.product_id = "products"."id" and r.created_at >= ${cutoff}::date)`;
    const rows = await db
      .select({ product: products, customer: customers })
      .from(products)
      .innerJoin(customers, eq(customers.id, products.customerId))
      .where(and(lte(products.installDate, cutoff), isNull(customers.anonymizedAt), sql`not ${remindedRecently}`))
      .orderBy(asc(products.installDate))
      .limit(1000);
    return rows.map(({ product, customer }) => ({
      id: product.id,
      model: product.model,
      type: product.type,
      installDate: product.installDate!,
      customer: { name: customer.name, city: customer.city, email: customer.email, phone: customer.phone },
    }));
  });
}
