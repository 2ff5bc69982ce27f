import { and, desc, eq, gte, ilike, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { AgreementStatus } from "@/common/agreements/terms";
import type { Db } from "../../db/client";
import { errorChain, sqlState } from "../../db/errors";
import { lockUntilCommit } from "../../db/locks";
import { customers, products, serviceAgreementEvents, serviceAgreements, type AgreementEventKind } from "../../db/schema";
import { enqueueEmail, type OutboxMessage } from "../../jobs/outbox";

export type NewAgreement = typeof serviceAgreements.$inferInsert;
export type AgreementEventRow = typeof serviceAgreementEvents.$inferSelect;
/** An agreement with what its screens and e-mails show of its customer and product. */
export type AgreementRow = typeof serviceAgreements.$inferSelect & {
  customerName: string;
  customerEmail: string;
  productBrand: string | null;
  productModel: string;
  productSerialNumber: string | null;
};
/** What a change records in the history, and the e-mail it sends (in the same transaction). */
export type AgreementChange = {
  /** pausedAt "now": the database's time, like every other timestamp of an agreement. */
  set: { endsOn?: string; pausedAt?: "now" | null };
  event: { kind: AgreementEventKind; byName: string; note?: string | null };
  email?: OutboxMessage | null;
};
export type AgreementListFilter = { status?: AgreementStatus; q: string; customerId?: number; productId?: number; today: string };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every path that creates an agreement for a product takes this lock first (one create at a time per product, on every instance). */
const productLock = (productId: number) => `agreement-product:${productId}`;

const OPEN_PRODUCT_INDEX = "service_agreements_open_product_idx";
/** The constraint (or unique index) a database error names, on either driver. */
const violated = (error: unknown) => {
  for (const link of errorChain(error)) if (typeof link.constraint === "string") return link.constraint;
  return undefined;
};

const COLUMNS = {
  id: serviceAgreements.id,
  customerId: serviceAgreements.customerId,
  productId: serviceAgreements.productId,
  startDate: serviceAgreements.startDate,
  endsOn: serviceAgreements.endsOn,
  yearlyPriceOre: serviceAgreements.yearlyPriceOre,
  visitsPerYear: serviceAgreements.visitsPerYear,
  visitMonth: serviceAgreements.visitMonth,
  repairDiscountPercent: serviceAgreements.repairDiscountPercent,
  autoRenew: serviceAgreements.autoRenew,
  acceptedAt: serviceAgreements.acceptedAt,
  acceptedFrom: serviceAgreements.acceptedFrom,
  pausedAt: serviceAgreements.pausedAt,
  token: serviceAgreements.token,
  createdAt: serviceAgreements.createdAt,
  createdBy: serviceAgreements.createdBy,
  customerName: customers.name,
  customerEmail: customers.email,
  productBrand: products.brand,
  productModel: products.model,
  productSerialNumber: products.serialNumber,
};

/** The agreement ended before `today` (its last day is past). */
const endedOn = (today: string) => sql`${serviceAgreements.endsOn} is not null and ${serviceAgreements.endsOn} < ${today}::date`;
const runningOn = (today: string) => sql`(${serviceAgreements.endsOn} is null or ${serviceAgreements.endsOn} >= ${today}::date)`;

/** The agreements of a status on `today`, as agreementStatus (src/common/agreements/terms.ts) decides it. */
function statusCondition(status: AgreementStatus, today: string): SQL {
  switch (status) {
    case "ended":
      return endedOn(today);
    case "pending":
      return and(runningOn(today), isNull(serviceAgreements.acceptedAt))!;
    case "paused":
      return and(runningOn(today), isNotNull(serviceAgreements.acceptedAt), isNotNull(serviceAgreements.pausedAt))!;
    case "active":
      return and(runningOn(today), isNotNull(serviceAgreements.acceptedAt), isNull(serviceAgreements.pausedAt))!;
  }
}

/** Service agreements (issue 26): the only place that reads or writes them. */
export function createAgreementsRepository(db: Db) {
  const selectRows = (executor: Db) =>
    executor
      .select(COLUMNS)
      .from(serviceAgreements)
      .innerJoin(customers, eq(customers.id, serviceAgreements.customerId))
      .innerJoin(products, eq(products.id, serviceAgreements.productId));

  async function findIn(executor: Db, where: SQL): Promise<AgreementRow | null> {
    const [row] = await selectRows(executor).where(where);
    return row ?? null;
  }

  async function record(executor: Db, agreementId: number, event: AgreementChange["event"]) {
    await executor.insert(serviceAgreementEvents).values({ agreementId, kind: event.kind, byName: event.byName, note: event.note ?? null });
  }

  return {
    find: (id: number) => findIn(db, eq(serviceAgreements.id, id)),
    findByToken: (token: string) => findIn(db, eq(serviceAgreements.token, token)),

    /**
     * The largest repair discount (whole percent) of the customer's agreements that hold on `date`:
     * accepted, not paused, started and not ended. 0 when none does.
     */
    async repairDiscountOn(customerId: number, date: string): Promise<number> {
      const [row] = await db
        .select({ percent: sql<number | null>`max(${serviceAgreements.repairDiscountPercent})` })
        .from(serviceAgreements)
        .where(
          and(
            eq(serviceAgreements.customerId, customerId),
            isNotNull(serviceAgreements.acceptedAt),
            isNull(serviceAgreements.pausedAt),
            lte(serviceAgreements.startDate, date),
            or(isNull(serviceAgreements.endsOn), gte(serviceAgreements.endsOn, date)),
          ),
        );
      return Number(row?.percent ?? 0);
    },

    /** The history, newest first. */
    async events(agreementId: number) {
      return db
        .select()
        .from(serviceAgreementEvents)
        .where(eq(serviceAgreementEvents.agreementId, agreementId))
        .orderBy(desc(serviceAgreementEvents.at), desc(serviceAgreementEvents.id));
    },

    /** The agreements matching the filter, newest first. */
    async list({ status, q, customerId, productId, today }: AgreementListFilter) {
      const conditions: SQL[] = [];
      if (status) conditions.push(statusCondition(status, today));
      if (customerId !== undefined) conditions.push(eq(serviceAgreements.customerId, customerId));
      if (productId !== undefined) conditions.push(eq(serviceAgreements.productId, productId));
      if (q) {
        const like = `%${escapeLike(q)}%`;
        conditions.push(
          or(
            ilike(customers.name, like),
            ilike(sql`coalesce(${products.brand}, '') || ' ' || ${products.model} || ' ' || coalesce(${products.serialNumber}, '')`, like),
          )!,
        );
      }
      return selectRows(db)
        .where(and(...conditions))
        .orderBy(desc(serviceAgreements.createdAt), desc(serviceAgreements.id));
    },

    /**
     * Creates an agreement for one of the customer's products, in one transaction under the product's
     * lock: the product is read (and held, so it cannot move to another customer meanwhile), an
     * agreement of it that has not ended (`today`) refuses the new one, else it is inserted with its
     * history and the customer's e-mail (when `email` makes one). Two creates for one product, on any
     * instance, are decided one after the other: the second sees the first. The partial unique index
     * catches what the lock would miss (an agreement that runs until ended), answered the same way.
     */
    async create(
      values: NewAgreement,
      today: string,
      history: { byName: string },
      email: (row: AgreementRow) => OutboxMessage | null,
    ): Promise<
      | { status: "customerMissing" }
      | { status: "productNotCustomers" }
      | { status: "covered" }
      | { status: "created"; row: AgreementRow; outboxId: number | null }
    > {
      try {
        return await db.transaction(async (tx) => {
          await lockUntilCommit(tx, productLock(values.productId));
          const [customer] = await tx
            .select({ id: customers.id, anonymizedAt: customers.anonymizedAt })
            .from(customers)
            .where(eq(customers.id, values.customerId))
            .for("share");
          if (!customer || customer.anonymizedAt) return { status: "customerMissing" as const };
          const [product] = await tx.select({ customerId: products.customerId }).from(products).where(eq(products.id, values.productId)).for("share");
          if (!product || product.customerId !== values.customerId) return { status: "productNotCustomers" as const };
          const [running] = await tx
            .select({ id: serviceAgreements.id })
            .from(serviceAgreements)
            .where(and(eq(serviceAgreements.productId, values.productId), runningOn(today)))
            .limit(1);
          if (running) return { status: "covered" as const };
          const [inserted] = await tx.insert(serviceAgreements).values(values).returning({ id: serviceAgreements.id });
          const row = (await findIn(tx, eq(serviceAgreements.id, inserted.id)))!;
          await record(tx, row.id, { kind: "created", byName: history.byName });
          const message = email(row);
          let outboxId: number | null = null;
          if (message) {
            outboxId = await enqueueEmail(tx, message, { customerId: row.customerId });
            await record(tx, row.id, { kind: "sent", byName: history.byName, note: message.to });
          }
          return { status: "created" as const, row, outboxId };
        });
      } catch (error) {
        if (sqlState(error) === "23505" && violated(error) === OPEN_PRODUCT_INDEX) return { status: "covered" };
        throw error;
      }
    },

    /**
     * Changes an agreement under its row lock: `decide` sees it as it stands (with today's status)
     * and returns the change, its history entry and the e-mail to queue, or throws. Null when the
     * agreement does not exist.
     */
    async change(id: number, decide: (row: AgreementRow) => AgreementChange): Promise<{ row: AgreementRow; outboxId: number | null } | null> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: serviceAgreements.id }).from(serviceAgreements).where(eq(serviceAgreements.id, id)).for("update");
        if (!locked) return null;
        const current = (await findIn(tx, eq(serviceAgreements.id, id)))!;
        const change = decide(current);
        const { endsOn, pausedAt } = change.set;
        if (endsOn !== undefined || pausedAt !== undefined) {
          await tx
            .update(serviceAgreements)
            .set({
              ...(endsOn !== undefined ? { endsOn } : {}),
              ...(pausedAt !== undefined ? { pausedAt: pausedAt === "now" ? sql`now()` : null } : {}),
            })
            .where(eq(serviceAgreements.id, id));
        }
        let outboxId: number | null = null;
        if (change.email) outboxId = await enqueueEmail(tx, change.email, { customerId: current.customerId });
        await record(tx, id, change.event);
        return { row: (await findIn(tx, eq(serviceAgreements.id, id)))!, outboxId };
      });
    },

    /**
     * The customer's acceptance, recorded once: only a pending agreement that has not ended
     * (`today`) takes it, in one conditional UPDATE, so of two parallel accepts one records it and
     * the other finds it recorded. Returns the agreement as it stands afterwards.
     */
    async accept(token: string, from: string, today: string): Promise<{ row: AgreementRow; accepted: boolean } | null> {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(serviceAgreements)
          .set({ acceptedAt: sql`now()`, acceptedFrom: from })
          .where(and(eq(serviceAgreements.token, token), isNull(serviceAgreements.acceptedAt), runningOn(today)))
          .returning({ id: serviceAgreements.id });
        const row = await findIn(tx, eq(serviceAgreements.token, token));
        if (!row) return null;
        if (updated) await record(tx, row.id, { kind: "accepted", byName: row.customerName });
        return { row, accepted: Boolean(updated) };
      });
    },
  };
}
export type AgreementsRepository = ReturnType<typeof createAgreementsRepository>;
