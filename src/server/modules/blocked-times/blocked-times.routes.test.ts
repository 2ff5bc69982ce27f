import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Blocked times (rules §2, §4 filter, §5 rules, rules D4): what admins block disappears from the
// public wizard at once, for the service types blocked only, and bookings already there are named.

let database: Database;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW }); // today is Sunday 2026-11-22
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const URL = "/api/admin/blocked-time-slots";
type Block = { date: string; startTime: string; endTime: string; reason: string; serviceTypes: string[] };
const block = (overrides: Partial<Block> = {}): Block => ({
  date: "2026-12-07",
  startTime: "08:00",
  endTime: "17:00",
  reason: "Personalmöte",
  serviceTypes: ["service"],
  ...overrides,
});

const create = (payload: unknown) => app.inject({ method: "POST", url: URL, headers: { ...SAME_ORIGIN, cookie: admin }, payload: payload as object });
const update = (id: number, payload: unknown) =>
  app.inject({ method: "PATCH", url: `${URL}/${id}`, headers: { ...SAME_ORIGIN, cookie: admin }, payload: payload as object });
const remove = (id: number) => app.inject({ method: "DELETE", url: `${URL}/${id}`, headers: { ...SAME_ORIGIN, cookie: admin } });
const list = async (filter?: string) => (await app.inject({ method: "GET", url: filter ? `${URL}?filter=${filter}` : URL, headers: { cookie: admin } })).json();

/** The public wizard's view of a date: label → available. */
async function day(date: string, serviceType: string): Promise<Record<string, boolean>> {
  const res = await app.inject({ method: "GET", url: `/api/availability/day?date=${date}&serviceType=${serviceType}` });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json().slots.map((s: { label: string; available: boolean }) => [s.label, s.available]));
}
async function rangeDay(date: string, serviceType: string): Promise<boolean> {
  const res = await app.inject({ method: "GET", url: `/api/availability/range?from=2026-12-01&to=2026-12-31&serviceType=${serviceType}` });
  expect(res.statusCode).toBe(200);
  return res.json().dates.find((d: { date: string }) => d.date === date).available;
}

