import { and, asc, desc, eq, gte, inArray, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { FieldChange } from "@/common/schemas/customers";
import type { Db } from "../../db/client";
import { bookings, customers, installationProtocols, leakChecks, productChanges, products, serviceHistory, users } from "../../db/schema";

export type LeakCheckRow = typeof leakChecks.$inferSelect;
export type NewLeakCheck = typeof leakChecks.$inferInsert;

/**
 * The protocol statuses whose refrigerant the register trusts: signed by the technician (the
 * customer's signature may follow). Migration 0027 backfilled products from the same protocols.
 */
const SIGNED_PROTOCOLS = ["technician-signed", "fully-signed"];

/** A product as the register reads it: its own refrigerant fields, its latest signed protocol's, and its checks in short. */
export type RegisterRow = {
  product: {
    id: number;
    customerId: number;
    brand: string | null;
    model: string;
    type: string;
    serialNumber: string | null;
    installDate: string | null;
    refrigerant: string | null;
    refrigerantChargeKg: number | null;
    leakDetection: boolean;
    hermeticallySealed: boolean;
  };
  customerName: string;
  customerCity: string;
  /** The latest signed installation protocol of the product (through its visit), if any. */
  protocolRefrigerant: string | null;
  protocolChargeKg: number | null;
  /** The latest check (by date, then as recorded) and the latest repaired leak. */
  lastCheckDate: string | null;
  lastCheckResult: string | null;
  lastCheckMethod: string | null;
  lastRepairDate: string | null;
};

type RowFilter = { productId?: number; customerId?: number; withRefrigerant?: boolean };

/**
 * The register's rows of the products `filter` picks (one product, a customer's, or every one with a
 * refrigerant of its own or from a protocol), each with its latest signed protocol and its checks
 * summed up: one statement, each of the two summaries one pass over its table.
 */
async function registerRows(db: Db, filter: RowFilter): Promise<RegisterRow[]> {
  // A customer's rows (a visit's report form, the yearly report): the summaries read only their
  // products' protocols and checks, through the indexes, instead of every one there is.
  const ofCustomer = (column: typeof bookings.productId | typeof leakChecks.productId) =>
    filter.customerId === undefined
      ? undefined
      : inArray(column, db.select({ id: products.id }).from(products).where(eq(products.customerId, filter.customerId)));
  const latestProtocol = db.$with("latest_protocol").as(
    db
      .selectDistinctOn([bookings.productId], {
        productId: sql<number>`${bookings.productId}`.as("protocol_product_id"),
        refrigerant: sql<string>`${installationProtocols.refrigerantType}`.as("protocol_refrigerant"),
        chargeKg: sql<string>`${installationProtocols.refrigerantAmount}`.as("protocol_charge_kg"),
      })
      .from(installationProtocols)
      .innerJoin(bookings, eq(bookings.id, installationProtocols.bookingId))
      .where(
        and(
          filter.productId === undefined ? isNotNull(bookings.productId) : eq(bookings.productId, filter.productId),
          ofCustomer(bookings.productId),
          inArray(installationProtocols.status, SIGNED_PROTOCOLS),
          isNotNull(installationProtocols.refrigerantAmount),
        ),
      )
      .orderBy(bookings.productId, desc(installationProtocols.installationDate), desc(installationProtocols.id)),
  );
  const checkSummary = db.$with("check_summary").as(
    db
      .selectDistinctOn([leakChecks.productId], {
        productId: sql<number>`${leakChecks.productId}`.as("check_product_id"),
        lastCheckDate: sql<string>`${leakChecks.checkedOn}`.as("last_check_date"),
        lastCheckResult: sql<string>`${leakChecks.result}`.as("last_check_result"),
        lastCheckMethod: sql<string>`${leakChecks.method}`.as("last_check_method"),
        lastRepairDate: sql<
          string | null
        >`max(${leakChecks.checkedOn}) filter (where ${leakChecks.result} = 'repaired') over (partition by ${leakChecks.productId})`.as("last_repair_date"),
      })
      .from(leakChecks)
      // One product's (a visit's check, its timeline) through the index; else one pass over them all.
      .where(filter.productId === undefined ? ofCustomer(leakChecks.productId) : eq(leakChecks.productId, filter.productId))
      .orderBy(leakChecks.productId, desc(leakChecks.checkedOn), desc(leakChecks.id)),
  );
  const conditions: (SQL | undefined)[] = [
    filter.productId === undefined ? undefined : eq(products.id, filter.productId),
    filter.customerId === undefined ? undefined : eq(products.customerId, filter.customerId),
    filter.withRefrigerant ? or(isNotNull(products.refrigerant), isNotNull(latestProtocol.productId)) : undefined,
  ];
  const rows = await db
    .with(latestProtocol, checkSummary)
    .select({
      product: {
        id: products.id,
        customerId: products.customerId,
        brand: products.brand,
        model: products.model,
        type: products.type,
        serialNumber: products.serialNumber,
        installDate: products.installDate,
        refrigerant: products.refrigerant,
        refrigerantChargeKg: products.refrigerantChargeKg,
        leakDetection: products.leakDetection,
        hermeticallySealed: products.hermeticallySealed,
      },
      customerName: customers.name,
      customerCity: customers.city,
      protocolRefrigerant: latestProtocol.refrigerant,
      protocolChargeKg: latestProtocol.chargeKg,
      lastCheckDate: checkSummary.lastCheckDate,
      lastCheckResult: checkSummary.lastCheckResult,
      lastCheckMethod: checkSummary.lastCheckMethod,
      lastRepairDate: checkSummary.lastRepairDate,
    })
    .from(products)
    .innerJoin(customers, eq(customers.id, products.customerId))
    .leftJoin(latestProtocol, eq(latestProtocol.productId, products.id))
    .leftJoin(checkSummary, eq(checkSummary.productId, products.id))
    .where(and(...conditions))
    .orderBy(asc(products.id));
  // Aggregates and CTE columns come back as the driver gives them: numeric as text, dates as text.
  return rows.map((row) => ({
    ...row,
    protocolChargeKg: row.protocolChargeKg === null ? null : Number(row.protocolChargeKg),
    lastCheckDate: dateText(row.lastCheckDate),
    lastRepairDate: dateText(row.lastRepairDate),
  }));
}

/** A date column read through a CTE: PGlite may hand it over as a Date. */
const dateText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

/** The register's row of one product, if it exists. */
export async function registerRowOf(db: Db, productId: number): Promise<RegisterRow | undefined> {
  const [row] = await registerRows(db, { productId });
  return row;
}

/**
 * Holds the product's row until the transaction ends, so its checks are recorded one at a time.
 * FOR NO KEY UPDATE: it waits for another such lock but not for the share locks foreign keys take
 * (a service history entry written for the product elsewhere). False when it does not exist.
 */
export async function lockProduct(tx: Db, productId: number): Promise<boolean> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("no key update").limit(1);
  return row !== undefined;
}

