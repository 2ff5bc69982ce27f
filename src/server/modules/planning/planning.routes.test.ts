import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Route optimisation and technician planning (issue 13; SPEC §7 GET /api/bookings, /api/cities,
// /api/technicians): staff read, admins assign; the assignment shows in the technician's portal and
// calendar feed; coordinates for drive estimates.

let database: Database;
let app: FastifyInstance;
let admin: string;
let technician: string;
let anna: number;
let bo: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen" });
  anna = (await createUser(database, { username: "anna", password: "Tekniker1234", role: "technician", name: "Anna Tekniker" })).id;
  bo = (await createUser(database, { username: "bo", password: "Tekniker1234", role: "technician", name: "Bo Tekniker" })).id;
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  technician = await loginAs(app, "anna", "Tekniker1234");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const send = (method: "GET" | "PUT", url: string, payload?: unknown, cookie: string | null = admin) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });

let customerCount = 0;
/** A visit booked by the admin on `date` at `timeSlot` in `city`, set to `status`; returns its id. */
async function visit(date: string, timeSlot: string, city: string, postalCode: string, status = "confirmed"): Promise<number> {
  const res = await send("POST" as "PUT", "/api/admin/bookings", {
    customerInfo: { name: `Kund i ${city} ${timeSlot}`, email: `kund${++customerCount}@exempel.se`, phone: "070-111 22 33", address: "Gatan 1", city, postalCode },
    serviceType: "service",
    date,
    timeSlot,
    status,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

let uppsalaMorning: number;
let uppsalaNoon: number;
let stockholm: number;
let planned: number;

describe("GET /api/bookings, /api/cities, /api/technicians", () => {
  it("list a day's bookings with customer, place and technician; confirmed only when asked", async () => {
    uppsalaMorning = await visit("2026-12-07", "08:00-10:00", "Uppsala", "753 20");
    uppsalaNoon = await visit("2026-12-07", "12:00-14:00", "Uppsala", "753 31");
    stockholm = await visit("2026-12-07", "14:00-16:00", "Stockholm", "111 22");
    planned = await visit("2026-12-08", "08:00-10:00", "Enköping", "745 31", "planned");

    const day = await send("GET", "/api/bookings?from=2026-12-07&to=2026-12-07&status=confirmed");
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().map((b: { id: number }) => b.id)).toEqual([uppsalaMorning, uppsalaNoon, stockholm]);
    expect(day.json()[0]).toMatchObject({ date: "2026-12-07", timeSlot: "08:00-10:00", city: "Uppsala", postalCode: "753 20", coordinates: null, technicianId: null, technicianName: null });
    const week = await send("GET", "/api/bookings?from=2026-12-07&to=2026-12-13");
    expect(week.json().map((b: { id: number }) => b.id)).toEqual([uppsalaMorning, uppsalaNoon, stockholm, planned]);
    expect((await send("GET", "/api/bookings?from=2026-12-07&to=2026-12-13&city=uppsala")).json()).toHaveLength(2);
  });

  it("answer technicians too, and refuse anonymous callers, bad ranges and bad filters in Swedish", async () => {
    expect((await send("GET", "/api/bookings?from=2026-12-07&to=2026-12-07", undefined, technician)).statusCode).toBe(200);
    expect((await send("GET", "/api/bookings?from=2026-12-07&to=2026-12-07", undefined, null)).statusCode).toBe(401);
    const tooLong = await send("GET", "/api/bookings?from=2026-01-01&to=2026-12-31");
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe("Välj högst 62 dagar åt gången");
    expect((await send("GET", "/api/bookings?from=2026-12-07&to=2026-12-01")).json().message).toBe("Slutdatum kan inte vara före startdatum");
    expect((await send("GET", "/api/bookings?from=igår&to=2026-12-01")).json().message).toBe("Ange startdatum som ÅÅÅÅ-MM-DD");
    expect((await send("GET", "/api/bookings?from=2026-12-07&to=2026-12-07&status=okänd")).statusCode).toBe(400);
  });

  it("list the cities of visits and the technicians", async () => {
    expect((await send("GET", "/api/cities", undefined, technician)).json()).toEqual(["Enköping", "Stockholm", "Uppsala"]);
    expect((await send("GET", "/api/technicians", undefined, technician)).json()).toEqual([
      { id: anna, name: "Anna Tekniker", username: "anna" },
      { id: bo, name: "Bo Tekniker", username: "bo" },
    ]);
    expect((await send("GET", "/api/cities", undefined, null)).statusCode).toBe(401);
  });
});

describe("PUT /api/admin/bookings/:id/technician", () => {
  it("assigns a visit, which the technician then sees in their portal and calendar feed, and records it", async () => {
    const res = await send("PUT", `/api/admin/bookings/${uppsalaMorning}/technician`, { technicianId: anna });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: uppsalaMorning, technicianId: anna, technicianName: "Anna Tekniker" });

    const visits = await app.inject({ method: "GET", url: "/api/technician/bookings/upcoming", headers: { cookie: technician } });
    expect(visits.statusCode, visits.body).toBe(200);
    expect(JSON.stringify(visits.json())).toContain(`"id":${uppsalaMorning}`);
    const feed = (await send("GET", "/api/technician/calendar-feed", undefined, technician)).json() as { url: string };
    const ics = await app.inject({ method: "GET", url: new URL(feed.url).pathname });
    expect(ics.body).toContain(`Kund i Uppsala 08:00-10:00`);

    const [event] = await queryRows<{ kind: string; from_value: string | null; to_value: string }>(
      database,
      sql`select kind, from_value, to_value from booking_events where booking_id = ${uppsalaMorning} and kind = 'technician'`,
    );
    expect(event).toEqual({ kind: "technician", from_value: null, to_value: "Anna Tekniker" });
  });

  it("moves a visit to another technician and back to nobody", async () => {
    expect((await send("PUT", `/api/admin/bookings/${uppsalaMorning}/technician`, { technicianId: bo })).json()).toMatchObject({ technicianId: bo, technicianName: "Bo Tekniker" });
    expect((await send("GET", `/api/bookings?from=2026-12-07&to=2026-12-07&technicianId=${bo}`)).json().map((b: { id: number }) => b.id)).toEqual([uppsalaMorning]);
    expect((await send("PUT", `/api/admin/bookings/${uppsalaMorning}/technician`, { technicianId: null })).json()).toMatchObject({ technicianId: null });
  });

  it("refuses a user who is not a technician, an unknown or cancelled booking, and technicians", async () => {
    const [{ id: adminId }] = await queryRows<{ id: number }>(database, sql`select id from users where username = 'chef'`);
    const notTechnician = await send("PUT", `/api/admin/bookings/${uppsalaNoon}/technician`, { technicianId: adminId });
    expect(notTechnician.statusCode).toBe(422);
    expect(notTechnician.json().message).toBe("Användaren är inte tekniker");
    expect((await send("PUT", "/api/admin/bookings/999999/technician", { technicianId: anna })).json().message).toBe("Bokningen finns inte");
    await database.db.execute(sql`update bookings set status = 'cancelled' where id = ${planned}`);
    expect((await send("PUT", `/api/admin/bookings/${planned}/technician`, { technicianId: anna })).json().message).toBe("En avbokad bokning kan inte tilldelas");
    expect((await send("PUT", `/api/admin/bookings/${uppsalaNoon}/technician`, { technicianId: anna }, technician)).statusCode).toBe(403);
    expect((await send("PUT", `/api/admin/bookings/${uppsalaNoon}/technician`, { technicianId: "anna" })).statusCode).toBe(400);
  });

  it("gives a visit one technician when two admins assign it at the same moment", async () => {
    const results = await Promise.all([anna, bo, anna, bo, anna, bo].map((id) => send("PUT", `/api/admin/bookings/${stockholm}/technician`, { technicianId: id })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const [row] = await queryRows<{ assigned_technician_id: number }>(database, sql`select assigned_technician_id from bookings where id = ${stockholm}`);
    const events = await queryRows<{ to_value: string }>(database, sql`select to_value from booking_events where booking_id = ${stockholm} and kind = 'technician' order by id`);
    // Every recorded change ends with the technician the booking has.
    expect(events.at(-1)?.to_value).toBe(row.assigned_technician_id === anna ? "Anna Tekniker" : "Bo Tekniker");
  });
});

describe("PUT /api/customers/:id/coordinates", () => {
  it("stores where a customer lives, which the planning list then carries; refuses places outside Sweden", async () => {
    const [{ customer_id }] = await queryRows<{ customer_id: number }>(database, sql`select customer_id from bookings where id = ${uppsalaNoon}`);
    const set = await send("PUT", `/api/customers/${customer_id}/coordinates`, { coordinates: { lat: 59.8586, lng: 17.6389 } });
    expect(set.statusCode, set.body).toBe(200);
    const day = (await send("GET", "/api/bookings?from=2026-12-07&to=2026-12-07")).json() as { id: number; coordinates: unknown }[];
    expect(day.find((b) => b.id === uppsalaNoon)?.coordinates).toEqual({ lat: 59.8586, lng: 17.6389 });
    const abroad = await send("PUT", `/api/customers/${customer_id}/coordinates`, { coordinates: { lat: 48.85, lng: 2.35 } });
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().message).toBe("Latituden ligger utanför Sverige");
    expect((await send("PUT", "/api/customers/999999/coordinates", { coordinates: null })).statusCode).toBe(404);
    expect((await send("PUT", `/api/customers/${customer_id}/coordinates`, { coordinates: null }, technician)).statusCode).toBe(403);
  });
});
