import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { lockProductSerial, normalizedSerial } from "../../db/locks";
import { customers, products } from "../../db/schema";

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

/** The product registered under a serial number (without case or surrounding spaces), if any. */
export async function productWithSerial(tx: Db, serialNumber: string): Promise<{ id: number; customerId: number; model: string; customerName: string } | undefined> {
  const [row] = await tx
    .select({ id: products.id, customerId: products.customerId, model: products.model, customerName: customers.name })
    .from(products)
    .innerJoin(customers, eq(customers.id, products.customerId))
    .where(sql`upper(trim(${products.serialNumber})) = ${normalizedSerial(serialNumber)}`)
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
