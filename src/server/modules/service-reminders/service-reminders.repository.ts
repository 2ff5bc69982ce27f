import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers, products, reminders, serviceReminderResponses } from "../../db/schema";
import { enqueueEmail, type OutboxMessage } from "../../jobs/outbox";
import type { z } from "zod";
import type { ImportCustomerSchema, ImportResult, ReminderResponseType } from "@/common/schemas/service-reminders";
import { lockCustomerEmail, lockProductSerial, lockUntilCommit, normalizedSerial } from "../../db/locks";
import { productWithSerial } from "../products/products.repository";

export type ReminderRow = typeof reminders.$inferSelect;
export type ReminderCustomer = typeof customers.$inferSelect;
export type ReminderProduct = typeof products.$inferSelect;
export type ReminderWithParties = { reminder: ReminderRow; customer: ReminderCustomer; product: ReminderProduct | null };
/** A reminder behind its e-mail's link, and whether a booking that is not cancelled got its discount. */
export type ReminderOfToken = ReminderWithParties & { offerUsed: boolean };

/** The reminder's discount went to a booking that still stands (a cancelled one gives it back). */
const offerUsed = sql<boolean>`exists (select 1 from bookings b where b.id = "reminders"."offer_booking_id" and b.status <> 'cancelled')`;
/** The discount can still be given: never given, or its booking was cancelled. */
const offerFree = sql`("reminders"."offer_booking_id" is null or exists (select 1 from bookings b where b.id = "reminders"."offer_booking_id" and b.status = 'cancelled'))`;

/** 256 random bits: the key of the reminder e-mail's booking and unsubscribe links. */
const newReminderToken = () => randomBytes(32).toString("base64url");

/**
 * Products due for a service reminder (rules §9): installed on or before `cutoff` (24 months of 30
 * days ago), of a customer not erased, and not reminded of since `cutoff`. Written with table names:
 * inside the subquery an unqualified "id" would be the reminder's.
 */
const dueForReminder = (cutoff: string) =>
  and(
    lte(products.installDate, cutoff),
    isNull(customers.anonymizedAt),
    sql`not exists (select 1 from reminders r where r.product_id = "products"."id" and r.created_at >= ${cutoff}::date)`,
  );

export type ImportCustomerRow = z.output<typeof ImportCustomerSchema>;
export type ImportOutcome = ImportResult | { serialTaken: { row: number; serialNumber: string; customerName: string } };

/** Thrown inside the import's transaction so that nothing of it is kept. */
class ImportRefused extends Error {
  constructor(readonly serialTaken: { row: number; serialNumber: string; customerName: string }) {
    super("import refused");
  }
}

