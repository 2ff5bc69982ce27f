import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { slotsOverlap, storedRange } from "@/common/booking-rules";
import { DEFAULT_SYSTEM_SETTINGS } from "@/common/schemas/settings";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// rules D24: an installation takes the rest of its day. Installations take 6-16 hours, so one
// booked at 08:00-10:00 or 10:00-12:00 holds the company's calendar until the working day ends
// (settings, §9 default 17:00), on every path that books, moves or brings back a visit, in the
// availability answers, the exclusion constraint, the .ics and the feeds. The clock is fixed: now
// is Sunday 22 November 2026, 11:00 in Stockholm; installations are bookable from 8 December.

const TAKEN = "Den valda tiden är inte längre tillgänglig. Välj en annan tid.";

let database: Database;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // Settings read afresh on every use: a read inside a transaction would hang the embedded database.
  app = await buildApp(testConfig(), { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

// --- Helpers ----------------------------------------------------------------------------------------

let emails = 0;
/** A customer's booking through the public wizard's endpoint; each with an e-mail of its own. */
const book = (overrides: Parameters<typeof bookingPayload>[0]) =>
  app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ email: `kund${++emails}@exempel.se`, ...overrides }) });
async function booked(overrides: Parameters<typeof bookingPayload>[0]): Promise<{ id: number; token: string }> {
  const res = await book(overrides);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, token: res.json().manageUrl.split("/").pop() };
}
const installation = (date: string, timeSlot = "08:00-10:00") => ({ serviceType: "installation" as const, date, timeSlot });
const service = (date: string, timeSlot = "15:30-17:30") => ({ serviceType: "service" as const, date, timeSlot });

const get = (url: string) => app.inject({ method: "GET", url, headers: { cookie: admin } });
const send = (method: "POST" | "PATCH" | "PUT", url: string, payload: object) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: admin }, payload });
const phoneCustomer = {
  name: "Gunnar Telefon",
  email: "gunnar@exempel.se",
  phone: "070-222 33 44",
  address: "Telefonvägen 8",
  city: "Enköping",
  postalCode: "745 31",
};
const adminCreate = (serviceType: string, date: string, timeSlot: string) =>
  send("POST", "/api/admin/bookings", { customerInfo: phoneCustomer, serviceType, date, timeSlot, description: "Ringde in.", heatpumpModel: "Nibe F2040" });

/** The wizard's answer for a day: label → available. */
const dayView = async (date: string, serviceType: string) =>
  Object.fromEntries(
    (await app.inject({ method: "GET", url: `/api/availability/day?date=${date}&serviceType=${serviceType}` }))
      .json()
      .slots.map((s: { label: string; available: boolean }) => [s.label, s.available]),
  );
const slotAnswer = async (date: string, serviceType: string, timeSlot: string) =>
  (await app.inject({ method: "GET", url: `/api/availability?date=${date}&serviceType=${serviceType}&timeSlot=${timeSlot}` })).json().available;
const rangeView = async (from: string, to: string, serviceType: string) =>
  Object.fromEntries(
    (await app.inject({ method: "GET", url: `/api/availability/range?from=${from}&to=${to}&serviceType=${serviceType}` }))
      .json()
      .dates.map((d: { date: string; available: boolean }) => [d.date, d.available]),
  );
/** The stored range of a booking, 'HH:MM-HH:MM'. */
async function stored(id: number): Promise<string> {
  const [row] = await queryRows<{ start_time: string; end_time: string }>(
    database,
    sql`select start_time::text, end_time::text from bookings where id = ${id}`,
  );
  const range = storedRange({ startTime: row.start_time, endTime: row.end_time });
  return `${range.start}-${range.end}`;
}
async function saveSettings(changes: Partial<typeof DEFAULT_SYSTEM_SETTINGS>) {
  const res = await send("PUT", "/api/admin/settings", { ...DEFAULT_SYSTEM_SETTINGS, ...changes });
  expect(res.statusCode, res.body).toBe(200);
}

