import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The technician portal's API (rules §2, §4, §5 service completion, §7; rules D7), attacked as a
// technician in a hurry would use it. Now is Sunday 22 November 2026, 11:00 in Stockholm.

const NOT_FOUND = { message: "Bokningen kunde inte hittas" };

let database: Database;
let app: FastifyInstance;
let admin: string;
let tekla: string;
let teklaId: number;
let oskar: string;
let oskarId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  // Settings read afresh on every use: a read inside a transaction would hang the embedded database.
  app = await buildApp(testConfig(), { database, now: () => NOW, settingsCacheMs: 0 });
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

const get = (url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });
const send = (method: "POST" | "PATCH", url: string, payload: unknown, cookie: string) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, payload: payload as object });

let customerCount = 0;
const SLOTS = ["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00", "16:00-18:00"];
const slotsUsed = new Map<string, number>();
/** The next free two-hour slot of `date`. */
function freeSlot(date: string): string {
  const used = slotsUsed.get(date) ?? 0;
  slotsUsed.set(date, used + 1);
  return SLOTS[used];
}
/** A weekday of its own for visits whose date does not matter: one per call. */
let spareDay = 0;
function spareDate(): string {
  for (;;) {
    const day = new Date(Date.UTC(2027, 0, 11 + spareDay++));
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) return day.toISOString().slice(0, 10);
  }
}

/** A visit booked by the admin on `date` (a free two-hour slot), optionally assigned and with a product. */
async function visit(options: { date?: string; technicianId?: number | null; status?: string; name?: string } = {}): Promise<number> {
  const date = options.date ?? spareDate();
  const timeSlot = freeSlot(date);
  const res = await send(
    "POST",
    "/api/admin/bookings",
    {
      customerInfo: {
        name: options.name ?? "Greta Kund",
        email: `kund${++customerCount}@exempel.se`,
        phone: "070-222 33 44",
        address: "Kundvägen 3",
        city: "Sala",
        postalCode: "733 30",
      },
      serviceType: "service",
      date,
      timeSlot,
      description: "Årlig service",
      heatpumpModel: "Nibe F2040",
      status: options.status ?? "planned",
    },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  if (options.technicianId) await database.db.execute(sql`update bookings set assigned_technician_id = ${options.technicianId} where id = ${id}`);
  return id;
}

const customerOf = async (bookingId: number) =>
  (await queryRows<{ id: number }>(database, sql`select customer_id as id from bookings where id = ${bookingId}`))[0].id;

/** A product of the customer; with a refrigerant, R410A 3 kg (6.263 t CO2e: a leak check every 12 months). */
async function pump(customerId: number, model: string, options: { refrigerant?: boolean; serial?: string | null } = {}): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    database,
    sql`insert into products (customer_id, brand, model, type, serial_number, install_date, refrigerant, refrigerant_charge_kg)
        values (${customerId}, 'Nibe', ${model}, 'luftvärmepump', ${options.serial ?? null}, '2026-05-02',
                ${options.refrigerant ? "R410A" : null}, ${options.refrigerant ? 3 : null}) returning id`,
  );
  return row.id;
}

// Each test uses its own day, so the lists are the test's own.
let dayIndex = 0;
const nextDay = () => `2026-12-${String(1 + dayIndex++).padStart(2, "0")}`;