describe("create, edit, delete", () => {
  it("creates a blocked time (201), lists it, edits it and deletes it; a deleted one answers 404", async () => {
    const created = await create(
      block({ date: "2026-12-01", startTime: "09:00", endTime: "12:30", reason: "  Bilen på service  ", serviceTypes: ["service", "installation", "service"] }),
    );
    expect(created.statusCode).toBe(201);
    const { blockedTime, overlappingBookings } = created.json();
    expect(blockedTime).toMatchObject({
      date: "2026-12-01",
      startTime: "09:00",
      endTime: "12:30",
      reason: "Bilen på service",
      serviceTypes: ["service", "installation"],
    });
    expect(blockedTime.id).toBeTypeOf("number");
    expect(overlappingBookings).toEqual([]);
    expect(await list("all")).toContainEqual(blockedTime);

    const edited = await update(
      blockedTime.id,
      block({ date: "2026-12-02", startTime: "13:00", endTime: "15:00", reason: "Utbildning", serviceTypes: ["troubleshooting"] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().blockedTime).toEqual({
      ...blockedTime,
      date: "2026-12-02",
      startTime: "13:00",
      endTime: "15:00",
      reason: "Utbildning",
      serviceTypes: ["troubleshooting"],
    });
    expect((await list("all")).filter((b: { id: number }) => b.id === blockedTime.id)).toEqual([edited.json().blockedTime]);

    const deleted = await remove(blockedTime.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await list("all")).some((b: { id: number }) => b.id === blockedTime.id)).toBe(false);
    for (const res of [await remove(blockedTime.id), await update(blockedTime.id, block())]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Den blockerade tiden hittades inte." });
    }
  });

  it("is for admins only: a technician gets 403", async () => {
    const technician = await loginAs(app, "tekla", "Tekla1234");
    const res = await app.inject({ method: "POST", url: URL, headers: { ...SAME_ORIGIN, cookie: technician }, payload: block() });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
  });
});

describe("the list filter (rules §4)", () => {
  it("shows upcoming times by default (today included, soonest first), past ones latest first, or all", async () => {
    await database.db.execute(sql`delete from blocked_time_slots`);
    // Past blocked times cannot be made through the API; they are yesterday's and last month's.
    await database.db.execute(sql`insert into blocked_time_slots (date, start_time, end_time, reason, service_types) values
      ('2026-11-21', '08:00', '17:00', 'Igår', '{service}'), ('2026-10-30', '08:00', '12:00', 'Förra månaden', '{installation}')`);
    for (const b of [
      block({ date: "2026-12-24", reason: "Julafton" }),
      block({ date: "2026-11-22", startTime: "13:00", reason: "I dag" }),
      block({ date: "2026-12-01", reason: "December" }),
    ]) {
      expect((await create(b)).statusCode).toBe(201);
    }
    const reasons = (rows: { reason: string }[]) => rows.map((r) => r.reason);
    expect(reasons(await list())).toEqual(["I dag", "December", "Julafton"]);
    expect(reasons(await list("upcoming"))).toEqual(["I dag", "December", "Julafton"]);
    expect(reasons(await list("past"))).toEqual(["Igår", "Förra månaden"]);
    expect(reasons(await list("all")).sort()).toEqual(["December", "Förra månaden", "I dag", "Igår", "Julafton"]);
    const bad = await app.inject({ method: "GET", url: `${URL}?filter=imorgon`, headers: { cookie: admin } });
    expect(bad.statusCode).toBe(400);
  });
});

describe("validation (rules §5 blocked time)", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["no date", { date: undefined }, "Datum måste väljas"],
    ["an empty date", { date: "" }, "Datum måste väljas"],
    ["an impossible date", { date: "2026-02-30" }, "Datum måste väljas"],
    ["a start time without leading zero", { startTime: "8:00" }, "Ogiltig tid. Använd format HH:MM"],
    ["a start time of 24:00", { startTime: "24:00" }, "Ogiltig tid. Använd format HH:MM"],
    ["no end time", { endTime: undefined }, "Ogiltig tid. Använd format HH:MM"],
    ["an end time with seconds", { endTime: "17:00:00" }, "Ogiltig tid. Använd format HH:MM"],
    ["no reason", { reason: undefined }, "Ange en anledning"],
    ["a blank reason", { reason: "   " }, "Ange en anledning"],
    ["no service types", { serviceTypes: [] }, "Välj minst en tjänsttyp"],
    ["service types missing", { serviceTypes: undefined }, "Välj minst en tjänsttyp"],
    ["home visits, which are never blocked", { serviceTypes: ["hembesok"] }, "Välj minst en tjänsttyp"],
    ["an end before the start", { startTime: "14:00", endTime: "09:00" }, "Sluttiden måste vara efter starttiden"],
    ["an end equal to the start", { startTime: "14:00", endTime: "14:00" }, "Sluttiden måste vara efter starttiden"],
  ])("refuses %s with 400 and the Swedish message, on create and on edit", async (_, overrides, message) => {
    const payload = { ...block(), ...overrides };
    const created = await create(payload);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ message });
    const existing = (await create(block({ date: "2026-12-31" }))).json().blockedTime;
    const edited = await update(existing.id, payload);
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toEqual({ message });
    await remove(existing.id);
  });

  it("refuses a date in the past with 422, on create and on edit; today is allowed", async () => {
    const past = await create(block({ date: "2026-11-21" }));
    expect(past.statusCode).toBe(422);
    expect(past.json()).toEqual({ message: "Det går inte att blockera en dag som redan har passerat." });
    const today = await create(block({ date: "2026-11-22", reason: "Sjuk" }));
    expect(today.statusCode).toBe(201);
    const moved = await update(today.json().blockedTime.id, block({ date: "2026-11-01" }));
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toEqual({ message: "Det går inte att blockera en dag som redan har passerat." });
  });
});