export async function insertLeakCheck(tx: Db, values: NewLeakCheck): Promise<LeakCheckRow> {
  const [row] = await tx.insert(leakChecks).values(values).returning();
  return row;
}

/** What a service report's transaction hands a leak check's rules: the visit, the unit and its register row (locked; undefined without a product). */
export type LeakCheckContext = { booking: { assignedTechnicianId: number | null }; productId: number | null; row: RegisterRow | undefined };
/** The rules' answer: the check to record, of the context's product (the visit is the transaction's). */
export type LeakCheckWrite = (context: LeakCheckContext) => Omit<NewLeakCheck, "bookingId">;

export type RefrigerantUpdate = Pick<typeof products.$inferInsert, "refrigerant" | "refrigerantChargeKg" | "leakDetection" | "hermeticallySealed">;
export type RefrigerantFields = Required<RefrigerantUpdate>;

/** The refrigerant register's reads and the admin's edit of a unit (issue 26). */
export function createRefrigerantRepository(db: Db) {
  return {
    /** Every product that has a refrigerant: its own, or its latest signed protocol's. */
    async withRefrigerant(): Promise<RegisterRow[]> {
      return registerRows(db, { withRefrigerant: true });
    },

    /** One product's register row, if the product exists. */
    row: (productId: number) => registerRowOf(db, productId),

    /** A customer's products, each as the register reads it. */
    async ofCustomer(customerId: number): Promise<RegisterRow[]> {
      return registerRows(db, { customerId });
    },

    /**
     * The unit's refrigerant fields changed and the change recorded in the product's history
     * (issue 23 point 8) in one transaction; `diff` works out the changed fields from the row as it was.
     */
    async updateRefrigerant(
      productId: number,
      values: RefrigerantFields,
      diff: (before: RefrigerantFields) => FieldChange[],
      user: { id: number; name: string },
    ) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            refrigerant: products.refrigerant,
            refrigerantChargeKg: products.refrigerantChargeKg,
            leakDetection: products.leakDetection,
            hermeticallySealed: products.hermeticallySealed,
          })
          .from(products)
          .where(eq(products.id, productId))
          // A change of non-key columns: it waits for a check being recorded, not for foreign keys' share locks.
          .for("no key update")
          .limit(1);
        if (!before) return false;
        const changes = diff(before);
        if (changes.length === 0) return true;
        await tx.update(products).set(values).where(eq(products.id, productId));
        await tx.insert(productChanges).values({ productId, userId: user.id, userName: user.name, changes });
        return true;
      });
    },

    /** A customer's name and address, if the customer exists. */
    async customer(id: number) {
      const [row] = await db
        .select({ id: customers.id, name: customers.name, address: customers.address, postalCode: customers.postalCode, city: customers.city })
        .from(customers)
        .where(eq(customers.id, id))
        .limit(1);
      return row;
    },

    /** The checks of some products from `from` to `to` (both included), oldest first. */
    async checksOf(productIds: number[], from: string, to: string): Promise<LeakCheckRow[]> {
      if (productIds.length === 0) return [];
      return db
        .select()
        .from(leakChecks)
        .where(and(inArray(leakChecks.productId, productIds), gte(leakChecks.checkedOn, from), lte(leakChecks.checkedOn, to)))
        .orderBy(asc(leakChecks.checkedOn), asc(leakChecks.id));
    },

    /** Everything a product's timeline shows: its protocols (through their visits), service history and leak checks. */
    async timeline(productId: number) {
      const [protocols, history, checks] = await Promise.all([
        db
          .select({
            id: installationProtocols.id,
            installationDate: installationProtocols.installationDate,
            status: installationProtocols.status,
            refrigerantType: installationProtocols.refrigerantType,
            refrigerantAmount: installationProtocols.refrigerantAmount,
            technicianName: users.name,
          })
          .from(installationProtocols)
          .innerJoin(bookings, eq(bookings.id, installationProtocols.bookingId))
          .leftJoin(users, eq(users.id, installationProtocols.technicianId))
          .where(eq(bookings.productId, productId)),
        db
          .select({
            id: serviceHistory.id,
            serviceDate: serviceHistory.serviceDate,
            serviceType: serviceHistory.serviceType,
            technician: serviceHistory.technician,
            actions: serviceHistory.actions,
            bookingId: serviceHistory.bookingId,
          })
          .from(serviceHistory)
          .where(eq(serviceHistory.productId, productId)),
        db.select().from(leakChecks).where(eq(leakChecks.productId, productId)),
      ]);
      return { protocols, history, checks };
    },
  };
}
export type RefrigerantRepository = ReturnType<typeof createRefrigerantRepository>;
