import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { addDays } from "@/common/booking-rules";
import { FIRST_SERVICE_MONDAY, NOW } from "../../test-support/booking-fixtures";
import { createTestDatabase, testConfig } from "../../test-support/test-app";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import type { FastifyInstance } from "fastify";

let database: Database;
let app: FastifyInstance;

// The contact details every booking keeps its own copy of.
const CONTACT_COLUMNS = sql.raw("contact_name, contact_email, contact_phone, address, postal_code, city");
const CONTACT = sql.raw("'Eva', 'eva@exempel.se', '070', 'Gatan 1', '17164', 'Solna'");

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW });
  await database.db.execute(
    sql`insert into customers (name, email, phone, address, city, postal_code) values ('Eva', 'eva@exempel.se', '070', 'Gatan 1', 'Solna', '17164')`,
  );
  // Booked: Monday 10:00-12:00. Blocked for installation: Tuesday 8 Dec morning. Cancelled bookings free their time.
  await database.db.execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, ${CONTACT_COLUMNS}) values
    (1, 'service', ${FIRST_SERVICE_MONDAY}, '10:00-12:00', '10:00', '12:00', 'confirmed', ${CONTACT}),
    (1, 'service', ${FIRST_SERVICE_MONDAY}, '12:00-14:00', '12:00', '14:00', 'cancelled', ${CONTACT})`);
  await database.db.execute(sql`insert into blocked_time_slots (date, start_time, end_time, reason, service_types) values
    ('2026-12-08', '07:00', '09:00', 'Utbildning', ARRAY['installation'])`);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = async (url: string) => {
  const res = await app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() };
};

describe("GET /api/availability", () => {
  it("answers available: true for a free slot the rules allow", async () => {
    expect(await get(`/api/availability?date=${FIRST_SERVICE_MONDAY}&timeSlot=08:00-10:00&serviceType=service`)).toEqual({
      status: 200,
      body: { available: true },
    });
  });

  it("answers false for a slot overlapping an active booking of any service type", async () => {
    expect((await get(`/api/availability?date=${FIRST_SERVICE_MONDAY}&timeSlot=10:00-12:00&serviceType=service`)).body.available).toBe(false);
    expect((await get(`/api/availability?date=${FIRST_SERVICE_MONDAY}&timeSlot=10:00-12:00&serviceType=troubleshooting`)).body.available).toBe(false);
  });

  it("frees the time of a cancelled booking", async () => {
    expect((await get(`/api/availability?date=${FIRST_SERVICE_MONDAY}&timeSlot=12:00-14:00&serviceType=service`)).body.available).toBe(true);
  });

  it("answers false inside a blocked time for that service type only", async () => {
    expect((await get(`/api/availability?date=2026-12-08&timeSlot=08:00-10:00&serviceType=installation`)).body.available).toBe(false);
    expect((await get(`/api/availability?date=2026-12-08&timeSlot=10:00-12:00&serviceType=installation`)).body.available).toBe(true);
  });

  it("answers false for rule breaks: too soon, Sunday, wrong weekday, a slot not offered, past the horizon", async () => {
    const no = async (q: string) => expect((await get(`/api/availability?${q}`)).body.available).toBe(false);
    await no("date=2026-12-04&timeSlot=15:30-17:30&serviceType=service"); // 12 days ahead
    await no("date=2026-12-13&timeSlot=12:00-14:00&serviceType=service"); // Sunday
    await no("date=2026-12-07&timeSlot=08:00-10:00&serviceType=installation"); // Monday
    await no("date=2026-12-08&timeSlot=08:00-10:00&serviceType=service"); // Tuesday morning
    await no("date=2027-02-05&timeSlot=15:30-17:30&serviceType=service"); // 75 days ahead
    expect((await get(`/api/availability?date=2027-02-04&timeSlot=15:30-17:30&serviceType=service`)).body.available).toBe(true); // 74 days
  });

  it("answers 400 with a Swedish message for a malformed query", async () => {
    const res = await get(`/api/availability?date=2026-13-40&timeSlot=08:00-10:00&serviceType=service`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Välj ett datum" });
    expect((await get(`/api/availability?date=2026-12-07&timeSlot=8-10&serviceType=service`)).body).toEqual({ message: "Välj en tid" });
    expect((await get(`/api/availability?date=2026-12-07&timeSlot=08:00-10:00&serviceType=sauna`)).body).toEqual({ message: "Välj en tjänst" });
  });
});

describe("GET /api/availability/day", () => {
  it("returns every slot of the day with its availability in one request", async () => {
    const res = await get(`/api/availability/day?date=${FIRST_SERVICE_MONDAY}&serviceType=service`);
    expect(res.status).toBe(200);
    expect(res.body.slots.map((s: { label: string; available: boolean }) => [s.label, s.available])).toEqual([
      ["08:00-10:00", true],
      ["10:00-12:00", false],
      ["12:00-14:00", true],
      ["14:00-16:00", true],
      ["15:30-17:30", true],
    ]);
  });

  it("returns no slots for a date that cannot be booked", async () => {
    expect((await get(`/api/availability/day?date=2026-12-13&serviceType=service`)).body).toEqual({ date: "2026-12-13", slots: [] });
  });
});

describe("GET /api/availability/range", () => {
  it("tells which dates of a month have a free slot", async () => {
    const res = await get(`/api/availability/range?from=2026-12-01&to=2026-12-31&serviceType=installation`);
    expect(res.status).toBe(200);
    expect(res.body.dates).toHaveLength(31);
    const available = res.body.dates.filter((d: { available: boolean }) => d.available).map((d: { date: string }) => d.date);
    expect(available[0]).toBe("2026-12-08"); // Tuesday, 16 days ahead; 10:00-12:00 is still free
    expect(available).not.toContain("2026-12-07"); // Monday: no installations
    expect(available).not.toContain("2026-12-13"); // Sunday
  });

  it("marks a fully booked date unavailable", async () => {
    await database.db.execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, ${CONTACT_COLUMNS}) values
      (1, 'installation', '2026-12-09', '08:00-10:00', '08:00', '10:00', 'planned', ${CONTACT}),
      (1, 'installation', '2026-12-09', '10:00-12:00', '10:00', '12:00', 'planned', ${CONTACT})`);
    const res = await get(`/api/availability/range?from=2026-12-09&to=2026-12-10&serviceType=installation`);
    expect(res.body.dates).toEqual([
      { date: "2026-12-09", available: false },
      { date: "2026-12-10", available: true },
    ]);
  });

  it("refuses a reversed or too long range", async () => {
    expect((await get(`/api/availability/range?from=2026-12-10&to=2026-12-01&serviceType=service`)).status).toBe(400);
    expect((await get(`/api/availability/range?from=2026-01-01&to=2026-12-31&serviceType=service`)).status).toBe(400);
  });
});