/** Every write of service reminders and the customers' answers to them (issue 12). */
export function createServiceRemindersRepository(db: Db) {
  async function withParties(where: ReturnType<typeof eq>): Promise<ReminderOfToken | null> {
    const [row] = await db
      .select({ reminder: reminders, customer: customers, product: products, offerUsed })
      .from(reminders)
      .innerJoin(customers, eq(customers.id, reminders.customerId))
      .leftJoin(products, eq(products.id, reminders.productId))
      .where(where)
      .limit(1);
    return row ?? null;
  }

  return {
    /**
     * rules §5 import, all or nothing in one transaction. A customer already in the register (same
     * e-mail, any case) is reused, and a product they already have (same model and serial number, or
     * same model and installation date) is not added twice, so importing the same file again adds
     * nothing. A serial number registered to another unit refuses the import, naming the row.
     * Imports run one at a time; the e-mails' and serial numbers' locks (sorted, so no two
     * transactions wait on each other) keep bookings, the register and the product form out meanwhile.
     */
    async importCustomers(rows: ImportCustomerRow[]): Promise<ImportOutcome> {
      return db
        .transaction(async (tx) => {
          await lockUntilCommit(tx, "customer-import");
          for (const email of [...new Set(rows.map((row) => row.email.trim().toLowerCase()))].sort()) await lockCustomerEmail(tx, email);
          const serials = rows.flatMap((row) => row.products.flatMap((product) => (product.serialNumber ? [normalizedSerial(product.serialNumber)] : [])));
          for (const serial of [...new Set(serials)].sort()) await lockProductSerial(tx, serial);

          let newCustomers = 0;
          let newProducts = 0;
          for (const [index, row] of rows.entries()) {
            const [existing] = await tx
              .select({ id: customers.id })
              .from(customers)
              .where(sql`lower(${customers.email}) = lower(${row.email})`)
              .orderBy(asc(customers.id))
              .limit(1);
            let customerId = existing?.id;
            if (customerId === undefined) {
              [{ id: customerId }] = await tx
                .insert(customers)
                .values({ name: row.name, email: row.email, phone: row.phone, address: row.address, city: row.city, postalCode: row.postalCode })
                .returning({ id: customers.id });
              newCustomers += 1;
            }
            for (const product of row.products) {
              if (product.serialNumber) {
                const unit = await productWithSerial(tx, product.serialNumber);
                const sameUnit = unit !== undefined && unit.customerId === customerId && unit.model.toLowerCase() === product.model.toLowerCase();
                if (unit && !sameUnit) throw new ImportRefused({ row: index, serialNumber: product.serialNumber, customerName: unit.customerName });
                if (sameUnit) continue;
              } else {
                const [known] = await tx
                  .select({ id: products.id })
                  .from(products)
                  .where(
                    and(
                      eq(products.customerId, customerId),
                      sql`lower(${products.model}) = lower(${product.model})`,
                      eq(products.installDate, product.installDate),
                    ),
                  )
                  .limit(1);
                if (known) continue;
              }
              await tx
                .insert(products)
                .values({ customerId, model: product.model, type: product.type, serialNumber: product.serialNumber, installDate: product.installDate });
              newProducts += 1;
            }
          }
          return { importedCount: rows.length, newCustomers, newProducts };
        })
        .catch((error: unknown) => {
          if (error instanceof ImportRefused) return { serialTaken: error.serialTaken };
          throw error;
        });
    },

    /** The pending list of the admin screen; unsubscribed customers are shown, marked. */
    async pendingProducts(cutoff: string) {
      return db
        .select({ product: products, customer: customers })
        .from(products)
        .innerJoin(customers, eq(customers.id, products.customerId))
        .where(dueForReminder(cutoff))
        .orderBy(asc(products.installDate), asc(products.id))
        .limit(1000);
    },

    /**
     * Creates one reminder per due product (all of them, or those of `productIds`), due on `dueDate`.
     * One creation at a time across instances (the daily job and an admin's click may meet), so a
     * product never gets two reminders. Customers who unsubscribed get none.
     */
    async createReminders(input: { cutoff: string; dueDate: string; productIds?: number[]; subject: string; discountOffer: string }): Promise<number> {
      return db.transaction(async (tx) => {
        await lockUntilCommit(tx, "service-reminders-create");
        const due = await tx
          .select({ productId: products.id, customerId: products.customerId })
          .from(products)
          .innerJoin(customers, eq(customers.id, products.customerId))
          .where(
            and(dueForReminder(input.cutoff), isNull(customers.remindersUnsubscribedAt), input.productIds ? inArray(products.id, input.productIds) : undefined),
          )
          .orderBy(asc(products.installDate), asc(products.id))
          .limit(5000);
        if (due.length === 0) return 0;
        await tx.insert(reminders).values(
          due.map((row) => ({
            customerId: row.customerId,
            productId: row.productId,
            reminderType: "service",
            dueDate: input.dueDate,
            emailSubject: input.subject,
            discountOffer: input.discountOffer,
            token: newReminderToken(),
          })),
        );
        return due.length;
      });
    },

    /** Unsent reminders due on or before `today` of customers who still want them. */
    async dueReminderIds(today: string): Promise<number[]> {
      const rows = await db
        .select({ id: reminders.id })
        .from(reminders)
        .innerJoin(customers, eq(customers.id, reminders.customerId))
        .where(and(eq(reminders.sent, false), lte(reminders.dueDate, today), isNull(customers.anonymizedAt), isNull(customers.remindersUnsubscribedAt)))
        .orderBy(asc(reminders.dueDate), asc(reminders.id))
        .limit(1000);
      return rows.map((r) => r.id);
    },

    /**
     * Marks one reminder sent and queues its e-mail in the same transaction; null when it was sent
     * already (another instance, an admin's click) or the customer unsubscribed or was erased
     * meanwhile. The conditional UPDATE is the claim: exactly one caller wins.
     */
    async claimAndQueue(id: number, sentAt: Date, email: (parties: ReminderWithParties) => OutboxMessage): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(reminders)
          .set({ sent: true, sentAt })
          .where(
            and(
              eq(reminders.id, id),
              eq(reminders.sent, false),
              sql`exists (select 1 from customers c where c.id = "reminders"."customer_id" and c.anonymized_at is null and c.reminders_unsubscribed_at is null)`,
            ),
          )
          .returning();
        if (!claimed) return null;
        const [customer] = await tx.select().from(customers).where(eq(customers.id, claimed.customerId));
        const [product] = claimed.productId ? await tx.select().from(products).where(eq(products.id, claimed.productId)) : [];
        const message = email({ reminder: claimed, customer, product: product ?? null });
        await tx.update(reminders).set({ message: message.text }).where(eq(reminders.id, id));
        return enqueueEmail(tx, message, { customerId: claimed.customerId });
      });
    },

    /** The management list: newest first, with the customers' answers. */
    async list() {
      const rows = await db
        .select({ reminder: reminders, customer: customers, product: products })
        .from(reminders)
        .innerJoin(customers, eq(customers.id, reminders.customerId))
        .leftJoin(products, eq(products.id, reminders.productId))
        .orderBy(desc(reminders.createdAt), desc(reminders.id))
        .limit(500);
      const ids = rows.map((r) => r.reminder.id);
      const responses = ids.length
        ? await db
            .select()
            .from(serviceReminderResponses)
            .where(inArray(serviceReminderResponses.reminderId, ids))
            .orderBy(asc(serviceReminderResponses.responseDate))
        : [];
      return rows.map((row) => ({ ...row, responses: responses.filter((r) => r.reminderId === row.reminder.id) }));
    },

    /** The reminder behind an e-mail's link; erased customers' reminders are gone for good. */
    async byToken(token: string): Promise<ReminderOfToken | null> {
      const found = await withParties(eq(reminders.token, token));
      return found && !found.customer.anonymizedAt ? found : null;
    },

    /**
     * The customer asked for no more reminders: recorded on the customer (every later reminder is
     * skipped) and as the reminder's answer. Asking twice changes nothing. False for an unknown token.
     */
    async unsubscribe(token: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [reminder] = await tx.select().from(reminders).where(eq(reminders.token, token)).limit(1);
        if (!reminder) return false;
        const [customer] = await tx
          .update(customers)
          .set({ remindersUnsubscribedAt: sql`coalesce(${customers.remindersUnsubscribedAt}, ${at.toISOString()}::timestamptz)` })
          .where(and(eq(customers.id, reminder.customerId), isNull(customers.anonymizedAt)))
          .returning({ id: customers.id });
        if (!customer) return false;
        await recordResponse(tx, reminder, "unsubscribed", at, null);
        return true;
      });
    },

    /** A booking made from the reminder's link (inside the booking's own transaction). */
    recordBooked: (tx: Db, reminder: ReminderRow, bookingId: number, at: Date) => recordResponse(tx, reminder, "booked", at, bookingId),

    /**
     * Gives the reminder's discount to a booking, inside the booking's transaction: true when it was
     * still free (never used, or used by a booking since cancelled). The conditional UPDATE is the
     * claim: of bookings racing with one offer, on any instance, exactly one gets it.
     */
    async claimOffer(tx: Db, reminderId: number, bookingId: number): Promise<boolean> {
      const [claimed] = await tx
        .update(reminders)
        .set({ offerBookingId: bookingId })
        // Written as "free" rather than "not used": when two claims meet, the second re-checks the
        // row the first wrote, and the first's new booking is not yet visible to its subquery.
        .where(and(eq(reminders.id, reminderId), offerFree))
        .returning({ id: reminders.id });
      return claimed !== undefined;
    },
  };
}

/** One answer of each kind per reminder (a second booking from one e-mail is still recorded by its booking). */
async function recordResponse(tx: Db, reminder: ReminderRow, type: ReminderResponseType, at: Date, bookingId: number | null) {
  const [known] = await tx
    .select({ id: serviceReminderResponses.id })
    .from(serviceReminderResponses)
    .where(and(eq(serviceReminderResponses.reminderId, reminder.id), eq(serviceReminderResponses.responseType, type)))
    .limit(1);
  if (!known) {
    await tx
      .insert(serviceReminderResponses)
      .values({ reminderId: reminder.id, customerId: reminder.customerId, responseType: type, responseDate: at, bookingId });
  }
  await tx.update(reminders).set({ responseStatus: type }).where(eq(reminders.id, reminder.id));
}

export type ServiceRemindersRepository = ReturnType<typeof createServiceRemindersRepository>;
