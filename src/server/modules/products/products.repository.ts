import { and, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { FieldChange } from "@/common/schemas/customers";
import type { Db } from "../../db/client";
import { lockProductSerial, normalizedSerial } from "../../db/locks";
import { bookings, customers, productChanges, products, serviceHistory } from "../../db/schema";

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Place = { address: string | null; postalCode: string | null; city: string | null };
export type HistoryRow = {
  entry: typeof serviceHistory.$inferSelect;
  customerName: string;
  productModel: string | null;
  productBrand: string | null;
  bookingPlace: Place | null;
  customerPlace: Place;
};

const LIST_LIMIT = 200;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (q: string) => `%${escapeLike(q)}%`;

const productColumns = { product: products, customerName: customers.name, customerCity: customers.city };
const historyColumns = {
  entry: serviceHistory,
  customerName: customers.name,
  productModel: products.model,
  productBrand: products.brand,
  // Where the work was done: the visit's address, else the customer's (issue 23 point 8).
  bookingPlace: { address: bookings.address, postalCode: bookings.postalCode, city: bookings.city },
  customerPlace: { address: customers.address, postalCode: customers.postalCode, city: customers.city },
};

const productSearch = (q: string): SQL | undefined =>
  q
    ? sql`(coalesce(${products.brand}, '') || ' ' || ${products.model} || ' ' || coalesce(${products.serialNumber}, '') || ' ' || ${customers.name} || ' ' || ${customers.city}) ilike ${like(q)}`
    : undefined;

const historySearch = (q: string): SQL | undefined =>
  q
    ? sql`(${customers.name} || ' ' || coalesce(${serviceHistory.technician}, '') || ' ' || coalesce(${serviceHistory.issues}, '') || ' ' || coalesce(${serviceHistory.actions}, '') || ' ' || coalesce(${serviceHistory.parts}, '') || ' ' || coalesce(${products.model}, '')
        || ' ' || ${customers.address} || ' ' || ${customers.postalCode} || ' ' || ${customers.city}
        || ' ' || coalesce(${bookings.address}, '') || ' ' || coalesce(${bookings.postalCode}, '') || ' ' || coalesce(${bookings.city}, '')) ilike ${like(q)}`
    : undefined;

/** The product registered under a serial number (without case or surrounding spaces), if any; `exceptId` leaves one product out (the one being edited). */
export async function productWithSerial(
  tx: Db,
  serialNumber: string,
  exceptId?: number,
): Promise<{ id: number; customerId: number; model: string; customerName: string } | undefined> {
  const [row] = await tx
    .select({ id: products.id, customerId: products.customerId, model: products.model, customerName: customers.name })
    .from(products)
    .innerJoin(customers, eq(customers.id, products.customerId))
    .where(and(sql`upper(trim(${products.serialNumber})) = ${normalizedSerial(serialNumber)}`, exceptId === undefined ? undefined : ne(products.id, exceptId)))
    .limit(1);
  return row;
}

/**
 * A new product of a customer; a serial number names one unit, so one already registered refuses
 * it. Checked and written under the serial number's lock, which the import takes too.
 */
export async function createProduct(db: Db, values: NewProduct): Promise<{ created: ProductRow } | { serialTakenBy: string }> {
  return db.transaction(async (tx) => {
    if (values.serialNumber) {
      await lockProductSerial(tx, values.serialNumber);
      const taken = await productWithSerial(tx, values.serialNumber);
      if (taken) return { serialTakenBy: taken.customerName };
    }
    const [created] = await tx.insert(products).values(values).returning();
    return { created };
  });
}

export type ProductUpdate = Omit<NewProduct, "id" | "createdAt" | "notes">;
export type ProductUpdateResult =
  { status: "missing" | "customerMissing" } | { status: "serialTaken"; customerName: string } | { status: "updated"; product: ProductRow };

/**
 * The products' edits (issue 23 point 8): a change and its record (who, when, which fields from
 * what to what) in one transaction. A serial number still names one unit: checked under its lock,
 * which creates and the import take too. `diff` works out the changed fields from the row as it was.
 */
export function createProductsRepository(db: Db) {
  /** Service history with its customer, product and visit; `where` picks the entries. */
  const historyRows = (where: SQL | undefined) =>
    db
      .select(historyColumns)
      .from(serviceHistory)
      .innerJoin(customers, eq(customers.id, serviceHistory.customerId))
      .leftJoin(products, eq(products.id, serviceHistory.productId))
      .leftJoin(bookings, eq(bookings.id, serviceHistory.bookingId))
      .where(where);

  return {
    /** Products with their customer's name and city, searched in SQL; the newest first, at most LIST_LIMIT. */
    async list(q: string) {
      return db
        .select(productColumns)
        .from(products)
        .innerJoin(customers, eq(customers.id, products.customerId))
        .where(productSearch(q))
        .orderBy(desc(products.id))
        .limit(LIST_LIMIT);
    },

    /** A customer's name and city, if the customer exists. */
    async customer(id: number): Promise<{ name: string; city: string } | undefined> {
      const [customer] = await db.select({ name: customers.name, city: customers.city }).from(customers).where(eq(customers.id, id)).limit(1);
      return customer;
    },

    create: (values: NewProduct) => createProduct(db, values),

    /** Service history entries, searched in SQL; the latest service first, at most LIST_LIMIT. */
    async history(q: string): Promise<HistoryRow[]> {
      return historyRows(historySearch(q)).orderBy(desc(serviceHistory.serviceDate)).limit(LIST_LIMIT);
    },

    /** One service history entry, if it exists. */
    async historyEntry(id: number): Promise<HistoryRow | undefined> {
      const [row] = await historyRows(eq(serviceHistory.id, id)).limit(1);
      return row;
    },

    async update(
      id: number,
      values: ProductUpdate,
      diff: (before: ProductRow) => FieldChange[],
      user: { id: number; name: string },
    ): Promise<ProductUpdateResult> {
      return db.transaction(async (tx) => {
        if (values.serialNumber) await lockProductSerial(tx, values.serialNumber);
        const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update").limit(1);
        if (!before) return { status: "missing" as const };
        const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, values.customerId)).limit(1);
        if (!customer) return { status: "customerMissing" as const };
        if (values.serialNumber) {
          const taken = await productWithSerial(tx, values.serialNumber, id);
          if (taken) return { status: "serialTaken" as const, customerName: taken.customerName };
        }
        const changes = diff(before);
        if (changes.length === 0) return { status: "updated" as const, product: before };
        const [product] = await tx.update(products).set(values).where(eq(products.id, id)).returning();
        await tx.insert(productChanges).values({ productId: id, userId: user.id, userName: user.name, changes });
        return { status: "updated" as const, product };
      });
    },

    /** A product with its customer's name and city, if it exists. */
    async findWithCustomer(id: number) {
      const [row] = await db
        .select({ product: products, customerName: customers.name, customerCity: customers.city })
        .from(products)
        .innerJoin(customers, eq(customers.id, products.customerId))
        .where(eq(products.id, id))
        .limit(1);
      return row;
    },

    /** A product's edits, newest first. */
    async changesOf(productId: number) {
      return db.select().from(productChanges).where(eq(productChanges.productId, productId)).orderBy(desc(productChanges.changedAt), desc(productChanges.id));
    },

    /** The names of customers by id (a product's move between customers names both). */
    async customerNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: customers.id, name: customers.name }).from(customers).where(inArray(customers.id, ids));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
