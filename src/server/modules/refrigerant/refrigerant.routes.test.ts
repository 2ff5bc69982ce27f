import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The refrigerant register's API (issue 26), on both databases: an admin sets a unit's refrigerant,
// the register computes CO2e, the check interval and the next due date by the rules in
// src/common/refrigerant (every threshold, with and without a leak detection system), technicians
// record leak checks with their service report (the follow-up of a repaired leak due within a
// month, overdue after), a product's timeline, and who may do what. Today is Sunday 22 November
// 2026 in Stockholm unless a test moves the clock.

let database: Database;
let app: FastifyInstance;
let admin: string;
let tekla: string;
let teklaId: number;
let oskar: string;
let oskarId: number;
let clock = NOW;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => clock, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  teklaId = (await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" })).id;
  oskarId = (await createUser(database, { username: "oskar", password: "Oskar1234", role: "technician", name: "Oskar Ombud" })).id;
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  tekla = await loginAs(app, "tekla", "Tekla1234");
  oskar = await loginAs(app, "oskar", "Oskar1234");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, cookie?: string) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });

let customers = 0;
async function customer(name = "Greta Kund"): Promise<number> {
  const n = ++customers;
  const [row] = await queryRows<{ id: number }>(
    database,
    sql`insert into customers (name, email, phone, address, city, postal_code) values (${name}, ${`kund${n}@exempel.se`}, '070-222 33 44', 'Kundvägen 3', 'Sala', '733 30') returning id`,
  );
  return row.id;
}

