import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import type { AdminSlot, AdminSlots } from "@/common/schemas/admin-bookings";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, testConfig } from "../../test-support/test-app";

// Issue 23 point 7: the admin pickers (new booking, reschedule) show every time with its state
// before anything is sent: taken (by whom), blocked (why), passed, or on a full day. Each state is
// checked against what create and reschedule then answer, so the picker and the server agree.
// The clock is fixed: now is Sunday 22 November 2026, 11:00 in Stockholm.

const TAKEN = "Den valda tiden är inte längre tillgänglig. Välj en annan tid.";
const BLOCKED = "Tiden är blockerad för den här tjänsten. Välj en annan tid.";
const PAST_TIME = "Du kan inte boka en tid som redan har passerat.";

let database: Database;
let app: FastifyInstance;
let admin: string;
let technician: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  technician = await loginAs(app, "tekla", "Tekla1234");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, cookie = admin) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const send = (method: "POST" | "PATCH" | "PUT", url: string, payload: unknown) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: admin }, payload: payload as object });

let customerNumber = 0;
/** An admin booking for a new customer named `name`; the answer of POST /api/admin/bookings. */
function adminCreate(
  date: string,
  timeSlot: string,
  { serviceType = "service", name = `Kund ${++customerNumber}`, status }: { serviceType?: string; name?: string; status?: string } = {},
) {
  return send("POST", "/api/admin/bookings", {
    customerInfo: { name, email: `kund${++customerNumber}@exempel.se`, phone: "070-222 33 44", address: "Provvägen 8", city: "Enköping", postalCode: "745 31" },
    serviceType,
    date,
    timeSlot,
    ...(status ? { status } : {}),
  });
}
async function booked(date: string, timeSlot: string, options: Parameters<typeof adminCreate>[2] = {}): Promise<number> {
  const res = await adminCreate(date, timeSlot, options);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function slotsFor(serviceType: string, date: string): Promise<AdminSlots> {
  const res = await get(`/api/admin/slots?serviceType=${serviceType}&date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function rescheduleSlotsFor(id: number, date: string): Promise<AdminSlots> {
  const res = await get(`/api/admin/bookings/${id}/slots?date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const stateByLabel = (answer: AdminSlots) => Object.fromEntries(answer.slots.map((s) => [s.label, s.state]));
const slot = (answer: AdminSlots, label: string): AdminSlot => {
  const found = answer.slots.find((s) => s.label === label);
  expect(found, `${label} in ${answer.slots.map((s) => s.label).join(", ")}`).toBeDefined();
  return found!;
};

describe("GET /api/admin/slots (the new-booking form's times)", () => {
  it("shows a taken time as taken by its booking (customer, service, id, status), and create agrees", async () => {
    const date = "2026-12-14";
    const id = await booked(date, "08:00-10:00", { name: "Greta Upptagen", status: "confirmed" });

    const answer = await slotsFor("troubleshooting", date);
    expect(answer.slots.map((s) => s.label)).toEqual(["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00", "16:00-18:00"]);
    expect(slot(answer, "08:00-10:00")).toMatchObject({
      state: "taken",
      takenBy: [{ id, customerName: "Greta Upptagen", serviceType: "service", status: "confirmed", timeSlot: "08:00-10:00", endTime: "10:00" }],
      blockedBy: [],
    });
    expect(stateByLabel(answer)).toMatchObject({ "10:00-12:00": "free", "12:00-14:00": "free" });

    // The server refuses what the picker shows taken, and accepts what it shows free.
    const refused = await adminCreate(date, "08:00-10:00", { serviceType: "troubleshooting" });
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: TAKEN }]);
    const second = await booked(date, "10:00-12:00", { serviceType: "troubleshooting", name: "Hugo Andra" });
    expect(slot(await slotsFor("service", date), "10:00-12:00").takenBy).toEqual([
      { id: second, customerName: "Hugo Andra", serviceType: "troubleshooting", status: "planned", timeSlot: "10:00-12:00", endTime: "12:00" },
    ]);
  });

  it("names the customer of a public booking too, and a cancelled booking frees its time", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: bookingPayload({ name: "Lars Webbkund", date: "2026-12-07", timeSlot: "15:30-17:30" }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;

    // The admin's 14:00-16:00 and 16:00-18:00 both overlap the customer's 15:30-17:30.
    const answer = await slotsFor("service", "2026-12-07");
    for (const label of ["14:00-16:00", "16:00-18:00"])
      expect(slot(answer, label)).toMatchObject({ state: "taken", takenBy: [{ id, customerName: "Lars Webbkund", timeSlot: "15:30-17:30" }] });
    expect(slot(answer, "12:00-14:00").state).toBe("free");

    expect((await send("PATCH", `/api/admin/bookings/${id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect(stateByLabel(await slotsFor("service", "2026-12-07"))).toMatchObject({ "14:00-16:00": "free", "16:00-18:00": "free" });
  });

  it("a home visit's half hour takes the two-hour time around it, and every booking overlapping a time is named", async () => {
    const date = "2026-12-16"; // a Wednesday: home visits also 17:00-18:00
    const visit = await booked(date, "10:30-11:00", { serviceType: "hembesok", name: "Hanna Hembesök" });
    const evening = await booked(date, "17:00-17:30", { serviceType: "hembesok", name: "Kvällskund" });
    const next = await booked(date, "17:30-18:00", { serviceType: "hembesok", name: "Senare kund" });

    const service = await slotsFor("service", date);
    expect(slot(service, "10:00-12:00")).toMatchObject({ state: "taken", takenBy: [{ id: visit, customerName: "Hanna Hembesök" }] });
    expect(slot(service, "16:00-18:00").takenBy.map((b) => b.id)).toEqual([evening, next]);
    expect(slot(service, "08:00-10:00").state).toBe("free");

    const homeVisits = await slotsFor("hembesok", date);
    expect(stateByLabel(homeVisits)).toMatchObject({
      "10:00-10:30": "free",
      "10:30-11:00": "taken",
      "11:00-11:30": "free",
      "17:00-17:30": "taken",
      "17:30-18:00": "taken",
    });
    // An installation holds the rest of its day (rules D24): at any of its times it would overlap the home visits.
    expect(stateByLabel(await slotsFor("installation", date))).toEqual({ "08:00-10:00": "taken", "09:00-11:00": "taken", "10:00-12:00": "taken" });
    expect(slot(await slotsFor("installation", date), "08:00-10:00").takenBy.map((b) => b.id)).toEqual([visit]);
    for (const timeSlot of ["08:00-10:00", "09:00-11:00"]) {
      const refused = await adminCreate(date, timeSlot, { serviceType: "installation" });
      expect([refused.statusCode, refused.json()]).toEqual([409, { message: TAKEN }]);
    }
  });

  it("shows a time blocked for the service with the blocked time's reason; other services are not blocked by it", async () => {
    const date = "2026-12-17";
    const block = await send("POST", "/api/admin/blocked-time-slots", {
      date,
      startTime: "12:00",
      endTime: "15:00",
      reason: "Utbildning",
      serviceTypes: ["service"],
    });
    expect(block.statusCode, block.body).toBe(201);

    const service = await slotsFor("service", date);
    expect(slot(service, "12:00-14:00")).toMatchObject({
      state: "blocked",
      takenBy: [],
      blockedBy: [{ id: block.json().blockedTime.id, reason: "Utbildning", startTime: "12:00", endTime: "15:00" }],
    });
    expect(slot(service, "14:00-16:00").state).toBe("blocked");
    expect(slot(service, "10:00-12:00").state).toBe("free");
    expect(stateByLabel(await slotsFor("troubleshooting", date))).toMatchObject({ "12:00-14:00": "free", "14:00-16:00": "free" });

    const refused = await adminCreate(date, "12:00-14:00");
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: BLOCKED }]);
  });

  it("shows times that have started as passed, today and on earlier dates, and create refuses them", async () => {
    // Now is 11:00 on 22 November: 08:00 and 10:00 have started, 12:00 has not.
    expect(stateByLabel(await slotsFor("service", "2026-11-22"))).toEqual({
      "08:00-10:00": "past",
      "10:00-12:00": "past",
      "12:00-14:00": "free",
      "14:00-16:00": "free",
      "16:00-18:00": "free",
    });
    expect(new Set(Object.values(stateByLabel(await slotsFor("service", "2026-11-21"))))).toEqual(new Set(["past"]));
    const refused = await adminCreate("2026-11-22", "10:00-12:00");
    expect([refused.statusCode, refused.json()]).toEqual([422, { message: PAST_TIME }]);
  });

  it("shows the free times of a day that has reached the bookings per day as full; a taken time still names its booking", async () => {
    const current = (await get("/api/admin/settings")).json();
    expect((await send("PUT", "/api/admin/settings", { ...current, maxBookingsPerDay: 2 })).statusCode).toBe(200);
    try {
      const date = "2026-12-21";
      const first = await booked(date, "08:00-10:00");
      await booked(date, "10:00-12:00");
      const answer = await slotsFor("service", date);
      expect(answer.maxPerDay).toBe(2);
      expect(stateByLabel(answer)).toEqual({
        "08:00-10:00": "taken",
        "10:00-12:00": "taken",
        "12:00-14:00": "full",
        "14:00-16:00": "full",
        "16:00-18:00": "full",
      });
      const refused = await adminCreate(date, "12:00-14:00");
      expect([refused.statusCode, refused.json()]).toEqual([409, { message: "Dagen är fullbokad (högst 2 bokningar per dag). Välj en annan dag." }]);

      // A booking of that day may still move within it: its own day is not full for it.
      const moving = await rescheduleSlotsFor(first, date);
      expect(stateByLabel(moving)).toEqual({
        "08:00-10:00": "free",
        "10:00-12:00": "taken",
        "12:00-14:00": "free",
        "14:00-16:00": "free",
        "16:00-18:00": "free",
      });
      expect((await send("PATCH", `/api/admin/bookings/${first}`, { date, timeSlot: "12:00-14:00" })).statusCode).toBe(200);
    } finally {
      await send("PUT", "/api/admin/settings", current);
    }
  });

  // rules D24: a time is judged by the range a booking would hold there, an installation from
  // its start to the end of the settings' working day, as create and reschedule judge it.
  it("shows an installation time taken by a visit later that day, and the times after an installation taken by it; create agrees", async () => {
    const date = "2027-01-12";
    const later = await booked(date, "14:00-16:00", { name: "Senare Besök" });
    const installation = await slotsFor("installation", date);
    expect(stateByLabel(installation)).toEqual({ "08:00-10:00": "taken", "09:00-11:00": "taken", "10:00-12:00": "taken" });
    expect(slot(installation, "08:00-10:00").takenBy).toEqual([
      { id: later, customerName: "Senare Besök", serviceType: "service", status: "planned", timeSlot: "14:00-16:00", endTime: "16:00" },
    ]);
    const refused = await adminCreate(date, "08:00-10:00", { serviceType: "installation" });
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: TAKEN }]);

    // Once the later visit is cancelled the day is free for an installation, which then holds it to 17:00.
    expect((await send("PATCH", `/api/admin/bookings/${later}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect(stateByLabel(await slotsFor("installation", date))).toEqual({ "08:00-10:00": "free", "09:00-11:00": "free", "10:00-12:00": "free" });
    const installed = await booked(date, "10:00-12:00", { serviceType: "installation", name: "Inga Installation" });
    const after = await slotsFor("service", date);
    expect(stateByLabel(after)).toEqual({
      "08:00-10:00": "free",
      "10:00-12:00": "taken",
      "12:00-14:00": "taken",
      "14:00-16:00": "taken",
      "16:00-18:00": "taken",
    });
    expect(slot(after, "14:00-16:00").takenBy).toEqual([
      { id: installed, customerName: "Inga Installation", serviceType: "installation", status: "planned", timeSlot: "10:00-12:00", endTime: "17:00" },
    ]);
    const afterRefused = await adminCreate(date, "16:00-18:00");
    expect([afterRefused.statusCode, afterRefused.json()]).toEqual([409, { message: TAKEN }]);
    await booked(date, "08:00-10:00", { name: "Före Installationen" });
  });

  it("ends an installation's range where the settings' working day ends", async () => {
    const date = "2027-01-13";
    await booked(date, "16:00-18:00", { name: "Efter Arbetsdagen" });
    // Until 17:00 (§9's default) an installation would overlap the 16:00 visit; until 16:00 it would not.
    expect(stateByLabel(await slotsFor("installation", date))).toEqual({ "08:00-10:00": "taken", "09:00-11:00": "taken", "10:00-12:00": "taken" });
    const current = (await get("/api/admin/settings")).json();
    expect((await send("PUT", "/api/admin/settings", { ...current, workdayEnd: "16:00" })).statusCode).toBe(200);
    try {
      expect(stateByLabel(await slotsFor("installation", date))).toEqual({ "08:00-10:00": "free", "09:00-11:00": "free", "10:00-12:00": "free" });
      const id = await booked(date, "08:00-10:00", { serviceType: "installation" });
      expect(slot(await slotsFor("service", date), "14:00-16:00").takenBy).toMatchObject([{ id, endTime: "16:00" }]);
    } finally {
      await send("PUT", "/api/admin/settings", current);
    }
  });

  it("answers a bad service type or date with a Swedish 400, and only to admins", async () => {
    const badType = await get("/api/admin/slots?serviceType=repair&date=2026-12-14");
    expect([badType.statusCode, badType.json()]).toEqual([400, { message: "Välj en tjänst" }]);
    const badDate = await get("/api/admin/slots?serviceType=service&date=2026-02-30");
    expect([badDate.statusCode, badDate.json()]).toEqual([400, { message: "Välj ett datum för bokningen" }]);
    expect((await get("/api/admin/slots?serviceType=service&date=2026-12-14", technician)).statusCode).toBe(403);
    expect((await get("/api/admin/slots?serviceType=service&date=2026-12-14", "")).statusCode).toBe(401);
  });
});

describe("GET /api/admin/bookings/:id/slots (the reschedule dialog's times)", () => {
  it("shows the others' bookings as taken but not the booking's own time, and reschedule agrees", async () => {
    const date = "2026-12-28";
    const id = await booked(date, "08:00-10:00", { name: "Flyttas Själv" });
    const other = await booked(date, "12:00-14:00", { name: "Annan Kund" });

    const answer = await rescheduleSlotsFor(id, date);
    expect(answer.serviceType).toBe("service");
    expect(stateByLabel(answer)).toEqual({
      "08:00-10:00": "free",
      "10:00-12:00": "free",
      "12:00-14:00": "taken",
      "14:00-16:00": "free",
      "16:00-18:00": "free",
    });
    expect(slot(answer, "12:00-14:00").takenBy).toEqual([
      { id: other, customerName: "Annan Kund", serviceType: "service", status: "planned", timeSlot: "12:00-14:00", endTime: "14:00" },
    ]);

    const refused = await send("PATCH", `/api/admin/bookings/${id}`, { date, timeSlot: "12:00-14:00" });
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: TAKEN }]);
    expect((await send("PATCH", `/api/admin/bookings/${id}`, { date, timeSlot: "10:00-12:00" })).statusCode).toBe(200);
    // The other booking's picker now names the moved one at its new time.
    expect(slot(await rescheduleSlotsFor(other, date), "10:00-12:00")).toMatchObject({
      state: "taken",
      takenBy: [{ id, customerName: "Flyttas Själv", status: "rescheduled" }],
    });
  });

  it("judges an installation's new times by the rest of the day it would hold, and reschedule agrees (rules D24)", async () => {
    const id = await booked("2027-01-14", "08:00-10:00", { serviceType: "installation", name: "Flyttad Installation" });
    const date = "2027-01-15";
    const evening = await booked(date, "16:00-18:00", { name: "Kvällsbesök" });
    const answer = await rescheduleSlotsFor(id, date);
    expect(answer.slots.filter((s) => s.state === "taken").map((s) => s.label)).toEqual(answer.slots.map((s) => s.label));
    expect(slot(answer, "08:00-10:00").takenBy.map((b) => b.id)).toEqual([evening]);
    const refused = await send("PATCH", `/api/admin/bookings/${id}`, { date, timeSlot: "08:00-10:00" });
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: TAKEN }]);

    // The installation's own day: its own range does not take its times.
    expect(stateByLabel(await rescheduleSlotsFor(id, "2027-01-14"))).toMatchObject({ "08:00-10:00": "free", "10:00-12:00": "free" });
  });

  it("offers a home visit its 30-minute times, and says 'Bokning hittades inte' for a missing booking", async () => {
    const id = await booked("2026-12-29", "10:00-10:30", { serviceType: "hembesok" });
    const answer = await rescheduleSlotsFor(id, "2026-12-30");
    expect(answer.slots[0]).toMatchObject({ label: "10:00-10:30", state: "free" });
    expect(answer.slots.map((s) => s.label)).toContain("17:30-18:00");

    const missing = await get("/api/admin/bookings/999999/slots?date=2026-12-30");
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: "Bokning hittades inte" }]);
    const noDate = await get(`/api/admin/bookings/${id}/slots`);
    expect([noDate.statusCode, noDate.json()]).toEqual([400, { message: "Både datum och tid måste anges." }]);
  });
});
