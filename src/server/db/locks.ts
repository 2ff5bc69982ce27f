import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Advisory locks held until the transaction ends, on every app instance sharing the database: what
 * must be checked and then written by one request at a time (PGlite, one connection, serialises
 * anyway). Every path that writes the same thing takes the same key.
 */
export async function lockUntilCommit(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Finding or creating the customer of an e-mail address: public bookings, the register, the import. */
export const lockCustomerEmail = (tx: Db, email: string) => lockUntilCommit(tx, `booking-email:${email.trim().toLowerCase()}`);

/** A serial number names one unit: the register's products and the import. */
export const lockProductSerial = (tx: Db, serialNumber: string) => lockUntilCommit(tx, `product-serial:${normalizedSerial(serialNumber)}`);

/** Serial numbers compare without case and surrounding spaces ("ab-123 " is AB-123). */
export const normalizedSerial = (serialNumber: string) => serialNumber.trim().toUpperCase();