// --- Booking ------------------------------------------------------------------------------------------

describe("an installation at 08:00 blocks the rest of its day", () => {
  const day = "2026-12-08"; // a Tuesday: services only at 15:30-17:30
  let id: number;

  beforeAll(async () => {
    expect(await dayView(day, "service")).toEqual({ "15:30-17:30": true });
    id = (await booked(installation(day))).id;
  });

  it("is stored from its start to the end of the working day, and shows the start window to the customer", async () => {
    expect(await stored(id)).toBe("08:00-17:00");
    const detail = (await get(`/api/admin/bookings/${id}`)).json();
    expect(detail.booking).toMatchObject({ timeSlot: "08:00-10:00", endTime: "17:00" });
    const listed = (await get(`/api/admin/bookings?search=${day}`)).json().items;
    expect(listed).toEqual([expect.objectContaining({ id, timeSlot: "08:00-10:00", endTime: "17:00" })]);
  });

  it("answers the wizard that no later time of the day is free, for any service", async () => {
    expect(await dayView(day, "service")).toEqual({ "15:30-17:30": false });
    expect(await dayView(day, "troubleshooting")).toEqual({ "15:30-17:30": false });
    expect(await dayView(day, "installation")).toEqual({ "08:00-10:00": false, "10:00-12:00": false });
    expect(await dayView(day, "hembesok")).toEqual(Object.fromEntries(Object.keys(await dayView(day, "hembesok")).map((label) => [label, false])));
    expect(await slotAnswer(day, "service", "15:30-17:30")).toBe(false);
    expect((await rangeView(day, day, "service"))[day]).toBe(false);
  });

  it("refuses a service at 15:30 that is forced through the API (409), and an admin's phone booking after it", async () => {
    const res = await book(service(day));
    expect(res.statusCode).toBe(409);
    for (const slot of ["10:00-12:00", "14:00-16:00", "16:00-18:00"]) {
      const phone = await adminCreate("service", day, slot);
      expect(phone.statusCode, slot).toBe(409);
      expect(phone.json()).toEqual({ message: TAKEN });
    }
  });

  it("writes an .ics that ends when the working day does, for the customer and in the company's feed", async () => {
    const [link] = await queryRows<{ token: string }>(database, sql`select token from shared_booking_links where booking_id = ${id}`);
    const ics = await app.inject({ method: "GET", url: `/api/booking-links/${link.token}/calendar.ics` });
    expect(ics.body).toContain("DTSTART:20261208T070000Z"); // 08:00 Stockholm in winter
    expect(ics.body).toContain("DTEND:20261208T160000Z"); // 17:00
    const feeds = (await get("/api/admin/calendar-feeds")).json() as { owner: { type: string }; url: string }[];
    const company = feeds.find((f) => f.owner.type === "company")!;
    const feed = await app.inject({ method: "GET", url: new URL(company.url).pathname });
    const event = feed.body.split("BEGIN:VEVENT").find((e) => e.includes(`UID:staff-booking-${id}@`))!;
    expect(event).toContain("DTSTART:20261208T070000Z");
    expect(event).toContain("DTEND:20261208T160000Z");
  });

  it("is named to the admin who blocks a later hour of its day", async () => {
    const block = await send("POST", "/api/admin/blocked-time-slots", {
      date: day,
      startTime: "14:00",
      endTime: "16:00",
      reason: "Kurs",
      serviceTypes: ["installation"],
    });
    expect(block.statusCode, block.body).toBe(201);
    expect(block.json().overlappingBookings).toEqual([expect.objectContaining({ id, timeSlot: "08:00-10:00", endTime: "17:00", serviceType: "installation" })]);
  });
});