describe("AVAILABILITY_CACHE_MS (config.availabilityCacheMs)", () => {
  it("shares a day's answer for that long, and not at all with 0: a booking another instance wrote shows at once only then", async () => {
    const date = addDays(FIRST_SERVICE_MONDAY, 7);
    const sharing = await buildApp(testConfig({ availabilityCacheMs: 60_000 }), { database, now: () => NOW });
    const unshared = await buildApp(testConfig({ availabilityCacheMs: 0 }), { database, now: () => NOW });
    try {
      const afternoonFree = async (one: FastifyInstance) =>
        (await one.inject({ method: "GET", url: `/api/availability/day?date=${date}&serviceType=service` }))
          .json()
          .slots.find((s: { label: string }) => s.label === "14:00-16:00").available as boolean;
      expect([await afternoonFree(sharing), await afternoonFree(unshared)]).toEqual([true, true]);
      // Written beside these apps (as another instance would): a booking through them would clear their shared answers.
      await database.db.execute(sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, ${CONTACT_COLUMNS}) values
        (1, 'service', ${date}, '14:00-16:00', '14:00', '16:00', 'confirmed', ${CONTACT})`);
      expect([await afternoonFree(sharing), await afternoonFree(unshared)]).toEqual([true, false]);
    } finally {
      await sharing.close();
      await unshared.close();
    }
  });
});