describe("the day's and the coming visits", () => {
  it("shows a technician their own and the unassigned visits, an admin all; never cancelled ones", async () => {
    const date = nextDay();
    const own = await visit({ date, technicianId: teklaId });
    const unassigned = await visit({ date });
    const others = await visit({ date, technicianId: oskarId });
    const cancelled = await visit({ date, technicianId: teklaId, status: "cancelled" });

    const asTekla = await get(`/api/technician/bookings?date=${date}`, tekla);
    expect(asTekla.statusCode).toBe(200);
    const teklaIds = asTekla.json().map((v: { id: number }) => v.id);
    expect(teklaIds).toEqual([own, unassigned]);
    expect(asTekla.json()[0]).toMatchObject({ customerName: "Greta Kund", city: "Sala", status: "planned", technician: { name: "Tekla Tekniker" } });

    const asAdmin = (await get(`/api/technician/bookings?date=${date}`, admin)).json().map((v: { id: number }) => v.id);
    expect(asAdmin).toEqual([own, unassigned, others]);
    expect(asAdmin).not.toContain(cancelled);
  });

  it("lists the coming visits after today that are still to be made", async () => {
    const date = nextDay();
    const ahead = await visit({ date, technicianId: teklaId });
    const done = await visit({ date, technicianId: teklaId, status: "completed" });
    const list = (await get("/api/technician/bookings/upcoming", tekla)).json() as { id: number; date: string }[];
    expect(list.map((v) => v.id)).toContain(ahead);
    expect(list.map((v) => v.id)).not.toContain(done);
    expect(list.every((v) => v.date > "2026-11-22")).toBe(true);
    expect(list.map((v) => v.date)).toEqual([...list.map((v) => v.date)].sort());
  });

  it("refuses a date that is not a date with a Swedish 400", async () => {
    for (const date of ["", "2026-02-30", "9999-12-31", "idag"]) {
      const res = await get(`/api/technician/bookings?date=${encodeURIComponent(date)}`, tekla);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().message).toBe("Välj ett giltigt datum");
    }
  });
});

describe("one visit", () => {
  it("shows the customer, the product and the notes of a visit", async () => {
    const id = await visit({ technicianId: teklaId });
    const [customer] = await queryRows<{ id: number }>(database, sql`select customer_id as id from bookings where id = ${id}`);
    const [product] = await queryRows<{ id: number }>(
      database,
      sql`insert into products (customer_id, brand, model, type, serial_number, install_date) values (${customer.id}, 'Nibe', 'F2040', 'luftvärmepump', 'SN-123', '2019-05-02') returning id`,
    );
    await database.db.execute(sql`update bookings set product_id = ${product.id}, notes = 'Hunden är snäll' where id = ${id}`);
    const res = await get(`/api/technician/booking/${id}`, tekla);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      booking: { id, status: "planned", description: "Årlig service", notes: "Hunden är snäll", technician: { id: teklaId } },
      contact: { name: "Greta Kund", phone: "070-222 33 44", address: "Kundvägen 3", city: "Sala" },
      product: { brand: "Nibe", model: "F2040", serialNumber: "SN-123", installDate: "2019-05-02" },
      images: [],
    });
  });

  it("lists every product of the visit's customer with its leak-check duty, and no one else's", async () => {
    // Booked online: the booking names no product; the customer has two, another customer one.
    const id = await visit({ technicianId: teklaId });
    const customerId = await customerOf(id);
    const withDuty = await pump(customerId, "F2120", { refrigerant: true, serial: "SN-F2120" });
    const unknown = await pump(customerId, "S1155");
    await pump(await customerOf(await visit()), "Främlingen", { refrigerant: true });

    const res = await get(`/api/technician/booking/${id}`, tekla);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toBeNull();
    expect(res.json().customerProducts).toEqual([
      { id: withDuty, brand: "Nibe", model: "F2120", type: "luftvärmepump", serialNumber: "SN-F2120", installDate: "2026-05-02", checkIntervalMonths: 12 },
      { id: unknown, brand: "Nibe", model: "S1155", type: "luftvärmepump", serialNumber: null, installDate: "2026-05-02", checkIntervalMonths: null },
    ]);
    // Starting the visit answers the same visit, the products with it.
    const started = await send("PATCH", `/api/technician/booking/${id}/status`, { status: "in_progress" }, tekla);
    expect(started.json().customerProducts.map((p: { id: number }) => p.id)).toEqual([withDuty, unknown]);
  });

  it("says 'Bokningen kunde inte hittas' for a visit that does not exist or is another technician's", async () => {
    const others = await visit({ technicianId: oskarId });
    expect((await get("/api/technician/booking/999999", tekla)).json()).toEqual(NOT_FOUND);
    const res = await get(`/api/technician/booking/${others}`, tekla);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await get(`/api/technician/booking/${others}`, admin)).statusCode).toBe(200);
  });
});

