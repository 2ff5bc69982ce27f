import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, type Database } from "../../db/client";
import { sqlState } from "../../db/errors";
import { cleanupAfterEach, emptyPostgresDatabase, scratchFolder } from "../../test-support/scratch";
import { templateDataDir } from "../../test-support/templates";
import { queryRows } from "../../test-support/test-app";

// The refrigerant register's migration (issue 26) on a database that already holds products and
// installation protocols: each product takes the refrigerant and charge of its latest signed
// protocol, found through the protocol's visit; drafts and protocols without an amount are not
// trusted, and products without such a protocol keep none. Found by its name, not its number.

const defer = cleanupAfterEach();
const TAG = /^\d{4}_refrigerant_register$/;

/** A copy of the migrations folder that ends just before the refrigerant register's migration. */
function migrationsBeforeRegister(): string {
  const dir = scratchFolder("vps-migrations-", defer);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => TAG.test(entry.tag));
  if (index < 0) throw new Error("no refrigerant register migration");
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return dir;
}

async function emptyDatabaseLocation(): Promise<{ databaseUrl?: string; dataDir: string | null }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { dataDir: await templateDataDir(scratchFolder("vps-migrate-data-", defer), "empty") };
  const scratch = await emptyPostgresDatabase(serverUrl, "vps_migr");
  defer(() => scratch.drop());
  return { databaseUrl: scratch.url, dataDir: null };
}

async function migrated(location: { databaseUrl?: string; dataDir: string | null }, migrationsDir: string): Promise<Database> {
  const database = await openDatabase({ ...location, migrationsDir });
  await database.migrate();
  return database;
}

describe("the refrigerant register's migration on a database with data", () => {
  it("gives each product the refrigerant of its latest signed installation protocol, and no other", async () => {
    const location = await emptyDatabaseLocation();
    const before = await migrated(location, migrationsBeforeRegister());
    await before.db.execute(
      sql`insert into customers (id, name, email, phone, address, city, postal_code) values (1, 'Lars Andersson', 'lars@exempel.se', '070-1', 'Storgatan 12', 'Uppsala', '753 20')`,
    );
    // 1: two signed protocols and a newer draft; 2: only a protocol without an amount; 3: no visit; 4: its visit has no protocol.
    await before.db.execute(sql`insert into products (id, customer_id, model, type) values (1, 1, 'F2120', 'luftvärmepump'), (2, 1, 'F2040', 'luftvärmepump'),
      (3, 1, 'S735', 'bergvärmepump'), (4, 1, 'S1255', 'bergvärmepump')`);
    for (const [id, productId, date] of [
      [1, 1, "2024-05-02"],
      [2, 1, "2024-05-03"],
      [3, 2, "2024-05-06"],
      [4, 4, "2024-05-07"],
    ] as const) {
      await before.db
        .execute(sql`insert into bookings (id, customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city, product_id)
          values (${id}, 1, 'installation', ${date}, '08:00-10:00', '08:00', '10:00', 'completed', 'Lars Andersson', 'lars@exempel.se', '070-1', 'Storgatan 12', '753 20', 'Uppsala', ${productId})`);
    }
    for (const [publicId, bookingId, date, type, amount, status] of [
      ["a", 1, "2024-05-02", "R32", "1.000", "fully-signed"],
      ["b", 2, "2024-05-03", "R410A", "3.200", "technician-signed"], // the latest signed: this one
      ["c", 2, "2024-05-04", "R290", "0.500", "draft"],
      ["d", 3, "2024-05-06", "R32", null, "fully-signed"],
    ] as const) {
      await before.db
        .execute(sql`insert into installation_protocols (public_id, booking_id, customer_id, installation_date, customer_name, customer_email, refrigerant_type, refrigerant_amount, status)
        values (${publicId}, ${bookingId}, 1, ${date}, 'Lars Andersson', 'lars@exempel.se', ${type}, ${amount}, ${status})`);
    }
    await before.close();

    const after = await migrated(location, migrationsFolder);
    try {
      const rows = await queryRows<{ id: number; refrigerant: string | null; charge: string | null; leak_detection: boolean; hermetically_sealed: boolean }>(
        after,
        sql`select id, refrigerant, refrigerant_charge_kg::text as charge, leak_detection, hermetically_sealed from products order by id`,
      );
      expect(rows).toEqual([
        { id: 1, refrigerant: "R410A", charge: "3.200", leak_detection: false, hermetically_sealed: false },
        { id: 2, refrigerant: null, charge: null, leak_detection: false, hermetically_sealed: false },
        { id: 3, refrigerant: null, charge: null, leak_detection: false, hermetically_sealed: false },
        { id: 4, refrigerant: null, charge: null, leak_detection: false, hermetically_sealed: false },
      ]);
      // The database keeps the register's values in range: a listed refrigerant, both or neither, nothing negative.
      for (const update of [
        sql`update products set refrigerant = 'R22', refrigerant_charge_kg = 1 where id = 2`,
        sql`update products set refrigerant = 'R32' where id = 2`,
        sql`update products set refrigerant = 'R32', refrigerant_charge_kg = -1 where id = 2`,
      ]) {
        await expect(after.db.execute(update)).rejects.toSatisfy((error: unknown) => sqlState(error) === "23514");
      }
      // A leak check goes with its product.
      await after.db.execute(sql`insert into leak_checks (product_id, booking_id, checked_on, method, result, technician_name, certificate)
        values (1, 2, '2026-03-10', 'direct', 'tight', 'Tekla Tekniker', 'INCERT-1')`);
      await expect(
        after.db.execute(
          sql`insert into leak_checks (product_id, checked_on, method, result, technician_name, certificate) values (1, '2026-03-10', 'luktade', 'tight', 'Tekla', 'X')`,
        ),
      ).rejects.toSatisfy((error: unknown) => sqlState(error) === "23514");
      await expect(
        after.db.execute(
          sql`insert into leak_checks (product_id, checked_on, method, result, technician_name, certificate) values (1, '2026-03-10', 'direct', 'tight', 'Tekla', '  ')`,
        ),
      ).rejects.toSatisfy((error: unknown) => sqlState(error) === "23514");
      await after.db.execute(sql`delete from bookings where id = 2`);
      expect(await queryRows(after, sql`select product_id, booking_id from leak_checks`)).toEqual([{ product_id: 1, booking_id: null }]);
      await after.db.execute(sql`delete from products where id = 1`);
      expect(await queryRows(after, sql`select id from leak_checks`)).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