describe("an installation is not bookable on a day with a visit after its start", () => {
  it("is unavailable on a day with a service at 15:30, and refused when forced", async () => {
    const day = "2026-12-09"; // Wednesday
    await booked(service(day));
    expect(await dayView(day, "installation")).toEqual({ "08:00-10:00": false, "10:00-12:00": false });
    expect((await rangeView("2026-12-08", "2026-12-10", "installation"))[day]).toBe(false);
    expect(await slotAnswer(day, "installation", "08:00-10:00")).toBe(false);
    expect((await book(installation(day))).statusCode).toBe(409);
    const phone = await adminCreate("installation", day, "09:00-11:00");
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toEqual({ message: TAKEN });
  });

  it("is available after a visit that ends before its start", async () => {
    const day = "2026-12-10"; // Thursday
    expect((await adminCreate("service", day, "08:00-10:00")).statusCode).toBe(201);
    expect(await dayView(day, "installation")).toEqual({ "08:00-10:00": false, "10:00-12:00": true });
    expect((await rangeView(day, day, "installation"))[day]).toBe(true);
    const { id } = await booked(installation(day, "10:00-12:00"));
    expect(await stored(id)).toBe("10:00-17:00");
  });

  it("is unavailable when a blocked time for installations lies later in its day", async () => {
    const day = "2026-12-23"; // Wednesday
    const block = await send("POST", "/api/admin/blocked-time-slots", {
      date: day,
      startTime: "14:00",
      endTime: "16:00",
      reason: "Kurs",
      serviceTypes: ["installation"],
    });
    expect(block.statusCode, block.body).toBe(201);
    expect(await dayView(day, "installation")).toEqual({ "08:00-10:00": false, "10:00-12:00": false });
    expect((await book(installation(day))).statusCode).toBe(409);
    expect((await adminCreate("installation", day, "10:00-12:00")).statusCode).toBe(409);
    expect(await dayView(day, "service")).toEqual({ "15:30-17:30": true }); // the block is for installations only
  });

  it("leaves the Wednesday evening home visits, after the working day, bookable", async () => {
    const day = "2026-12-16"; // Wednesday
    await booked(installation(day));
    const homeVisits = await dayView(day, "hembesok");
    expect(homeVisits["17:00-17:30"]).toBe(true);
    expect(homeVisits["17:30-18:00"]).toBe(true);
    expect(
      Object.entries(homeVisits)
        .filter(([label]) => label < "17:00")
        .every(([, available]) => available === false),
    ).toBe(true);
  });
});