describe("starting and cancelling a visit", () => {
  // A cancel says why (issue 23; the reason's own rules are tested in admin-bookings/staff-booking-emails.test.ts).
  const REASON = "Kunden ringde och avbokade";
  const setStatus = (id: number, status: string, cookie = tekla) =>
    send("PATCH", `/api/technician/booking/${id}/status`, { status, ...(status === "cancelled" ? { reason: REASON } : {}) }, cookie);

  it("starts a planned visit, takes an unassigned one, and records who did it", async () => {
    const id = await visit();
    const res = await setStatus(id, "in_progress");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ status: "in_progress", technician: { id: teklaId, name: "Tekla Tekniker" } });
    const history = (await get(`/api/admin/bookings/${id}`, admin)).json().history;
    expect(history.at(-1)).toMatchObject({ actor: "technician", actorName: "Tekla Tekniker", kind: "status", from: "planned", to: "in_progress" });
    // Another technician can no longer see or touch it.
    expect((await setStatus(id, "cancelled", oskar)).json()).toEqual(NOT_FOUND);
  });

  it("starts a confirmed or moved visit too (rules D7)", async () => {
    for (const status of ["confirmed", "rescheduled"]) {
      const id = await visit({ status, technicianId: teklaId });
      expect((await setStatus(id, "in_progress")).json().booking.status, status).toBe("in_progress");
    }
  });

  it("refuses every other transition with 409 and a Swedish reason", async () => {
    const started = await visit({ technicianId: teklaId });
    await setStatus(started, "in_progress");
    const again = await setStatus(started, "in_progress");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Arbetet kan bara påbörjas på en planerad eller bekräftad bokning. Den här bokningen är pågående.");
    const cancel = await setStatus(started, "cancelled");
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe("Bara en planerad eller bekräftad bokning kan avbokas. Den här bokningen är pågående.");

    const done = await visit({ technicianId: teklaId, status: "completed" });
    expect((await setStatus(done, "in_progress")).statusCode).toBe(409);
    expect((await setStatus(done, "cancelled")).statusCode).toBe(409);
  });

  it("accepts only in_progress and cancelled: completing is the service report's, other values are refused", async () => {
    const id = await visit({ technicianId: teklaId });
    for (const status of ["completed", "planned", "confirmed", "rescheduled", "klar", "", null, 1]) {
      const res = await setStatus(id, status as string);
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json().message).toBe("Ogiltig status. Tekniker kan påbörja eller avboka ett uppdrag.");
    }
    const [row] = await queryRows<{ status: string }>(database, sql`select status from bookings where id = ${id}`);
    expect(row.status).toBe("planned");
  });

  it("cancels a planned visit; its time is free again", async () => {
    const date = "2026-11-30";
    const id = await visit({ date, technicianId: teklaId });
    const [{ time_slot: slot }] = await queryRows<{ time_slot: string }>(database, sql`select time_slot from bookings where id = ${id}`);
    slotsUsed.set(date, 0); // the rebooking below takes the cancelled visit's own slot
    const res = await setStatus(id, "cancelled");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking.status).toBe("cancelled");
    expect((await get(`/api/admin/bookings/${id}`, admin)).json().history.at(-1)).toMatchObject({
      actor: "technician",
      kind: "cancelled",
      from: "planned",
      note: REASON,
    });
    expect((await get(`/api/technician/bookings?date=${date}`, tekla)).json().map((v: { id: number }) => v.id)).not.toContain(id);
    const rebook = await send(
      "POST",
      "/api/admin/bookings",
      {
        customerInfo: { name: "Ny Kund", email: "ny@exempel.se", phone: "070-222 33 45", address: "Nyvägen 1", city: "Sala", postalCode: "733 30" },
        serviceType: "service",
        date,
        timeSlot: slot,
        description: "",
      },
      admin,
    );
    expect(rebook.statusCode, rebook.body).toBe(201);
  });
});

