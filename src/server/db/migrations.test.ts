import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach, emptyPostgresDatabase, scratchFolder } from "../test-support/scratch";
import { templateDataDir } from "../test-support/templates";
import { queryRows } from "../test-support/test-app";
import { migrationsFolder, openDatabase, type Database } from "./client";
import { sqlState } from "./errors";

// Migrations are run on databases that already hold data: this proves 0002 (audit fixes) keeps it.

const defer = cleanupAfterEach();

/** A copy of drizzle/ that only knows the first `count` migrations. */
/** A copy of the migrations folder that ends just before the migration tagged `tag` (e.g. "0020_installation_takes_the_day"). */
function migrationsBefore(tag: string): string {
  const dir = scratchFolder("vps-migrations-", defer);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return dir;
}

/**
 * Where an empty database lives: a fresh DATA_DIR holding a new database before any migration (a copy
 * of what a first start creates, test-support/templates.ts), or a fresh database on TEST_DATABASE_URL's server.
 */
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

describe("migration 0002 on a database with data", () => {
  it("gives every existing booking its own copy of its customer's contact details, and ends old sessions", async () => {
    const location = await emptyDatabaseLocation();
    const before = await migrated(location, migrationsBefore("0002_audit_fixes"));
    await before.db.execute(sql`insert into users (username, password, name, role) values ('chef', 'x', 'Chef', 'admin')`);
    await before.db.execute(sql`insert into sessions (sid, user_id, data, expires_at) values ('gammal', 1, '{}', now() + interval '1 hour')`);
    await before.db.execute(
      sql`insert into customers (name, email, phone, address, city, postal_code) values ('Lars Andersson', 'lars@exempel.se', '070-1', 'Storgatan 12', 'Uppsala', '753 20')`,
    );
    await before.db.execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status)
      values (1, 'service', '2026-12-07', '08:00-10:00', '08:00', '10:00', 'confirmed')`);
    await before.close();

    const after = await migrated(location, migrationsFolder);
    try {
      const [booking] = await queryRows(after, sql`select contact_name, contact_email, contact_phone, address, postal_code, city from bookings`);
      expect(booking).toEqual({
        contact_name: "Lars Andersson",
        contact_email: "lars@exempel.se",
        contact_phone: "070-1",
        address: "Storgatan 12",
        postal_code: "753 20",
        city: "Uppsala",
      });
      expect(await queryRows(after, sql`select * from sessions`)).toEqual([]);
    } finally {
      await after.close();
    }
  });
});

describe("migration 0015 on a database with data", () => {
  it("gives every queued e-mail the customer it is about: by its address, or by the booking a staff notice links to", async () => {
    const location = await emptyDatabaseLocation();
    const before = await migrated(location, migrationsBefore("0015_protocol_erasure_outbox_customer"));
    await before.db.execute(sql`insert into customers (name, email, phone, address, city, postal_code) values
      ('Lars Andersson', 'lars@exempel.se', '070-1', 'Storgatan 12', 'Uppsala', '753 20'),
      ('Maja Berg', 'maja@exempel.se', '070-2', 'Lingonvägen 3', 'Sala', '733 91')`);
    await before.db
      .execute(sql`insert into bookings (id, customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city)
      values (12, 2, 'service', '2026-12-07', '08:00-10:00', '08:00', '10:00', 'confirmed', 'Maja Berg', 'maja@exempel.se', '070-2', 'Lingonvägen 3', '733 91', 'Sala')`);
    await before.db.execute(sql`insert into email_outbox ("to", subject, text) values
      ('LARS@exempel.se', 'Bokningsbekräftelse', 'Hej Lars!'),
      ('info@varmepumpsservice.se', 'Ny bokning', 'Kund: Maja Berg\nÖppna bokningen: https://boka.example.se/admin/bookings/12'),
      ('info@varmepumpsservice.se', 'Ny bokning', 'Öppna bokningen: https://boka.example.se/admin/bookings/123'),
      ('okand@exempel.se', 'Hej', 'Ingen kund')`);
    await before.close();

    const after = await migrated(location, migrationsFolder);
    try {
      const rows = await queryRows<{ to: string; customer_id: number | null }>(after, sql`select "to", customer_id from email_outbox order by id`);
      expect(rows.map((r) => r.customer_id)).toEqual([1, 2, null, null]);
    } finally {
      await after.close();
    }
  });
});

describe("migration 0020 on a database with data (rules D24)", () => {
  /** A database migrated up to 0019 holding one customer and `bookings` (date, service type, slot, status). */
  async function before(location: { databaseUrl?: string; dataDir: string | null }, bookings: [string, string, string, string][]) {
    const database = await migrated(location, migrationsBefore("0020_installation_takes_the_day"));
    await database.db.execute(
      sql`insert into customers (name, email, phone, address, city, postal_code) values ('Lars Andersson', 'lars@exempel.se', '070-1', 'Storgatan 12', 'Uppsala', '753 20')`,
    );
    for (const [date, serviceType, slot, status] of bookings) {
      const [start, end] = slot.split("-");
      await database.db
        .execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city)
        values (1, ${serviceType}, ${date}, ${slot}, ${start}, ${end}, ${status}, 'Lars Andersson', 'lars@exempel.se', '070-1', 'Storgatan 12', '753 20', 'Uppsala')`);
    }
    return database;
  }
  const ranges = async (database: Database) =>
    (
      await queryRows<{ date: string; service_type: string; status: string; range: string }>(
        database,
        sql`select date::text, service_type, status, to_char(start_time, 'HH24:MI') || '-' || to_char(end_time, 'HH24:MI') as range from bookings order by id`,
      )
    ).map((r) => `${r.date} ${r.service_type} ${r.status} ${r.range}`);

  it("extends every installation that is not cancelled to the end of the working day, or to the next visit of its day, and the constraint still holds", async () => {
    const location = await emptyDatabaseLocation();
    await (
      await before(location, [
        ["2026-12-08", "installation", "08:00-10:00", "confirmed"], // alone: the whole day
        ["2026-12-09", "installation", "08:00-10:00", "confirmed"], // a service later that day: until it starts
        ["2026-12-09", "service", "15:30-17:30", "confirmed"],
        ["2026-12-09", "service", "12:00-14:00", "cancelled"], // cancelled: holds nothing
        ["2026-12-10", "installation", "08:00-10:00", "planned"], // two installations: the first until the second
        ["2026-12-10", "installation", "10:00-12:00", "rescheduled"],
        ["2026-12-11", "installation", "10:00-12:00", "cancelled"], // cancelled: keeps its window
        ["2026-12-12", "service", "08:00-10:00", "confirmed"], // a visit before the installation: untouched
        ["2026-12-12", "installation", "10:00-12:00", "in_progress"],
        ["2026-10-06", "installation", "08:00-10:00", "completed"], // a past one holds its day too
        ["2026-12-15", "installation", "16:00-18:00", "confirmed"], // ends after the working day: never shortened
      ])
    ).close();

    const after = await migrated(location, migrationsFolder);
    try {
      expect(await ranges(after)).toEqual([
        "2026-12-08 installation confirmed 08:00-17:00",
        "2026-12-09 installation confirmed 08:00-15:30",
        "2026-12-09 service confirmed 15:30-17:30",
        "2026-12-09 service cancelled 12:00-14:00",
        "2026-12-10 installation planned 08:00-10:00",
        "2026-12-10 installation rescheduled 10:00-17:00",
        "2026-12-11 installation cancelled 10:00-12:00",
        "2026-12-12 service confirmed 08:00-10:00",
        "2026-12-12 installation in_progress 10:00-17:00",
        "2026-10-06 installation completed 08:00-17:00",
        "2026-12-15 installation confirmed 16:00-18:00",
      ]);
      // The extended range is what the exclusion constraint now keeps free.
      const overlapping = after.db
        .execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city)
        values (1, 'service', '2026-12-08', '15:30-17:30', '15:30', '17:30', 'confirmed', 'Lars Andersson', 'lars@exempel.se', '070-1', 'Storgatan 12', '753 20', 'Uppsala')`);
      await expect(overlapping).rejects.toSatisfy((error: unknown) => sqlState(error) === "23P01");
    } finally {
      await after.close();
    }
  });

  it("uses the working day's end stored in the settings", async () => {
    const location = await emptyDatabaseLocation();
    const database = await before(location, [["2026-12-08", "installation", "08:00-10:00", "confirmed"]]);
    await database.db.execute(sql`insert into system_settings (key, value) values ('workdayEnd', '"16:30"'::jsonb)`);
    await database.close();

    const after = await migrated(location, migrationsFolder);
    try {
      expect(await ranges(after)).toEqual(["2026-12-08 installation confirmed 08:00-16:30"]);
    } finally {
      await after.close();
    }
  });
});

describe("migration 0025 on a database with data (rules D25)", () => {
  const CONTACT = sql.raw("'Lars Andersson', 'lars@exempel.se', '070-1', 'Storgatan 12', '753 20', 'Uppsala'");
  const insertVisit = (database: Database, date: string, slot: string, status: string, technicianId: number | null) => {
    const [start, end] = slot.split("-");
    return database.db
      .execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, assigned_technician_id, contact_name, contact_email, contact_phone, address, postal_code, city)
      values (1, 'service', ${date}, ${slot}, ${start}, ${end}, ${status}, ${technicianId}, ${CONTACT})`);
  };
  const visits = async (database: Database) =>
    (
      await queryRows<{ date: string; slot: string; status: string; name: string | null }>(
        database,
        sql`select b.date::text, b.time_slot as slot, b.status, u.name from bookings b left join users u on u.id = b.assigned_technician_id order by b.id`,
      )
    ).map((r) => `${r.date} ${r.slot} ${r.status} ${r.name ?? "-"}`);

  it("gives the visits ahead to free technicians as a booking would, leaves the rest unassigned, and then keeps each technician's day apart", async () => {
    const location = await emptyDatabaseLocation();
    const database = await migrated(location, migrationsBefore("0025_technician_capacity"));
    await database.db.execute(
      sql`insert into users (username, password, name, role) values ('anna', 'x', 'Anna', 'technician'), ('bo', 'x', 'Bo', 'technician'), ('chef', 'x', 'Chef', 'admin')`,
    );
    await database.db.execute(
      sql`insert into customers (name, email, phone, address, city, postal_code) values ('Lars Andersson', 'lars@exempel.se', '070-1', 'Storgatan 12', 'Uppsala', '753 20')`,
    );
    // Overlapping unassigned visits cannot be stored under 0001; a database where they were (written
    // around the constraint) must still migrate, so the constraint is lifted to set one up.
    await database.db.execute(sql`alter table bookings drop constraint bookings_no_overlap`);
    await insertVisit(database, "2027-01-11", "08:00-10:00", "confirmed", null); // Anna: fewest that week (0 against Bo's 1)
    await insertVisit(database, "2027-01-11", "10:00-12:00", "confirmed", 2); // Bo's already
    await insertVisit(database, "2027-01-11", "08:00-10:00", "planned", null); // Anna is busy then: Bo
    await insertVisit(database, "2027-01-11", "09:00-11:00", "confirmed", null); // both busy: stays unassigned
    await insertVisit(database, "2027-01-12", "15:30-17:30", "planned", null); // week: Anna 1, Bo 2: Anna
    await insertVisit(database, "2026-10-05", "08:00-10:00", "completed", null); // past and done: untouched
    await insertVisit(database, "2027-01-13", "08:00-10:00", "cancelled", null); // cancelled: untouched
    await database.close();

    const after = await migrated(location, migrationsFolder);
    try {
      expect(await visits(after)).toEqual([
        "2027-01-11 08:00-10:00 confirmed Anna",
        "2027-01-11 10:00-12:00 confirmed Bo",
        "2027-01-11 08:00-10:00 planned Bo",
        "2027-01-11 09:00-11:00 confirmed -",
        "2027-01-12 15:30-17:30 planned Anna",
        "2026-10-05 08:00-10:00 completed -",
        "2027-01-13 08:00-10:00 cancelled -",
      ]);
      expect(await queryRows<{ bookable: boolean }>(after, sql`select bookable from users order by id`)).toEqual([
        { bookable: true },
        { bookable: true },
        { bookable: true },
      ]);
      // Each technician's day is the database's to keep now: Anna cannot get a second visit at 09:00.
      await expect(insertVisit(after, "2027-01-11", "09:00-10:00", "confirmed", 1)).rejects.toSatisfy((error: unknown) => sqlState(error) === "23P01");
      // Another technician's visit at the same time is fine, and so is a cancelled one.
      await insertVisit(after, "2027-01-12", "15:30-17:30", "confirmed", 2);
      await insertVisit(after, "2027-01-11", "09:00-10:00", "cancelled", 1);
      // Unassigned visits are kept apart as they are written (a new one over the one left), old rows left as they were.
      await expect(insertVisit(after, "2027-01-11", "10:00-10:30", "confirmed", null)).rejects.toSatisfy((error: unknown) => sqlState(error) === "23P01");
    } finally {
      await after.close();
    }
  });
});
