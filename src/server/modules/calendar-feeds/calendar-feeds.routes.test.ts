import ICAL from "ical.js";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Secret calendar feeds (issue 11, rules D12): the company's and each technician's bookings as an
// iCalendar feed that calendar apps subscribe to, read back here with a maintained parser (ical.js);
// Stockholm times right on both sides of the DST changes; a new token revokes the old URL.

let database: Database;
let app: FastifyInstance;
let admin: string;
let tekla: { id: number; cookie: string };
let oskar: { id: number; cookie: string };

const CONTACT_COLUMNS = sql.raw("contact_name, contact_email, contact_phone, address, postal_code, city");

async function insertBooking(input: { date: string; slot: string; status?: string; technicianId?: number | null; name: string; serviceType?: string }) {
  const [start, end] = input.slot.split("-");
  const [row] = await queryRows<{ id: number }>(
    database,
    sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, assigned_technician_id, description, ${CONTACT_COLUMNS})
        values (1, ${input.serviceType ?? "service"}, ${input.date}, ${input.slot}, ${start}, ${end}, ${input.status ?? "confirmed"}, ${input.technicianId ?? null}, 'Årlig service', ${input.name}, 'kund@exempel.se', '070-123 45 67', 'Storgatan 1', '753 20', 'Uppsala') returning id`,
  );
  return row.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen" });
  const t = await createUser(database, { username: "tekla", password: "Tekla12345", role: "technician", name: "Tekla Tekniker" });
  const o = await createUser(database, { username: "oskar", password: "Oskar12345", role: "technician", name: "Oskar Tekniker" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  tekla = { id: t.id, cookie: await loginAs(app, "tekla", "Tekla12345") };
  oskar = { id: o.id, cookie: await loginAs(app, "oskar", "Oskar12345") };
  await database.db.execute(
    sql`insert into customers (name, email, phone, address, city, postal_code) values ('Kund', 'kund@exempel.se', '070', 'Storgatan 1', 'Uppsala', '753 20')`,
  );
  // Around the DST changes: summer time ended 25 October 2026 and starts 28 March 2027.
  await insertBooking({ date: "2026-10-23", slot: "08:00-10:00", name: "Före vintertid", technicianId: t.id, status: "completed" });
  await insertBooking({ date: "2026-10-26", slot: "08:00-10:00", name: "Efter vintertid", technicianId: t.id });
  await insertBooking({ date: "2027-03-26", slot: "08:00-10:00", name: "Före sommartid", technicianId: o.id });
  await insertBooking({ date: "2027-03-29", slot: "15:30-17:30", name: "Efter sommartid", technicianId: null, status: "planned" });
  await insertBooking({ date: "2026-12-07", slot: "10:00-12:00", name: "Avbokad kund", technicianId: t.id, status: "cancelled" });
  await insertBooking({ date: "2026-08-01", slot: "10:00-12:00", name: "För länge sedan", technicianId: t.id, status: "completed" });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const pathOf = (url: string) => new URL(url).pathname;

type Feed = { id: number; owner: { type: string; id?: number; name?: string }; url: string };
async function feeds(): Promise<Feed[]> {
  const res = await get("/api/admin/calendar-feeds", admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const companyFeed = async () => (await feeds()).find((f) => f.owner.type === "company")!;
const feedOf = async (id: number) => (await feeds()).find((f) => f.owner.id === id)!;

/** The feed's events as a calendar app reads them: summary and UTC start/end. */
async function events(url: string) {
  const res = await get(pathOf(url));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  return {
    name: calendar.getFirstPropertyValue("x-wr-calname"),
    refresh: [calendar.getFirstPropertyValue("refresh-interval")?.toString(), calendar.getFirstPropertyValue("x-published-ttl")],
    events: calendar.getAllSubcomponents("vevent").map((v) => {
      const event = new ICAL.Event(v);
      return {
        summary: event.summary,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        uid: event.uid,
        location: event.location,
        description: event.description,
      };
    }),
  };
}

describe("GET /api/admin/calendar-feeds", () => {
  it("lists the company's feed and one per technician, with secret 256-bit URLs, the same on every call", async () => {
    const first = await feeds();
    expect(first.map((f) => f.owner)).toEqual([
      { type: "company" },
      { type: "technician", id: oskar.id, name: "Oskar Tekniker" },
      { type: "technician", id: tekla.id, name: "Tekla Tekniker" },
    ]);
    for (const feed of first) expect(feed.url).toMatch(/^http:\/\/app\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(new Set(first.map((f) => f.url)).size).toBe(3);
    expect(await feeds()).toEqual(first);
    // Two instances listing at once create no second feed for anyone.
    const other = await buildApp(testConfig(), { database });
    try {
      const otherAdmin = await loginAs(other, "chef", "Chef12345", "admin");
      await Promise.all([feeds(), other.inject({ method: "GET", url: "/api/admin/calendar-feeds", headers: { cookie: otherAdmin } })]);
    } finally {
      await other.close();
    }
    expect(await queryRows(database, sql`select id from calendar_feeds`)).toHaveLength(3);
  });

  it("is for admins only; a technician reads their own feed's URL", async () => {
    expect((await get("/api/admin/calendar-feeds", tekla.cookie)).statusCode).toBe(403);
    expect((await get("/api/admin/calendar-feeds")).statusCode).toBe(401);
    const own = await get("/api/technician/calendar-feed", tekla.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().url).toBe((await feedOf(tekla.id)).url);
    expect((await get("/api/technician/calendar-feed")).statusCode).toBe(401);
  });
});

describe("GET /api/calendar/:token.ics", () => {
  it("gives the company every active booking from 60 days back, at the right instants across both DST changes", async () => {
    const feed = await events((await companyFeed()).url);
    expect(feed.name).toBe("Värmepumpsservice – alla bokningar");
    const byName = Object.fromEntries(feed.events.map((e) => [e.summary, e]));
    expect(Object.keys(byName).sort()).toEqual(["Service: Efter sommartid", "Service: Efter vintertid", "Service: Före sommartid", "Service: Före vintertid"]);
    // 08:00 in Stockholm is 06:00 UTC in summer time and 07:00 UTC in winter time.
    expect(byName["Service: Före vintertid"]).toMatchObject({ start: "2026-10-23T06:00:00.000Z", end: "2026-10-23T08:00:00.000Z" });
    expect(byName["Service: Efter vintertid"]).toMatchObject({ start: "2026-10-26T07:00:00.000Z", end: "2026-10-26T09:00:00.000Z" });
    expect(byName["Service: Före sommartid"]).toMatchObject({ start: "2027-03-26T07:00:00.000Z" });
    expect(byName["Service: Efter sommartid"]).toMatchObject({ start: "2027-03-29T13:30:00.000Z", end: "2027-03-29T15:30:00.000Z" });
    expect(byName["Service: Före vintertid"].location).toBe("Storgatan 1, 753 20 Uppsala");
    expect(byName["Service: Före vintertid"].uid).toMatch(/^staff-booking-\d+@varmepumpsservice\.se$/);
    // What the technician needs on site: the phone, the customer's description and the booking's page.
    const id = byName["Service: Före vintertid"].uid.match(/\d+/)![0];
    expect(byName["Service: Före vintertid"].description).toContain("tel 070-123 45 67");
    expect(byName["Service: Före vintertid"].description).toContain("Beskrivning: Årlig service");
    expect(byName["Service: Före vintertid"].description).toContain(`http://app.test/admin/bookings/${id}`);
    // Calendar apps are asked to poll every 15 minutes.
    expect(feed.refresh).toEqual(["PT15M", "PT15M"]);
  });

  it("gives a technician only the visits assigned to them", async () => {
    const tekla_ = await events((await feedOf(tekla.id)).url);
    expect(tekla_.name).toBe("Värmepumpsservice – Tekla Tekniker");
    expect(tekla_.events.map((e) => e.summary).sort()).toEqual(["Service: Efter vintertid", "Service: Före vintertid"]);
    const oskar_ = await events((await feedOf(oskar.id)).url);
    expect(oskar_.events.map((e) => e.summary)).toEqual(["Service: Före sommartid"]);
  });

  it("follows the bookings: a newly assigned visit appears, a cancelled one goes", async () => {
    const id = await insertBooking({ date: "2026-12-14", slot: "08:00-10:00", name: "Ny för Oskar", technicianId: oskar.id });
    expect((await events((await feedOf(oskar.id)).url)).events.map((e) => e.summary)).toContain("Service: Ny för Oskar");
    await database.db.execute(sql`update bookings set status = 'cancelled' where id = ${id}`);
    expect((await events((await feedOf(oskar.id)).url)).events.map((e) => e.summary)).not.toContain("Service: Ny för Oskar");
  });

  it("answers 404 in Swedish for a made-up, altered or malformed token, and never lists anything", async () => {
    const token = pathOf((await companyFeed()).url)
      .split("/")
      .pop()!
      .replace(".ics", "");
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const wrong of [
      altered,
      "A".repeat(43),
      "kort",
      `${token}x`,
      "..%2F..%2Fetc",
      token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(),
    ]) {
      const res = await get(`/api/calendar/${wrong}.ics`);
      expect(res.statusCode, wrong).toBe(404);
      expect(res.json().message).toMatch(/Kalenderflödet finns inte|hittades inte/);
    }
  });

  it("stops answering the old URL once the feed is regenerated; the new URL works", async () => {
    const before = await feedOf(tekla.id);
    const res = await app.inject({ method: "POST", url: `/api/admin/calendar-feeds/${before.id}/regenerate`, headers: { ...SAME_ORIGIN, cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).not.toBe(before.url);
    expect(res.json().owner).toEqual({ type: "technician", id: tekla.id, name: "Tekla Tekniker" });
    expect((await get(pathOf(before.url))).statusCode).toBe(404);
    expect((await events(res.json().url)).events).toHaveLength(2);
    expect((await feedOf(tekla.id)).url).toBe(res.json().url);
    // Only admins regenerate.
    const byTechnician = await app.inject({
      method: "POST",
      url: `/api/admin/calendar-feeds/${before.id}/regenerate`,
      headers: { ...SAME_ORIGIN, cookie: tekla.cookie },
    });
    expect(byTechnician.statusCode).toBe(403);
    const missing = await app.inject({ method: "POST", url: "/api/admin/calendar-feeds/99999/regenerate", headers: { ...SAME_ORIGIN, cookie: admin } });
    expect(missing.statusCode).toBe(404);
  });

  it("ends a deleted technician's feed with their account", async () => {
    const gone = await createUser(database, { username: "slutar", password: "Slutar12345", role: "technician", name: "Slutar Snart" });
    const feed = await feedOf(gone.id);
    expect((await get(pathOf(feed.url))).statusCode).toBe(200);
    const res = await app.inject({ method: "DELETE", url: `/api/admin/users/${gone.id}`, headers: { ...SAME_ORIGIN, cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect((await get(pathOf(feed.url))).statusCode).toBe(404);
  });
});
