import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../../test-support/test-app";
import type { Database } from "../../db/client";
import { createAvailabilityRepository, TAKEN_RANGES_SQL, type AvailabilityRepository } from "./availability.repository";

let database: Database;
let repo: AvailabilityRepository;

const CONTACT_COLUMNS = sql.raw("contact_name, contact_email, contact_phone, address, postal_code, city");
const CONTACT = sql.raw("'Eva', 'eva@exempel.se', '070', 'Gatan 1', '17164', 'Solna'");

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createAvailabilityRepository(database.db);
  await database.db.execute(
    sql`insert into customers (name, email, phone, address, city, postal_code) values ('Eva', 'eva@exempel.se', '070', 'Gatan 1', 'Solna', '17164')`,
  );
  await database.db.execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, ${CONTACT_COLUMNS}) values
    (1, 'service', '2026-12-07', '10:00-12:00', '10:00', '12:00', 'confirmed', ${CONTACT}),
    (1, 'hembesok', '2026-12-07', '14:00-14:30', '14:00', '14:30', 'planned', ${CONTACT}),
    (1, 'service', '2026-12-07', '12:00-14:00', '12:00', '14:00', 'cancelled', ${CONTACT}),
    (1, 'installation', '2026-12-09', '08:00-10:00', '08:00', '10:00', 'completed', ${CONTACT}),
    (1, 'service', '2026-12-11', '15:30-17:30', '15:30', '17:30', 'planned', ${CONTACT})`);
  await database.db.execute(sql`insert into blocked_time_slots (date, start_time, end_time, reason, service_types) values
    ('2026-12-08', '07:00', '09:00', 'Utbildning', ARRAY['installation']),
    ('2026-12-09', '16:00', '18:00', 'Möte', ARRAY['service', 'hembesok'])`);
  // rules D25: a technician's visit and absence come with the technician, the absence for every service type.
  await database.db.execute(sql`insert into users (username, password, name, role) values ('anna', 'x', 'Anna', 'technician')`);
  await database.db
    .execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, assigned_technician_id, ${CONTACT_COLUMNS}) values
    (1, 'service', '2027-01-04', '08:00-10:00', '08:00', '10:00', 'confirmed', 1, ${CONTACT})`);
  await database.db.execute(sql`insert into blocked_time_slots (date, start_time, end_time, reason, service_types, technician_id) values
    ('2027-01-04', '10:00', '23:59', 'Tandläkare', '{}', 1)`);
});
afterAll(async () => {
  await database.close();
});

const sorted = <T extends { date: string; start: string }>(rows: T[]) => [...rows].sort((a, b) => (a.date + a.start).localeCompare(b.date + b.start));

describe("availability repository", () => {
  it("returns active bookings of every type (booked) and the blocked times of the asked type, as ISO dates and HH:MM times", async () => {
    expect(sorted(await repo.takenRanges("2026-12-07", "2026-12-10", "installation"))).toEqual([
      { date: "2026-12-07", start: "10:00", end: "12:00", booked: true, technicianId: null },
      { date: "2026-12-07", start: "14:00", end: "14:30", booked: true, technicianId: null },
      { date: "2026-12-08", start: "07:00", end: "09:00", booked: false, technicianId: null },
      { date: "2026-12-09", start: "08:00", end: "10:00", booked: true, technicianId: null },
    ]);
    expect(sorted(await repo.takenRanges("2026-12-07", "2026-12-10", "hembesok"))).toEqual([
      { date: "2026-12-07", start: "10:00", end: "12:00", booked: true, technicianId: null },
      { date: "2026-12-07", start: "14:00", end: "14:30", booked: true, technicianId: null },
      { date: "2026-12-09", start: "08:00", end: "10:00", booked: true, technicianId: null },
      { date: "2026-12-09", start: "16:00", end: "18:00", booked: false, technicianId: null },
    ]);
  });

  it("reads one day, both ends of the range included, and nothing outside it", async () => {
    expect(await repo.takenRanges("2026-12-11", "2026-12-11", "service")).toEqual([
      { date: "2026-12-11", start: "15:30", end: "17:30", booked: true, technicianId: null },
    ]);
    expect(await repo.takenRanges("2026-12-12", "2026-12-31", "service")).toEqual([]);
  });

  it("gives each visit its technician and each technician's absence, whatever the service type (rules D25)", async () => {
    for (const serviceType of ["service", "installation", "hembesok"]) {
      expect(sorted(await repo.takenRanges("2027-01-04", "2027-01-04", serviceType))).toEqual([
        { date: "2027-01-04", start: "08:00", end: "10:00", booked: true, technicianId: 1 },
        { date: "2027-01-04", start: "10:00", end: "23:59", booked: false, technicianId: 1 },
      ]);
    }
    expect(await repo.bookableTechnicians()).toEqual([{ id: 1, name: "Anna", workDays: null, workStart: null, workEnd: null }]);
  });

  it("answers the same when asked again (the statement is reused)", async () => {
    const first = sorted(await repo.takenRanges("2026-12-07", "2026-12-11", "service"));
    for (let i = 0; i < 6; i++) expect(sorted(await repo.takenRanges("2026-12-07", "2026-12-11", "service"))).toEqual(first);
  });

  // Prepared statements are a pg-driver path: registered in the PostgreSQL suite, which CI always runs.
  if (process.env.TEST_DATABASE_URL)
    it("runs as a prepared statement on PostgreSQL", async () => {
      await repo.takenRanges("2026-12-07", "2026-12-07", "service");
      // The pool hands out the connection released last, i.e. the one that just ran the query.
      const result = (await database.db.execute(sql`select name from pg_prepared_statements`)) as unknown as { rows: { name: string }[] };
      expect(result.rows.map((r) => r.name)).toContain("availability_taken_ranges");
    });

  it("is the query bench/availability-mix.mjs explains", () => {
    const bench = readFileSync(resolve(import.meta.dirname, "../../../../bench/availability-mix.mjs"), "utf8");
    expect(bench.match(/export const TAKEN_RANGES_SQL = `([^`]*)`/)?.[1]).toBe(TAKEN_RANGES_SQL);
  });
});