describe("parallel bookings of one day", () => {
  it("never stores two overlapping visits when 20 customers book installations and services at once", async () => {
    const day = "2026-12-12"; // Saturday: installations 08:00 and 10:00, services 12:00 and 14:00
    const wanted = [
      ...Array.from({ length: 5 }, () => installation(day, "08:00-10:00")),
      ...Array.from({ length: 5 }, () => installation(day, "10:00-12:00")),
      ...Array.from({ length: 3 }, () => service(day, "12:00-14:00")),
      ...Array.from({ length: 3 }, () => service(day, "14:00-16:00")),
      ...Array.from({ length: 2 }, () => ({ serviceType: "troubleshooting" as const, date: day, timeSlot: "12:00-14:00" })),
      ...Array.from({ length: 2 }, () => ({ serviceType: "troubleshooting" as const, date: day, timeSlot: "14:00-16:00" })),
    ];
    const answers = await Promise.all(wanted.map((w) => book(w)));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const rows = await queryRows<{ service_type: string; start_time: string; end_time: string }>(
      database,
      sql`select service_type, start_time::text, end_time::text from bookings where date = ${day} and status <> 'cancelled'`,
    );
    expect(rows.length).toBe(answers.filter((a) => a.statusCode === 201).length);
    expect(rows.length).toBeGreaterThan(0);
    const ranges = rows.map((r) => ({ type: r.service_type, ...storedRange({ startTime: r.start_time, endTime: r.end_time }) }));
    for (const r of ranges.filter((r) => r.type === "installation")) expect(r.end).toBe("17:00");
    for (const [i, a] of ranges.entries())
      for (const b of ranges.slice(i + 1)) expect(slotsOverlap(a, b), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(false);
  });
});

describe("the working day of the settings", () => {
  it("decides how long new installations hold; stored ones keep their range", async () => {
    await saveSettings({ workdayEnd: "15:30" });
    try {
      const day = "2026-12-11"; // Friday
      const { id } = await booked(installation(day));
      expect(await stored(id)).toBe("08:00-15:30");
      expect(await dayView(day, "service")).toEqual({ "15:30-17:30": true });
      await booked(service(day));
      const [earlier] = await queryRows<{ id: number }>(database, sql`select id from bookings where date = '2026-12-08' and service_type = 'installation'`);
      expect(await stored(earlier.id)).toBe("08:00-17:00");
    } finally {
      await saveSettings({});
    }
  });
});

// --- Moves and reactivation ------------------------------------------------------------------------------

describe("moving and bringing back visits", () => {
  it("a customer's move takes an installation's whole new day, and no visit moves in after it", async () => {
    const moving = await booked(installation("2026-12-17"));
    const moved = await app.inject({
      method: "POST",
      url: `/api/booking-links/${moving.token}/reschedule`,
      payload: { date: "2026-12-15", timeSlot: "08:00-10:00" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(moving.id)).toBe("08:00-17:00");
    expect(await dayView("2026-12-17", "service")).toEqual({ "15:30-17:30": true }); // the old day is free again

    const other = await booked(service("2026-12-18"));
    const into = await app.inject({
      method: "POST",
      url: `/api/booking-links/${other.token}/reschedule`,
      payload: { date: "2026-12-15", timeSlot: "15:30-17:30" },
    });
    expect(into.statusCode).toBe(409);
  });

  it("an admin's reschedule takes an installation's whole new day, and no visit is moved in after it", async () => {
    const { id } = await booked(installation("2026-12-29"));
    const res = await send("PATCH", `/api/admin/bookings/${id}`, { date: "2026-12-19", timeSlot: "10:00-12:00" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ date: "2026-12-19", timeSlot: "10:00-12:00", endTime: "17:00" });
    expect(await stored(id)).toBe("10:00-17:00");
    expect(await dayView("2026-12-19", "service")).toEqual({ "12:00-14:00": false, "14:00-16:00": false });

    const serviceVisit = await booked(service("2026-12-30"));
    const into = await send("PATCH", `/api/admin/bookings/${serviceVisit.id}`, { date: "2026-12-19", timeSlot: "14:00-16:00" });
    expect(into.statusCode).toBe(409);
  });

  it("brings back a cancelled installation only when the rest of its day is still free", async () => {
    const [row] = await queryRows<{ id: number }>(database, sql`select id from bookings where date = '2026-12-19' and service_type = 'installation'`);
    expect((await send("PATCH", `/api/admin/bookings/${row.id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect(await dayView("2026-12-19", "service")).toEqual({ "12:00-14:00": true, "14:00-16:00": true });
    await booked(service("2026-12-19", "14:00-16:00"));
    const back = await send("PATCH", `/api/admin/bookings/${row.id}/status`, { status: "confirmed" });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toMatch(/tiden/i);
  });

  it("gives an installation cancelled before this rule its whole day when it is brought back", async () => {
    const day = "2026-12-22"; // Tuesday
    const { id } = await booked(installation(day));
    // As migration 0016 leaves a cancelled installation: its two-hour window.
    await database.db.execute(sql`update bookings set status = 'cancelled', end_time = '10:00' where id = ${id}`);
    expect(await dayView(day, "service")).toEqual({ "15:30-17:30": true });
    const back = await send("PATCH", `/api/admin/bookings/${id}/status`, { status: "confirmed" });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().booking.endTime).toBe("17:00");
    expect(await stored(id)).toBe("08:00-17:00");
    expect(await dayView(day, "service")).toEqual({ "15:30-17:30": false });
  });
});