async function product(customerId: number, installationDate: string | null = "2026-05-02", model = "F2120"): Promise<number> {
  const res = await call("POST", "/api/products", { customerId, type: "luftvärmepump", brand: "Nibe", model, installationDate }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

type Refrigerant = { refrigerant: string | null; chargeKg: number | null; leakDetection?: boolean; hermeticallySealed?: boolean };
const setRefrigerant = (productId: number, body: Refrigerant | Record<string, unknown>, cookie = admin) =>
  call("PUT", `/api/admin/products/${productId}/refrigerant`, body, cookie);

async function unit(body: Refrigerant, installationDate: string | null = "2026-05-02", customerId?: number) {
  const id = await product(customerId ?? (await customer()), installationDate);
  const res = await setRefrigerant(id, body);
  expect(res.statusCode, res.body).toBe(200);
  return { id, entry: res.json() };
}

/** A visit of the customer, in progress, on a day of its own; assigned to `technicianId` (null: nobody). */
let visitDay = 0;
async function visit(customerId: number, productId: number | null, technicianId: number | null = teklaId): Promise<number> {
  const date = new Date(Date.UTC(2027, 0, 4 + visitDay++)).toISOString().slice(0, 10);
  const [row] = await queryRows<{ id: number }>(
    database,
    sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city, assigned_technician_id, product_id)
        values (${customerId}, 'service', ${date}, '08:00-10:00', '08:00', '10:00', 'in_progress', 'Greta Kund', 'greta@exempel.se', '070-222 33 44', 'Kundvägen 3', '733 30', 'Sala', ${technicianId}, ${productId})
        returning id`,
  );
  return row.id;
}

const CHECK = { checked: true, method: "detector", result: "tight", addedKg: 0, recoveredKg: 0, certificate: "INCERT-4711" } as const;
const report = (bookingId: number, leakCheck: unknown, cookie = tekla, extra: Record<string, unknown> = {}) =>
  call(
    "POST",
    "/api/technician/service-history",
    { bookingId, actions: "Läcksökt köldmediekretsen", ...extra, ...(leakCheck === undefined ? {} : { leakCheck }) },
    cookie,
  );

const register = async (status = "all") => {
  const res = await call("GET", `/api/admin/refrigerant-register?status=${status}`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: { productId: number; status: string; nextDue: string | null }[]; counts: Record<string, number> };
};

const countRows = async (table: "leak_checks" | "service_history", bookingId: number) =>
  (await queryRows<{ n: number }>(database, sql`select count(*)::int as n from ${sql.raw(table)} where booking_id = ${bookingId}`))[0].n;

describe("a unit's refrigerant, set by an admin", () => {
  it("gives the unit its CO2e, interval, next check and status by the rules", async () => {
    // R410A 3.2 kg: 3 200 g × 2 087.5 = 6 680 000 g CO2e = 6.680 t, from 5 t: every 12 months; no
    // check yet, so the first is due 12 months after the installation (2026-05-02 → 2027-05-02).
    const { id, entry } = await unit({ refrigerant: "R410A", chargeKg: 3.2 });
    expect(entry).toMatchObject({
      productId: id,
      customerName: "Greta Kund",
      product: "Nibe F2120",
      installedOn: "2026-05-02",
      refrigerant: "R410A",
      chargeKg: 3.2,
      leakDetection: false,
      hermeticallySealed: false,
      source: "product",
      co2eTonnes: 6.68,
      intervalMonths: 12,
      lastCheck: null,
      nextDue: "2027-05-02",
      status: "ok",
      followUp: null,
    });
    // A leak detection system doubles the interval (24 months); hermetically sealed below 10 t: no duty.
    expect((await setRefrigerant(id, { refrigerant: "R410A", chargeKg: 3.2, leakDetection: true })).json()).toMatchObject({
      intervalMonths: 24,
      nextDue: "2028-05-02",
    });
    expect((await setRefrigerant(id, { refrigerant: "R410A", chargeKg: 3.2, hermeticallySealed: true })).json()).toMatchObject({
      co2eTonnes: 6.68,
      intervalMonths: null,
      nextDue: null,
      status: "none",
    });
    // Cleared: nothing known, no duty.
    expect((await setRefrigerant(id, { refrigerant: null, chargeKg: null })).json()).toMatchObject({
      refrigerant: null,
      chargeKg: null,
      co2eTonnes: null,
      intervalMonths: null,
      status: "none",
      source: null,
    });
  });

  it("records every edit in the product's change history, with who", async () => {
    const { id } = await unit({ refrigerant: "R32", chargeKg: 1.2 });
    await setRefrigerant(id, { refrigerant: "R32", chargeKg: 1.25, leakDetection: true });
    await setRefrigerant(id, { refrigerant: "R32", chargeKg: 1.25, leakDetection: true }); // no change, no line
    const changes = (await call("GET", `/api/products/${id}`, undefined, admin)).json().changes;
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({
      userName: "Chefen Anna",
      changes: [
        { field: "refrigerantChargeKg", from: "1.2", to: "1.25" },
        { field: "leakDetection", from: "Nej", to: "Ja" },
      ],
    });
    expect(changes[1].changes).toEqual([
      { field: "refrigerant", from: null, to: "R32" },
      { field: "refrigerantChargeKg", from: null, to: "1.2" },
    ]);
  });

  it.each([
    // [refrigerant, kg, CO2e shown (t, three decimals rounded down), months, months with a leak detection system]
    ["R410A", 2.395, 4.999, null, null], // 2 395 g × 2 087.5 = 4 999 562.5 g: below 5 t, although it rounds to 5.000
    ["R410A", 2.396, 5.001, 12, 24], // 5 001 650 g
    ["R32", 7.407, 4.999, null, null], // 7 407 g × 675 = 4 999 725 g
    ["R32", 7.408, 5, 12, 24], // 5 000 400 g: shown as exactly 5.000 t, the duty begins
    ["R32", 74.074, 49.999, 12, 24], // 49 999 950 g
    ["R32", 74.075, 50, 6, 12], // 50 000 625 g: shown as exactly 50.000 t
    ["R410A", 23.952, 49.999, 12, 24], // 23 952 g × 2 087.5 = 49 999 800 g
    ["R410A", 23.953, 50.001, 6, 12], // 50 001 887.5 g
    ["R410A", 239.52, 499.998, 6, 12], // 499 998 000 g
    ["R410A", 239.521, 500, 3, 6], // 500 000 087.5 g
    ["R134a", 40, 57.2, 6, 12], // 40 000 g × 1 430 = 57 200 000 g
    ["R407C", 6, 10.643, 12, 24], // 6 000 g × 1 773.85 = 10 643 100 g
    ["R290", 1000, 3, null, null], // propane is no F-gas: no duty at any charge
    ["R744", 9000, 9, null, null], // nor CO2
  ] as const)("%s %f kg: %f t CO2e, every %s months (%s with leak detection)", async (refrigerant, chargeKg, tonnes, months, withDetection) => {
    // Installed 2026-10-01: even a 3-month interval is not yet due (2027-01-01).
    const { id, entry } = await unit({ refrigerant, chargeKg }, "2026-10-01");
    expect(entry).toMatchObject({ co2eTonnes: tonnes, intervalMonths: months, status: months === null ? "none" : "ok" });
    const detected = (await setRefrigerant(id, { refrigerant, chargeKg, leakDetection: true })).json();
    expect(detected).toMatchObject({ co2eTonnes: tonnes, intervalMonths: withDetection });
    // The register lists exactly the units with a duty.
    expect((await register()).entries.some((e) => e.productId === id)).toBe(months !== null);
  });

  it.each([
    // Hermetically sealed and labelled: exempt below 10 t (2024/573 Art. 5(1)).
    ["R410A", 4.79, 9.999, null], // 4 790 g × 2 087.5 = 9 999 125 g
    ["R410A", 4.791, 10.001, 12], // 10 001 212.5 g
  ] as const)("hermetically sealed %s %f kg: %f t, interval %s", async (refrigerant, chargeKg, tonnes, months) => {
    const { entry } = await unit({ refrigerant, chargeKg, hermeticallySealed: true });
    expect(entry).toMatchObject({ co2eTonnes: tonnes, intervalMonths: months });
  });

  it("refuses what is not a refrigerant, a charge or a flag with a Swedish 400, and an unknown product with 404", async () => {
    const id = await product(await customer());
    const cases: [Record<string, unknown>, string][] = [
      [{ refrigerant: "R22", chargeKg: 1 }, "Välj ett köldmedium: R32, R410A, R134a, R407C, R290, R744"],
      [{ refrigerant: "r32", chargeKg: 1 }, "Välj ett köldmedium: R32, R410A, R134a, R407C, R290, R744"],
      [{ refrigerant: "R32", chargeKg: -0.001 }, "Ange köldmediemängden i kg, till exempel 3,2 (högst tre decimaler, högst 9 999,999)"],
      [{ refrigerant: "R32", chargeKg: 1.2345 }, "Ange köldmediemängden i kg, till exempel 3,2 (högst tre decimaler, högst 9 999,999)"],
      [{ refrigerant: "R32", chargeKg: 10000 }, "Ange köldmediemängden i kg, till exempel 3,2 (högst tre decimaler, högst 9 999,999)"],
      [{ refrigerant: "R32", chargeKg: "1,2" }, "Ange köldmediemängden i kg, till exempel 3,2 (högst tre decimaler, högst 9 999,999)"],
      [{ refrigerant: "R32", chargeKg: null }, "Ange både köldmedium och mängd, eller ingetdera"],
      [{ refrigerant: null, chargeKg: 2 }, "Ange både köldmedium och mängd, eller ingetdera"],
      [{ refrigerant: "R32", chargeKg: 1, leakDetection: "ja" }, "Ange ja eller nej"],
    ];
    for (const [body, message] of cases) {
      const res = await setRefrigerant(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const [row] = await queryRows<{ refrigerant: string | null }>(database, sql`select refrigerant from products where id = ${id}`);
    expect(row.refrigerant).toBeNull();
    const missing = await setRefrigerant(987654, { refrigerant: "R32", chargeKg: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Produkten finns inte." });
  });

  it("takes the latest signed installation protocol's refrigerant while the product has none of its own", async () => {
    const customerId = await customer();
    const id = await product(customerId);
    const booking = await visit(customerId, id);
    for (const [date, type, amount, status] of [
      ["2026-05-02", "R410A", "3.000", "fully-signed"],
      ["2026-05-03", "R410A", "3.200", "technician-signed"],
      ["2026-05-04", "R32", "9.000", "draft"], // not signed: not trusted
    ] as const) {
      await database.db
        .execute(sql`insert into installation_protocols (public_id, booking_id, customer_id, installation_date, customer_name, customer_email, refrigerant_type, refrigerant_amount, status)
        values (${`p-${id}-${date}`}, ${booking}, ${customerId}, ${date}, 'Greta Kund', 'greta@exempel.se', ${type}, ${amount}, ${status})`);
    }
    const entry = (await call("GET", `/api/admin/products/${id}/timeline`, undefined, admin)).json().entry;
    expect(entry).toMatchObject({ refrigerant: "R410A", chargeKg: 3.2, source: "protocol", co2eTonnes: 6.68, intervalMonths: 12 });
    expect((await register()).entries.some((e) => e.productId === id)).toBe(true);
    // The admin's own values win.
    expect((await setRefrigerant(id, { refrigerant: "R32", chargeKg: 1.2 })).json()).toMatchObject({
      refrigerant: "R32",
      source: "product",
      intervalMonths: null,
    });
  });
});

describe("the register", () => {
  it("lists the units with a duty, overdue first and then by due date, and filters by status", async () => {
    const customerId = await customer("Register Test AB");
    const R410A = { refrigerant: "R410A", chargeKg: 3.2 };
    const ids = {
      // No check recorded: due 12 months after the installation.
      ok: (await unit(R410A, "2026-05-02", customerId)).id, // due 2027-05-02
      dueSoon: (await unit(R410A, "2025-12-10", customerId)).id, // due 2026-12-10: 18 days left
      overdue: (await unit(R410A, "2025-10-01", customerId)).id, // due 2026-10-01
      unknown: (await unit(R410A, null, customerId)).id, // a duty and nothing to count from: overdue
      none: (await unit({ refrigerant: "R32", chargeKg: 1.2 }, "2020-01-01", customerId)).id, // 0.810 t: no duty
    };
    const mine = (list: { entries: { productId: number }[] }) => list.entries.map((e) => e.productId).filter((id) => Object.values(ids).includes(id));
    const all = await register();
    expect(mine(all)).toEqual([ids.unknown, ids.overdue, ids.dueSoon, ids.ok]);
    expect(all.entries.find((e) => e.productId === ids.dueSoon)).toMatchObject({ status: "due-soon", nextDue: "2026-12-10" });
    expect(all.entries.find((e) => e.productId === ids.unknown)).toMatchObject({ status: "overdue", nextDue: null });
    // Overdue first across the whole register, then the due dates in order.
    const order = { overdue: 0, "due-soon": 1, ok: 2 } as Record<string, number>;
    const keys = all.entries.map((e) => `${order[e.status]} ${e.nextDue ?? ""}`);
    expect(keys).toEqual([...keys].sort());
    expect(mine(await register("overdue"))).toEqual([ids.unknown, ids.overdue]);
    expect(mine(await register("due-soon"))).toEqual([ids.dueSoon]);
    expect(mine(await register("ok"))).toEqual([ids.ok]);
    expect((await register("overdue")).entries.every((e) => e.status === "overdue")).toBe(true);
    expect(all.counts.overdue).toBe((await register("overdue")).entries.length);
    const bad = await call("GET", "/api/admin/refrigerant-register?status=none", undefined, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "Välj en status i listan" });
  });
});

describe("a leak check with the service report", () => {
  it("is recorded with the report, by the visit's technician, dated the service day; the next check is 12 months on", async () => {
    const customerId = await customer();
    const { id } = await unit({ refrigerant: "R410A", chargeKg: 3.2 }, "2026-05-02", customerId);
    const booking = await visit(customerId, id);
    const res = await report(booking, { ...CHECK, addedKg: 0.25 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().leakCheck).toMatchObject({
      check: {
        checkedOn: "2026-11-22",
        method: "detector",
        result: "tight",
        addedKg: 0.25,
        recoveredKg: 0,
        technicianName: "Tekla Tekniker",
        certificate: "INCERT-4711",
        followUp: false,
        bookingId: booking,
      },
      entry: { productId: id, lastCheck: { date: "2026-11-22", result: "tight", method: "detector" }, nextDue: "2027-11-22", status: "ok" },
    });
    const [row] = await queryRows<{ technician_id: number; product_id: number }>(
      database,
      sql`select technician_id, product_id from leak_checks where booking_id = ${booking}`,
    );
    expect(row).toEqual({ technician_id: teklaId, product_id: id });
  });

  it("after a repaired leak, wants the follow-up from the next day to a month later, and calls the unit overdue after that", async () => {
    const customerId = await customer();
    const { id } = await unit({ refrigerant: "R410A", chargeKg: 3.2 }, "2026-05-02", customerId);
    const repaired = await report(await visit(customerId, id), { ...CHECK, result: "repaired", addedKg: 0.4 });
    expect(repaired.statusCode, repaired.body).toBe(201);
    // Repaired on 2026-11-22: the follow-up no earlier than 2026-11-23 (24 h of operation), no later than 2026-12-22.
    const window = { repairedOn: "2026-11-22", earliest: "2026-11-23", latest: "2026-12-22" };
    expect(repaired.json().leakCheck.entry).toMatchObject({ followUp: window, nextDue: "2026-12-22", status: "due-soon" });
    expect((await register("follow-up")).entries.find((e) => e.productId === id)).toMatchObject({ followUp: window });

    // The same day is too early: the whole report is refused and the visit stays in progress.
    const sameDay = await visit(customerId, id);
    const early = await report(sameDay, CHECK);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe("För tidigt: uppföljande kontroll efter den åtgärdade läckan tidigast efter 24 timmars drift, från 2026-11-23.");
    expect(await countRows("service_history", sameDay)).toBe(0);

    try {
      // The day after the last day, nobody has checked it: overdue.
      clock = new Date("2026-12-23T09:00:00Z");
      expect((await register("overdue")).entries.find((e) => e.productId === id)).toMatchObject({ status: "overdue", nextDue: "2026-12-22" });
      // Checked late, the check is still the follow-up; the next is due 12 months on.
      const late = await report(sameDay, CHECK);
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json().leakCheck).toMatchObject({
        check: { followUp: true, checkedOn: "2026-12-23" },
        entry: { followUp: null, nextDue: "2027-12-23", status: "ok" },
      });
    } finally {
      clock = NOW;
    }
  });

  it("takes a check in the window as the follow-up", async () => {
    const customerId = await customer();
    const { id } = await unit({ refrigerant: "R407C", chargeKg: 6 }, "2025-01-10", customerId);
    await report(await visit(customerId, id), { ...CHECK, result: "repaired" }, tekla, { serviceDate: "2026-11-01T10:00:00+01:00" });
    const followUp = await report(await visit(customerId, id), CHECK, tekla, { serviceDate: "2026-11-02T08:00:00+01:00" });
    expect(followUp.statusCode, followUp.body).toBe(201);
    expect(followUp.json().leakCheck).toMatchObject({ check: { followUp: true, checkedOn: "2026-11-02" }, entry: { followUp: null, nextDue: "2027-11-02" } });
  });

  it("makes one of several checks sent at once after a repair the follow-up, never more (the unit is locked)", async () => {
    const customerId = await customer();
    // From two app instances on the one database, as behind a load balancer.
    const other = await buildApp(testConfig(), { database, now: () => clock, settingsCacheMs: 0 });
    await other.ready();
    try {
      const instances = [
        { instance: app, cookie: tekla },
        { instance: other, cookie: await loginAs(other, "tekla", "Tekla1234") },
      ];
      const send = (n: number, bookingId: number, leakCheck: unknown) =>
        instances[n % 2].instance.inject({
          method: "POST",
          url: "/api/technician/service-history",
          headers: { ...SAME_ORIGIN, cookie: instances[n % 2].cookie },
          payload: { bookingId, actions: "Läcksökt", leakCheck },
        });
      // Both instances warmed up first, so the reports really meet.
      for (const n of [0, 1]) expect((await send(n, await visit(customerId, null), { checked: false })).statusCode).toBe(201);
      // Without the unit's lock two of them took the follow-up in about half the rounds: three rounds.
      for (let round = 0; round < 3; round += 1) {
        const { id } = await unit({ refrigerant: "R410A", chargeKg: 3.2 }, "2025-01-10", customerId);
        await report(await visit(customerId, id), { ...CHECK, result: "repaired" }, tekla, { serviceDate: "2026-11-10T10:00:00+01:00" });
        const visits: number[] = [];
        for (let n = 0; n < 12; n += 1) visits.push(await visit(customerId, id));
        const answers = await Promise.all(visits.map((bookingId, n) => send(n, bookingId, CHECK)));
        expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(12).fill(201));
        expect(answers.filter((a) => a.json().leakCheck.check.followUp)).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });

  it("needs no follow-up on a unit without a check duty", async () => {
    const customerId = await customer();
    const { id } = await unit({ refrigerant: "R32", chargeKg: 1.2 }, "2025-01-10", customerId);
    expect((await report(await visit(customerId, id), { ...CHECK, result: "repaired" })).json().leakCheck.entry).toMatchObject({
      followUp: null,
      status: "none",
    });
    const again = await report(await visit(customerId, id), CHECK);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().leakCheck.check.followUp).toBe(false);
  });

  it("is the visit's technician's or an admin's: another technician's visit is not found, an unassigned one forbidden", async () => {
    const customerId = await customer();
    const { id } = await unit({ refrigerant: "R410A", chargeKg: 3.2 }, "2026-05-02", customerId);
    const others = await visit(customerId, id, oskarId);
    const notFound = await report(others, CHECK);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ message: "Bokningen kunde inte hittas" });

    const unassigned = await visit(customerId, id, null);
    const forbidden = await report(unassigned, CHECK);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: "Bara teknikern som har besöket kan registrera en läckagekontroll." });
    // Refused as a whole: no report, no check, the visit still in progress.
    for (const booking of [others, unassigned]) {
      expect(await countRows("leak_checks", booking)).toBe(0);
      expect(await countRows("service_history", booking)).toBe(0);
    }
    const [row] = await queryRows<{ status: string }>(database, sql`select status from bookings where id = ${unassigned}`);
    expect(row.status).toBe("in_progress");

    // The assigned technician and an admin may.
    expect((await report(others, CHECK, oskar)).statusCode).toBe(201);
    const byAdmin = await report(unassigned, CHECK, admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json().leakCheck.check.technicianName).toBe("Chefen Anna");
  });

  it("needs a product of the visit's customer, a date no later than today, and nothing when not checked", async () => {
    const customerId = await customer();
    const noProduct = await visit(customerId, null);
    const res = await report(noProduct, CHECK);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: "Välj vilken värmepump läckagekontrollen gäller: besöket har ingen produkt." });
    expect(await countRows("service_history", noProduct)).toBe(0);
    // Named in the report: one of the customer's own.
    const { id } = await unit({ refrigerant: "R410A", chargeKg: 3.2 }, "2026-05-02", customerId);
    const foreign = (await unit({ refrigerant: "R410A", chargeKg: 3.2 })).id;
    const wrong = await report(noProduct, CHECK, tekla, { productId: foreign });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: "Produkten hör inte till bokningens kund." });
    const future = await report(noProduct, CHECK, tekla, { productId: id, serviceDate: "2026-11-23T08:00:00+01:00" });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toEqual({ message: "En läckagekontroll kan inte dateras framåt i tiden." });
    const named = await report(noProduct, CHECK, tekla, { productId: id });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().leakCheck.entry.productId).toBe(id);

    const unchecked = await visit(customerId, id);
    const plain = await report(unchecked, { checked: false });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().leakCheck).toBeNull();
    expect(await countRows("leak_checks", unchecked)).toBe(0);
  });

  it("refuses an incomplete or impossible check with a Swedish 400 and writes nothing", async () => {
    const customerId = await customer();
    const { id } = await unit({ refrigerant: "R410A", chargeKg: 3.2 }, "2026-05-02", customerId);
    const booking = await visit(customerId, id);
    const cases: [unknown, string][] = [
      [{ ...CHECK, checked: "ja" }, "Bekräfta att läckagekontrollen är utförd"],
      [{ method: "detector" }, "Bekräfta att läckagekontrollen är utförd"],
      [{ ...CHECK, method: undefined }, "Välj hur läckagekontrollen gjordes"],
      [{ ...CHECK, method: "luktade" }, "Välj hur läckagekontrollen gjordes"],
      [{ ...CHECK, result: "ok" }, "Välj resultatet av läckagekontrollen"],
      [{ ...CHECK, addedKg: -0.1 }, "Ange mängden i kg, till exempel 0,5 (högst tre decimaler, högst 9 999,999)"],
      [{ ...CHECK, recoveredKg: 0.0005 }, "Ange mängden i kg, till exempel 0,5 (högst tre decimaler, högst 9 999,999)"],
      [{ ...CHECK, certificate: "   " }, "Ange ditt certifikatnummer"],
      [{ ...CHECK, certificate: undefined }, "Ange ditt certifikatnummer"],
      [{ ...CHECK, certificate: "x".repeat(51) }, "Certifikatnumret får vara högst 50 tecken"],
    ];
    for (const [leakCheck, message] of cases) {
      const res = await report(booking, leakCheck);
      expect(res.statusCode, JSON.stringify(leakCheck)).toBe(400);
      expect(res.json().message, JSON.stringify(leakCheck)).toBe(message);
    }
    expect(await countRows("service_history", booking)).toBe(0);
  });
});

describe("a product's timeline", () => {
  it("shows the installation, the protocol, the service and the leak checks with refrigerant added and recovered, newest first", async () => {
    const customerId = await customer();
    const { id } = await unit({ refrigerant: "R410A", chargeKg: 3.2 }, "2024-05-02", customerId);
    const installVisit = await visit(customerId, id);
    const [protocol] = await queryRows<{ id: number }>(
      database,
      sql`insert into installation_protocols (public_id, booking_id, customer_id, technician_id, installation_date, customer_name, customer_email, refrigerant_type, refrigerant_amount, status)
          values (${`tl-${id}`}, ${installVisit}, ${customerId}, ${teklaId}, '2024-05-02', 'Greta Kund', 'greta@exempel.se', 'R410A', '3.200', 'fully-signed') returning id`,
    );
    const first = await visit(customerId, id);
    await report(first, { ...CHECK, result: "repaired", addedKg: 0.4, recoveredKg: 1.1, method: "direct" }, tekla, {
      serviceDate: "2026-03-10T10:00:00+01:00",
    });
    const second = await visit(customerId, id);
    await report(second, CHECK, tekla, { serviceDate: "2026-03-20T10:00:00+01:00" });

    const res = await call("GET", `/api/admin/products/${id}/timeline`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { entry, events } = res.json();
    expect(entry).toMatchObject({ productId: id, lastCheck: { date: "2026-03-20", result: "tight" }, nextDue: "2027-03-20", status: "ok" });
    expect(events.map((e: { kind: string; date: string }) => `${e.date} ${e.kind}`)).toEqual([
      "2026-03-20 leak-check",
      "2026-03-20 service",
      "2026-03-10 leak-check",
      "2026-03-10 service",
      "2024-05-02 protocol",
      "2024-05-02 installed",
    ]);
    expect(events[0].check).toMatchObject({ followUp: true, bookingId: second });
    expect(events[2].check).toMatchObject({ result: "repaired", method: "direct", addedKg: 0.4, recoveredKg: 1.1, certificate: "INCERT-4711" });
    expect(events[3]).toMatchObject({ bookingId: first, technician: "Tekla Tekniker", actions: "Läcksökt köldmediekretsen" });
    expect(events[4]).toMatchObject({ protocolId: protocol.id, status: "fully-signed", refrigerant: "R410A", chargeKg: 3.2, technicianName: "Tekla Tekniker" });
    expect((await call("GET", "/api/admin/products/987654/timeline", undefined, admin)).statusCode).toBe(404);
  });
});

describe("who may use the register", () => {
  it("is the admins': technicians get 403, anonymous callers 401", async () => {
    const customerId = await customer();
    const { id } = await unit({ refrigerant: "R410A", chargeKg: 3.2 }, "2026-05-02", customerId);
    const requests: [string, string, unknown?][] = [
      ["GET", "/api/admin/refrigerant-register"],
      ["PUT", `/api/admin/products/${id}/refrigerant`, { refrigerant: "R32", chargeKg: 1 }],
      ["GET", `/api/admin/products/${id}/timeline`],
      ["GET", `/api/admin/customers/${customerId}/refrigerant-report/2026.pdf`],
    ];
    for (const [method, url, body] of requests) {
      const asTechnician = await call(method as "GET" | "PUT", url, body, tekla);
      expect(asTechnician.statusCode, url).toBe(403);
      expect(asTechnician.json().message).toMatch(/behörighet/i);
      const anonymous = await call(method as "GET" | "PUT", url, body);
      expect(anonymous.statusCode, url).toBe(401);
    }
    const [row] = await queryRows<{ refrigerant: string }>(database, sql`select refrigerant from products where id = ${id}`);
    expect(row.refrigerant).toBe("R410A");
  });
});