describe("effect on public availability", () => {
  it("removes the blocked slots from the day and range views at once, only for the blocked service types", async () => {
    const date = "2026-12-14"; // a Monday: service offers five slots, home visits nine
    // Read first, so the shared answers are warm: the block must clear them.
    expect(Object.values(await day(date, "service")).every(Boolean)).toBe(true);
    expect(await rangeDay(date, "service")).toBe(true);
    expect(Object.values(await day(date, "hembesok")).every(Boolean)).toBe(true);

    const morning = await create(block({ date, startTime: "09:00", endTime: "11:00", reason: "Tandläkare", serviceTypes: ["service"] }));
    expect(morning.statusCode).toBe(201);
    expect(await day(date, "service")).toEqual({ "08:00-10:00": false, "10:00-12:00": false, "12:00-14:00": true, "14:00-16:00": true, "15:30-17:30": true });
    // Troubleshooting was not blocked; nor are home visits ever.
    expect(Object.values(await day(date, "troubleshooting")).every(Boolean)).toBe(true);
    expect(Object.values(await day(date, "hembesok")).every(Boolean)).toBe(true);

    const afternoon = await create(
      block({ date, startTime: "12:00", endTime: "17:30", reason: "Mässa", serviceTypes: ["service", "troubleshooting", "installation"] }),
    );
    expect(Object.values(await day(date, "service")).some(Boolean)).toBe(false);
    expect(await rangeDay(date, "service")).toBe(false);
    expect(await rangeDay(date, "troubleshooting")).toBe(true); // its morning is still open
    expect(Object.values(await day(date, "hembesok")).every(Boolean)).toBe(true);
    // The per-slot check and the booking itself agree.
    const check = await app.inject({ method: "GET", url: `/api/availability?date=${date}&timeSlot=12:00-14:00&serviceType=service` });
    expect(check.json()).toEqual({ available: false });
    const refused = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: bookingPayload({ date, timeSlot: "12:00-14:00", email: "blockerad@exempel.se" }),
    });
    expect(refused.statusCode).toBe(409);

    // Delete frees the slots again at once; editing moves the block.
    expect((await remove(afternoon.json().blockedTime.id)).statusCode).toBe(200);
    expect(await day(date, "service")).toEqual({ "08:00-10:00": false, "10:00-12:00": false, "12:00-14:00": true, "14:00-16:00": true, "15:30-17:30": true });
    expect(await rangeDay(date, "service")).toBe(true);
    const moved = await update(
      morning.json().blockedTime.id,
      block({ date, startTime: "14:00", endTime: "15:00", reason: "Tandläkare", serviceTypes: ["service"] }),
    );
    expect(moved.statusCode).toBe(200);
    expect(await day(date, "service")).toEqual({ "08:00-10:00": true, "10:00-12:00": true, "12:00-14:00": true, "14:00-16:00": false, "15:30-17:30": true });
    expect((await remove(morning.json().blockedTime.id)).statusCode).toBe(200);
    expect(Object.values(await day(date, "service")).every(Boolean)).toBe(true);
  });

  it("blocks a whole day for installation without touching service on the same day", async () => {
    const date = "2026-12-08"; // a Tuesday: installation 08-10 and 10-12, service 15:30-17:30
    expect(await rangeDay(date, "installation")).toBe(true);
    expect((await create(block({ date, startTime: "00:00", endTime: "23:59", reason: "Inventering", serviceTypes: ["installation"] }))).statusCode).toBe(201);
    expect(await day(date, "installation")).toEqual({ "08:00-10:00": false, "10:00-12:00": false });
    expect(await rangeDay(date, "installation")).toBe(false);
    expect(await day(date, "service")).toEqual({ "15:30-17:30": true });
  });

  it("keeps bookings already inside a new blocked time and names them to the admin", async () => {
    const date = "2026-12-21";
    const service = (
      await app.inject({
        method: "POST",
        url: "/api/bookings",
        payload: bookingPayload({ date, timeSlot: "10:00-12:00", email: "kvar@exempel.se", name: "Karl Kvar" }),
      })
    ).json();
    const home = (
      await app.inject({
        method: "POST",
        url: "/api/bookings",
        payload: bookingPayload({ serviceType: "hembesok", heatpumpModel: undefined, date, timeSlot: "13:00-13:30", email: "hem@exempel.se" }),
      })
    ).json();
    const cancelled = (
      await app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ date, timeSlot: "14:00-16:00", email: "avbokad@exempel.se" }) })
    ).json();
    await database.db.execute(sql`update bookings set status = 'cancelled' where id = ${cancelled.id}`);

    const res = await create(block({ date, startTime: "09:00", endTime: "16:00", reason: "Sjukdom", serviceTypes: ["service", "troubleshooting"] }));
    expect(res.statusCode).toBe(201);
    // The home visit is not affected by a block (never blocked), the cancelled booking is gone already.
    expect(res.json().overlappingBookings).toEqual([
      { id: service.id, date, timeSlot: "10:00-12:00", endTime: "12:00", serviceType: "service", status: "confirmed", customerName: "Karl Kvar" },
    ]);
    const rows = await queryRows<{ id: number; status: string }>(
      database,
      sql`select id, status from bookings where id in (${service.id}, ${home.id}) order by id`,
    );
    expect(rows).toEqual([
      { id: service.id, status: "confirmed" },
      { id: home.id, status: "confirmed" },
    ]);
    // Editing tells again which bookings the block now covers.
    const edited = await update(res.json().blockedTime.id, block({ date, startTime: "12:00", endTime: "13:00", reason: "Sjukdom", serviceTypes: ["service"] }));
    expect(edited.json().overlappingBookings).toEqual([]);
  });
});