describe("the service report", () => {
  const report = (body: Record<string, unknown>, cookie = tekla) => send("POST", "/api/technician/service-history", body, cookie);
  const start = (id: number) => send("PATCH", `/api/technician/booking/${id}/status`, { status: "in_progress" }, tekla);

  it("writes the service history and completes the visit in one go; the technician and customer come from the server", async () => {
    const id = await visit({ technicianId: teklaId });
    await start(id);
    const res = await report({
      bookingId: id,
      serviceType: "maintenance",
      issues: "Igensatt filter",
      actions: "Rengjort filter och kontrollerat avfrostning",
      parts: "Nytt filter",
      followUpNeeded: true,
      customerId: 1,
      technician: "Någon annan",
      serviceDate: "2026-11-22T10:30:00.000Z",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ bookingId: id, status: "completed" });
    const [entry] = await queryRows<Record<string, unknown>>(
      database,
      sql`select h.customer_id = b.customer_id as same_customer, h.technician, h.actions, h.parts, h.issues, h.follow_up_needed, h.service_type, h.status, b.status as booking_status
          from service_history h join bookings b on b.id = h.booking_id where h.booking_id = ${id}`,
    );
    expect(entry).toEqual({
      same_customer: true,
      technician: "Tekla Tekniker",
      actions: "Rengjort filter och kontrollerat avfrostning",
      parts: "Nytt filter",
      issues: "Igensatt filter",
      follow_up_needed: true,
      service_type: "maintenance",
      status: "completed",
      booking_status: "completed",
    });
  });

  it("requires 'Utförda åtgärder' (rules §5)", async () => {
    const id = await visit({ technicianId: teklaId });
    await start(id);
    for (const actions of [undefined, "", "   \n "]) {
      const res = await report({ bookingId: id, serviceType: "repair", ...(actions === undefined ? {} : { actions }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Du måste beskriva vilka åtgärder som utförts");
    }
    const [row] = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from service_history where booking_id = ${id}`);
    expect(row.n).toBe(0);
  });

  it("is refused before the work has started, and a second time", async () => {
    const id = await visit({ technicianId: teklaId });
    const early = await report({ bookingId: id, actions: "Bytt filter" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Servicen kan bara registreras när arbetet har påbörjats. Den här bokningen är planerad.");
    await start(id);
    expect((await report({ bookingId: id, actions: "Bytt filter" })).statusCode).toBe(201);
    const twice = await report({ bookingId: id, actions: "Bytt filter igen" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("Servicen kan bara registreras när arbetet har påbörjats. Den här bokningen är genomförd.");
  });

  it("sent twice at once (a double tap, a retry), writes exactly one report", async () => {
    const id = await visit({ technicianId: teklaId });
    await start(id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => report({ bookingId: id, actions: "Rengjort filter" })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const [row] = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from service_history where booking_id = ${id}`);
    expect(row.n).toBe(1);
  });

  it("refuses another technician's visit and a product of another customer", async () => {
    const others = await visit({ technicianId: oskarId });
    await send("PATCH", `/api/technician/booking/${others}/status`, { status: "in_progress" }, oskar);
    const res = await report({ bookingId: others, actions: "Försök" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);

    const id = await visit({ technicianId: teklaId, name: "Ägaren Själv" });
    await start(id);
    const [foreign] = await queryRows<{ id: number }>(
      database,
      sql`insert into products (customer_id, model, type) values ((select customer_id from bookings where id = ${others}), 'Annan', 'luftvärmepump') returning id`,
    );
    const wrong = await report({ bookingId: id, actions: "Rengjort", productId: foreign.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe("Produkten hör inte till bokningens kund.");
    const [row] = await queryRows<{ status: string }>(database, sql`select status from bookings where id = ${id}`);
    expect(row.status).toBe("in_progress");
  });

  it("is about the heat pump the technician chose for a visit without one, with its leak check; the register counts from it", async () => {
    const id = await visit({ technicianId: teklaId });
    const customerId = await customerOf(id);
    await pump(customerId, "S1155");
    const chosen = await pump(customerId, "F2120", { refrigerant: true });
    await start(id);
    const res = await report({
      bookingId: id,
      actions: "Läcksökt köldmediekretsen",
      productId: chosen,
      leakCheck: { checked: true, method: "direct", result: "tight", certificate: "INCERT-4711" },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Checked today (Sunday 22 November 2026): the next check a year on.
    expect(res.json().leakCheck).toMatchObject({
      check: { checkedOn: "2026-11-22", result: "tight", certificate: "INCERT-4711", technicianName: "Tekla Tekniker" },
      entry: { productId: chosen, intervalMonths: 12, lastCheck: { date: "2026-11-22", result: "tight" }, nextDue: "2027-11-22", status: "ok" },
    });
    const [entry] = await queryRows<{ product_id: number | null }>(database, sql`select product_id from service_history where booking_id = ${id}`);
    expect(entry.product_id).toBe(chosen);
    const checks = await queryRows<{ product_id: number }>(database, sql`select product_id from leak_checks where booking_id = ${id}`);
    expect(checks).toEqual([{ product_id: chosen }]);
  });

  it("leaves the booking's product out when the technician says 'Ingen av dem / okänd' (null); without it, the booking's own", async () => {
    const customerId = await customerOf(await visit());
    const own = await pump(customerId, "F2120", { refrigerant: true });
    const productOf = async (bookingId: number) =>
      (await queryRows<{ product_id: number | null }>(database, sql`select product_id from service_history where booking_id = ${bookingId}`))[0]?.product_id;
    const booked = async () => {
      const id = await visit({ technicianId: teklaId });
      await database.db.execute(sql`update bookings set customer_id = ${customerId}, product_id = ${own} where id = ${id}`);
      await start(id);
      return id;
    };

    const none = await booked();
    // A leak check needs a product: with none, the report is refused whole.
    const refused = await report({
      bookingId: none,
      actions: "Rengjort",
      productId: null,
      leakCheck: { checked: true, method: "direct", result: "tight", certificate: "X-1" },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: "Välj vilken värmepump läckagekontrollen gäller: besöket har ingen produkt." });
    expect(await productOf(none)).toBeUndefined();
    const plain = await report({ bookingId: none, actions: "Rengjort", productId: null });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await productOf(none)).toBeNull();

    const left = await booked();
    expect((await report({ bookingId: left, actions: "Rengjort" })).statusCode).toBe(201);
    expect(await productOf(left)).toBe(own);
  });

  it("refuses a product of another customer or one that does not exist, with or without a leak check, and writes nothing", async () => {
    const id = await visit({ technicianId: teklaId, name: "Ägaren Själv" });
    const own = await pump(await customerOf(id), "F2120", { refrigerant: true });
    const foreign = await pump(await customerOf(await visit({ name: "Grannen" })), "Grannens", { refrigerant: true });
    const [{ max }] = await queryRows<{ max: number }>(database, sql`select max(id)::int as max from products`);
    await start(id);
    const CHECK = { checked: true, method: "detector", result: "tight", certificate: "INCERT-4711" };
    for (const productId of [foreign, max + 1000, 2_147_483_647]) {
      for (const leakCheck of [undefined, CHECK]) {
        const res = await report({ bookingId: id, actions: "Rengjort", productId, ...(leakCheck ? { leakCheck } : {}) });
        const what = `${productId} ${leakCheck ? "with" : "without"} a check`;
        expect(res.statusCode, what).toBe(422);
        expect(res.json(), what).toEqual({ message: "Produkten hör inte till bokningens kund." });
      }
    }
    // Not an id at all: the schema's 400, never a database error.
    for (const productId of [2_147_483_648, 0, -1, 1.5, "12"]) {
      const res = await report({ bookingId: id, actions: "Rengjort", productId, leakCheck: CHECK });
      expect(res.statusCode, String(productId)).toBe(400);
      expect(res.json(), String(productId)).toEqual({ message: "Ogiltigt id" });
    }
    const [written] = await queryRows<{ history: number; checks: number; status: string }>(
      database,
      sql`select (select count(*)::int from service_history where booking_id = ${id} or product_id = ${foreign}) as history,
                 (select count(*)::int from leak_checks where booking_id = ${id} or product_id in (${foreign}, ${own})) as checks,
                 (select status from bookings where id = ${id}) as status`,
    );
    expect(written).toEqual({ history: 0, checks: 0, status: "in_progress" });
    // Its own pump is taken.
    expect((await report({ bookingId: id, actions: "Rengjort", productId: own, leakCheck: CHECK })).statusCode).toBe(201);
  });

  it("a report for a booking that does not exist is a 404", async () => {
    const res = await report({ bookingId: 987654, actions: "Rengjort" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});
