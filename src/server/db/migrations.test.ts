import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach, emptyPostgresDatabase, scratchFolder } from "../test-support/scratch";
import { queryRows } from "../test-support/test-app";
import { migrationsFolder, openDatabase, type Database } from "./client";

// Migrations are run on databases that already hold data: this proves 0002 (audit fixes) keeps it.

const defer = cleanupAfterEach();

/** A copy of drizzle/ that only knows the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const dir = scratchFolder("vps-migrations-", defer);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return dir;
}

/** Where an empty database lives: a fresh DATA_DIR, or a fresh database on TEST_DATABASE_URL's server. */
async function emptyDatabaseLocation(): Promise<{ databaseUrl?: string; dataDir: string | null }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { dataDir: scratchFolder("vps-migrate-data-", defer) };
  const scratch = await emptyPostgresDatabase(serverUrl, "vps_migr");
  defer(() => scratch.drop());
  return { databaseUrl: scratch.url, dataDir: null };
}

async function migrated(location: { databaseUrl?: string; dataDir: string | null }, migrationsDir: string): Promise<Database> {
  const database = await openDatabase({ ...location, migrationsDir });
  await database.migrate();
  return database;
}

describe("migration 0002 on a database with data", () => {
  it("gives every existing booking its own copy of its customer's contact details, and ends old sessions", async () => {
    const location = await emptyDatabaseLocation();
    const before = await migrated(location, migrationsUpTo(2));
    await before.db.execute(sql`insert into users (username, password, name, role) values ('chef', 'x', 'Chef', 'admin')`);
    await before.db.execute(sql`insert into sessions (sid, user_id, data, expires_at) values ('gammal', 1, '{}', now() + interval '1 hour')`);
    await before.db.execute(sql`insert into customers (name, email, phone, address, city, postal_code) values ('Lars Andersson', 'lars@exempel.se', '070-1', 'Storgatan 12', 'Uppsala', '753 20')`);
    await before.db.execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status)
      values (1, 'service', '2026-12-07', '08:00-10:00', '08:00', '10:00', 'confirmed')`);
    await before.close();

    const after = await migrated(location, migrationsFolder);
    try {
      const [booking] = await queryRows(after, sql`select contact_name, contact_email, contact_phone, address, postal_code, city from bookings`);
      expect(booking).toEqual({ contact_name: "Lars Andersson", contact_email: "lars@exempel.se", contact_phone: "070-1", address: "Storgatan 12", postal_code: "753 20", city: "Uppsala" });
      expect(await queryRows(after, sql`select * from sessions`)).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
