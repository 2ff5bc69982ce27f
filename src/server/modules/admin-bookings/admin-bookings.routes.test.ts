import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { enqueueEmail } from "../../jobs/outbox";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The admin booking screens' API (rules §2, §4, §5, §7; issue 14), attacked the way an admin on the
// phone would use it. The clock is fixed: now is Sunday 22 November 2026, 11:00 in Stockholm.

const TAKEN = "Den valda tiden är inte längre tillgänglig. Välj en annan tid.";
const BLOCKED = "Tiden är blockerad för den här tjänsten. Välj en annan tid.";
const PAST_TIME = "Du kan inte boka en tid som redan har passerat.";
const NOT_FOUND = { message: "Bokning hittades inte" };
const LINK_INVALID = { message: "Denna länk har upphört att gälla eller tagits bort." };

let database: Database;
let app: FastifyInstance;
let admin: string;
let adminId: number;
let technicianId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  // Settings read afresh on every use: a read inside a transaction would hang the embedded database.
  app = await buildApp(testConfig(), { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  adminId = (await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" })).id;
  technicianId = (await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" })).id;
  admin = await loginAs(app, "chef", "Chef12345", "admin");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

// --- Helpers ----------------------------------------------------------------------------------------

const get = (url: string, cookie = admin) => app.inject({ method: "GET", url, headers: { cookie } });
const send = (method: "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, cookie = admin) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A public booking (made by a customer on the web) at NOW. */
async function publicBooking(overrides: Parameters<typeof bookingPayload>[0]): Promise<{ id: number; token: string }> {
  const res = await app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, token: res.json().manageUrl.split("/").pop() };
}

type AdminCreate = {
  customerId?: number;
  customerInfo: Record<string, unknown>;
  serviceType: string;
  date?: string;
  timeSlot?: string;
  description?: string;
  heatpumpModel?: string;
  status?: string;
};
const phoneCustomer = {
  name: "Gunnar Telefon",
  email: "gunnar@exempel.se",
  phone: "070-222 33 44",
  address: "Telefonvägen 8",
  city: "Enköping",
  postalCode: "745 31",
};
const adminPayload = (overrides: Partial<AdminCreate> = {}): AdminCreate => ({
  customerInfo: phoneCustomer,
  serviceType: "service",
  date: "2026-11-23",
  timeSlot: "16:00-18:00",
  description: "Ringde in: värmepumpen låter.",
  heatpumpModel: "Nibe F2040",
  ...overrides,
});
const adminCreate = (payload: unknown) => send("POST", "/api/admin/bookings", payload);
async function created(payload: AdminCreate): Promise<number> {
  const res = await adminCreate(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const detail = async (id: number) => (await get(`/api/admin/bookings/${id}`)).json();
const search = async (query: string) => (await get(`/api/admin/bookings?${query}`)).json();
const ids = (list: { items: { id: number }[] }) => list.items.map((i) => i.id);
const dayView = async (date: string, serviceType = "service") =>
  Object.fromEntries(
    (await app.inject({ method: "GET", url: `/api/availability/day?date=${date}&serviceType=${serviceType}` }))
      .json()
      .slots.map((s: { label: string; available: boolean }) => [s.label, s.available]),
  );

// --- Access -------------------------------------------------------------------------------------------

describe("access", () => {
  it("refuses a technician (403) and an anonymous caller (401)", async () => {
    const technician = await loginAs(app, "tekla", "Tekla1234");
    const tech = await get("/api/admin/bookings", technician);
    expect(tech.statusCode).toBe(403);
    expect(tech.json()).toEqual({ message: "Du har inte behörighet att se denna sida" });
    const anonymous = await app.inject({ method: "GET", url: "/api/admin/bookings" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "Du måste logga in." });
  });
});

// --- List ---------------------------------------------------------------------------------------------

describe("the booking list", () => {
  let lars: number, maria: number, asa: number, erik: number;

  beforeAll(async () => {
    lars = (
      await publicBooking({
        date: "2026-12-07",
        timeSlot: "08:00-10:00",
        name: "Lars Andersson",
        email: "lars@exempel.se",
        address: "Storgatan 12",
        city: "Uppsala",
        phone: "070-111 11 11",
      })
    ).id;
    maria = (
      await publicBooking({
        serviceType: "installation",
        date: "2026-12-08",
        timeSlot: "08:00-10:00",
        name: "Maria Karlsson",
        email: "maria@exempel.se",
        address: "Kungsgatan 5",
        city: "Stockholm",
      })
    ).id;
    asa = (
      await publicBooking({
        serviceType: "troubleshooting",
        date: "2026-12-12",
        timeSlot: "12:00-14:00",
        name: "Åsa Öberg",
        email: "asa@exempel.se",
        address: "Ängsvägen 7",
        city: "Västerås",
      })
    ).id;
    erik = (
      await publicBooking({
        serviceType: "hembesok",
        heatpumpModel: undefined,
        date: "2026-11-25",
        timeSlot: "10:00-10:30",
        name: "Erik Nilsson",
        email: "erik@exempel.se",
        address: "Björkvägen 3",
        city: "Uppsala",
      })
    ).id;
    expect((await send("PATCH", `/api/admin/bookings/${asa}/status`, { status: "cancelled" })).statusCode).toBe(200);
  });

  it("lists bookings with the columns of rules §2 and the total", async () => {
    const list = await search("search=Lars");
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(list.items).toEqual([
      {
        id: lars,
        date: "2026-12-07",
        timeSlot: "08:00-10:00",
        endTime: "10:00",
        serviceType: "service",
        status: "confirmed",
        customerName: "Lars Andersson",
        customerPhone: "070-111 11 11",
        address: "Storgatan 12",
        postalCode: "753 20",
        city: "Uppsala",
        technician: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it.each([
    ["customer name, any case", "KARLSSON", () => [maria]],
    ["customer name with å, ä, ö", "åsa öb", () => [asa]],
    ["address", "storgatan", () => [lars]],
    ["city", "uppsala", () => [lars, erik]],
    ["date yyyy-MM-dd", "2026-12-08", () => [maria]],
    ["a LIKE wildcard taken literally", "%", () => []],
    ["nothing that matches", "Ingen Alls", () => []],
  ])("searches by %s", async (_, term, expected) => {
    const list = await search(`search=${encodeURIComponent(term)}&sort=date_desc`);
    expect(ids(list).sort()).toEqual(expected().sort());
    expect(list.total).toBe(expected().length);
  });

  it("searches by booking id, with or without #", async () => {
    expect(ids(await search(`search=${encodeURIComponent(`#${maria}`)}`))).toEqual([maria]);
    expect(ids(await search(`search=${maria}`))).toContain(maria);
  });

  it("filters by status and by type, also together with a search", async () => {
    expect(ids(await search("status=cancelled"))).toEqual([asa]);
    expect(ids(await search("status=confirmed&search=uppsala")).sort()).toEqual([lars, erik].sort());
    expect(ids(await search("serviceType=hembesok"))).toEqual([erik]);
    expect(ids(await search("serviceType=installation&status=confirmed"))).toEqual([maria]);
    expect(ids(await search("serviceType=troubleshooting&status=confirmed"))).toEqual([]);
    for (const bad of ["status=hacked", "serviceType=bastu", "pageSize=7", "page=0", "sort=namn"]) {
      expect((await get(`/api/admin/bookings?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it("pages on the server with the total of all matches, and sorts by date or by creation", async () => {
    // Twelve more visits in Uppsala on Monday evenings and Saturdays.
    const dates = [
      "2026-12-14",
      "2026-12-19",
      "2026-12-21",
      "2026-12-28",
      "2027-01-02",
      "2027-01-04",
      "2027-01-09",
      "2027-01-11",
      "2027-01-16",
      "2027-01-18",
      "2027-01-23",
      "2027-01-25",
    ];
    const extra = [];
    for (const [i, date] of dates.entries()) {
      extra.push((await publicBooking({ date, timeSlot: "12:00-14:00", name: `Sida ${i}`, email: `sida${i}@exempel.se`, city: "Uppsala" })).id);
    }
    const all = [lars, erik, ...extra];
    const page1 = await search("search=uppsala&pageSize=10&sort=date_asc");
    const page2 = await search("search=uppsala&pageSize=10&sort=date_asc&page=2");
    expect(page1.total).toBe(14);
    expect(page2.total).toBe(14);
    expect(page1.items).toHaveLength(10);
    expect(page2.items).toHaveLength(4);
    const ascending = [...page1.items, ...page2.items].map((i: { date: string }) => i.date);
    expect(ascending).toEqual([...ascending].sort());
    expect(new Set([...ids(page1), ...ids(page2)])).toEqual(new Set(all));
    // Beyond the last page: no rows, the total still told.
    expect(await search("search=uppsala&pageSize=10&page=3")).toMatchObject({ items: [], total: 14, page: 3 });

    const descending = (await search("search=uppsala&pageSize=100&sort=date_desc")).items.map((i: { date: string }) => i.date);
    expect(descending).toEqual([...ascending].reverse());
    expect(ids(await search("search=uppsala&pageSize=10&sort=created_desc")).slice(0, 3)).toEqual([extra[11], extra[10], extra[9]]);
  });
});

// --- Create -------------------------------------------------------------------------------------------

describe("creating a booking for a phone customer", () => {
  it("books a new customer: 201, the customer, their link, the confirmation e-mail and history 'created' by the admin", async () => {
    const res = await adminCreate(adminPayload());
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [customer] = await queryRows(database, sql`select name, phone, address, city, postal_code from customers where email = 'gunnar@exempel.se'`);
    expect(customer).toEqual({ name: "Gunnar Telefon", phone: "070-222 33 44", address: "Telefonvägen 8", city: "Enköping", postal_code: "745 31" });
    const links = await queryRows<{ token: string; is_active: boolean; created_by: number; allow_client_updates: boolean }>(
      database,
      sql`select token, is_active, created_by, allow_client_updates from shared_booking_links where booking_id = ${id}`,
    );
    expect(links).toEqual([{ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), is_active: true, created_by: adminId, allow_client_updates: false }]);
    const mails = await queryRows<{ subject: string; text: string; status: string }>(
      database,
      sql`select subject, text, status from email_outbox where "to" = 'gunnar@exempel.se'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Bokningsbekräftelse: Service måndag 23 november 2026 kl. 16:00");
    expect(mails[0].text).toContain(`http://app.test/booking/shared/${links[0].token}`);

    const d = await detail(id);
    expect(d.booking).toMatchObject({
      id,
      serviceType: "service",
      status: "planned",
      date: "2026-11-23",
      timeSlot: "16:00-18:00",
      heatpumpModel: "Nibe F2040",
      description: "Ringde in: värmepumpen låter.",
    });
    expect(d.history).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: "admin",
        actorName: "Chefen Anna",
        kind: "created",
        from: null,
        to: "2026-11-23 16:00-18:00",
        note: null,
      },
    ]);
    // The link page works for the customer at once.
    expect((await app.inject({ method: "GET", url: `/api/booking-links/${links[0].token}` })).json().booking.id).toBe(id);
  });

  it("books an existing customer picked by search: their record stays as it is, the booking keeps what was typed", async () => {
    const [lars] = await queryRows<{ id: number; name: string; phone: string; address: string }>(
      database,
      sql`select id, name, phone, address from customers where email = 'lars@exempel.se'`,
    );
    const found = (await get("/api/admin/customers/search?q=lars")).json();
    expect(found).toContainEqual(expect.objectContaining({ id: lars.id, name: "Lars Andersson", email: "lars@exempel.se" }));
    const typed = {
      name: "Lars Andersson",
      email: "lars.sommar@exempel.se",
      phone: "073-999 88 77",
      address: "Sommarstugan 1",
      city: "Öregrund",
      postalCode: "742 42",
    };
    const id = await created(adminPayload({ customerId: lars.id, customerInfo: typed, date: "2026-11-24", timeSlot: "08:00-10:00" }));
    const [record] = await queryRows(database, sql`select id, name, phone, address from customers where id = ${lars.id}`);
    expect(record).toEqual(lars);
    const d = await detail(id);
    expect(d.customer).toMatchObject({ id: lars.id, name: "Lars Andersson", phone: "070-111 11 11", address: "Storgatan 12" });
    expect(d.contact).toEqual(typed);
    expect((await queryRows(database, sql`select id from customers where email = 'lars.sommar@exempel.se'`)).length).toBe(0);
    const [mail] = await queryRows<{ to: string }>(database, sql`select "to" from email_outbox where subject like '%tisdag 24 november 2026 kl. 08:00'`);
    expect(mail.to).toBe("lars.sommar@exempel.se");
  });

  it("answers 404 for a customer that no longer exists", async () => {
    const res = await adminCreate(adminPayload({ customerId: 987_654, date: "2026-11-24", timeSlot: "10:00-12:00" }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Kunden finns inte längre." });
  });

  it.each<[string, Partial<AdminCreate> | ((p: AdminCreate) => unknown), string]>([
    ["a one-letter name", { customerInfo: { ...phoneCustomer, name: " G " } }, "Kundens namn måste vara minst 2 tecken"],
    ["no name", { customerInfo: { ...phoneCustomer, name: undefined } }, "Kundens namn måste vara minst 2 tecken"],
    ["an invalid e-mail", { customerInfo: { ...phoneCustomer, email: "gunnar.exempel.se" } }, "Ogiltig e-postadress"],
    ["a five-character phone", { customerInfo: { ...phoneCustomer, phone: "12345" } }, "Telefonnummer måste vara minst 6 tecken"],
    ["a one-letter address", { customerInfo: { ...phoneCustomer, address: "X" } }, "Adressen måste vara minst 2 tecken"],
    ["a one-letter city", { customerInfo: { ...phoneCustomer, city: "Y" } }, "Orten måste vara minst 2 tecken"],
    ["a four-character postal code", { customerInfo: { ...phoneCustomer, postalCode: "7453" } }, "Postnumret måste vara minst 5 tecken"],
    ["no date", { date: undefined }, "Välj ett datum för bokningen"],
    ["a malformed date", { date: "23/11/2026" }, "Välj ett datum för bokningen"],
    ["no time", { timeSlot: undefined }, "Välj en tid för bokningen"],
    ["a malformed time", { timeSlot: "16-18" }, "Välj en tid för bokningen"],
    ["an unknown service type", { serviceType: "bastu" }, "Välj en tjänst"],
    ["a status outside rules §4", { status: "hacked" }, "Ogiltig status"],
  ])("refuses %s with 400 and the message of rules §5", async (_, overrides, message) => {
    const before = (await queryRows<{ n: number }>(database, sql`select count(*)::int as n from bookings`))[0].n;
    const res = await adminCreate({ ...adminPayload({ date: "2026-11-30", timeSlot: "08:00-10:00" }), ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await queryRows<{ n: number }>(database, sql`select count(*)::int as n from bookings`))[0].n).toBe(before);
  });

  it("refuses a taken time with 409 and the same Swedish message a customer gets", async () => {
    await publicBooking({ date: "2026-12-14", timeSlot: "08:00-10:00", email: "forst@exempel.se" });
    const customer = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: bookingPayload({ date: "2026-12-14", timeSlot: "08:00-10:00", email: "sen@exempel.se" }),
    });
    expect(customer.statusCode).toBe(409);
    const staff = await adminCreate(adminPayload({ date: "2026-12-14", timeSlot: "08:00-10:00" }));
    expect(staff.statusCode).toBe(409);
    expect(staff.json()).toEqual(customer.json());
    expect(staff.json()).toEqual({ message: TAKEN });
    // Any overlap counts, whatever the service type (rules D5): installation 09:00-11:00.
    const overlap = await adminCreate(adminPayload({ serviceType: "installation", date: "2026-12-14", timeSlot: "09:00-11:00" }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toEqual({ message: TAKEN });
  });

  it("lets the database decide between admins booking the same time at once: one wins, the rest get 409", async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        adminCreate(adminPayload({ date: "2026-12-01", timeSlot: "12:00-14:00", customerInfo: { ...phoneCustomer, email: `samtidig${i}@exempel.se` } })),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json().message).toMatch(/inte längre tillgänglig|bokas av någon annan/);
    expect(await queryRows(database, sql`select id from bookings where date = '2026-12-01' and time_slot = '12:00-14:00'`)).toHaveLength(1);
    // The losers left no customer, link or e-mail behind.
    expect(await queryRows(database, sql`select id from customers where email like 'samtidig%'`)).toHaveLength(1);
    expect(await queryRows(database, sql`select id from email_outbox where "to" like 'samtidig%'`)).toHaveLength(1);
  });

  it("refuses a blocked time with 409, but books a home visit then (home visits are never blocked)", async () => {
    const block = await send("POST", "/api/admin/blocked-time-slots", {
      date: "2026-11-26",
      startTime: "08:00",
      endTime: "17:00",
      reason: "Utbildning",
      serviceTypes: ["service", "troubleshooting", "installation"],
    });
    expect(block.statusCode).toBe(201);
    const res = await adminCreate(adminPayload({ date: "2026-11-26", timeSlot: "10:00-12:00" }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: BLOCKED });
    expect(
      (await adminCreate(adminPayload({ serviceType: "hembesok", heatpumpModel: undefined, date: "2026-11-26", timeSlot: "10:00-10:30" }))).statusCode,
    ).toBe(201);
  });

  it.each([
    ["a date in the past", "2026-11-21", "12:00-14:00", "Det går inte att boka ett datum som redan har passerat."],
    ["a time today that has passed", "2026-11-22", "08:00-10:00", PAST_TIME],
    ["a time today that has started", "2026-11-22", "10:00-12:00", PAST_TIME],
    ["a slot not offered", "2026-11-30", "08:30-10:30", "Tiden 08:30–10:30 kan inte bokas för den här tjänsten det valda datumet."],
    ["a two-hour slot that is not on the list", "2026-11-30", "11:00-13:00", "Tiden 11:00–13:00 kan inte bokas för den här tjänsten det valda datumet."],
  ])("refuses %s with 422", async (_, date, timeSlot, message) => {
    const res = await adminCreate(adminPayload({ date, timeSlot }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message });
  });

  it("books later today, any weekday, and the installation start at 09:00 (rules D6)", async () => {
    expect((await adminCreate(adminPayload({ date: "2026-11-22", timeSlot: "12:00-14:00" }))).statusCode).toBe(201);
    expect((await adminCreate(adminPayload({ serviceType: "installation", date: "2026-11-29", timeSlot: "09:00-11:00" }))).statusCode).toBe(201);
    const refused = await adminCreate(adminPayload({ serviceType: "installation", date: "2026-11-29", timeSlot: "12:00-14:00" }));
    expect(refused.statusCode).toBe(422);
  });
});

// --- Detail -------------------------------------------------------------------------------------------

describe("the booking detail", () => {
  it("shows the booking, the contact copy, the customer record, images, the link and the history", async () => {
    const id = await created(
      adminPayload({ date: "2026-11-27", timeSlot: "08:00-10:00", customerInfo: { ...phoneCustomer, email: "detalj@exempel.se", name: "Dora Detalj" } }),
    );
    await database.db.execute(sql`update bookings set notes = 'Hunden är snäll', assigned_technician_id = ${technicianId} where id = ${id}`);
    await database.db.execute(sql`update users set phone = '070-777 66 55' where id = ${technicianId}`);
    const res = await get(`/api/admin/bookings/${id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.booking).toEqual({
      id,
      serviceType: "service",
      status: "planned",
      date: "2026-11-27",
      timeSlot: "08:00-10:00",
      endTime: "10:00",
      description: "Ringde in: värmepumpen låter.",
      heatpumpModel: "Nibe F2040",
      notes: "Hunden är snäll",
      createdAt: expect.any(String),
      technician: { id: technicianId, name: "Tekla Tekniker", phone: "070-777 66 55" },
    });
    expect(d.contact).toEqual({ ...phoneCustomer, email: "detalj@exempel.se", name: "Dora Detalj" });
    expect(d.customer).toMatchObject({ name: "Dora Detalj", email: "detalj@exempel.se", notes: null });
    expect(d.images).toEqual([]);
    expect(d.link).toEqual({
      url: expect.stringMatching(/^http:\/\/app\.test\/booking\/shared\/[A-Za-z0-9_-]{43}$/),
      isActive: true,
      allowClientUpdates: false,
      expiresAt: "2026-12-27T23:59:59.000Z",
      lastAccessed: null,
      createdAt: expect.any(String),
    });
    expect(d.history.map((e: { kind: string }) => e.kind)).toEqual(["created"]);
  });

  it("answers 404 'Bokning hittades inte' for a booking that does not exist, 400 for a malformed id", async () => {
    const res = await get("/api/admin/bookings/999999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    for (const [method, url, payload] of [
      ["PATCH", "/api/admin/bookings/999999/status", { status: "confirmed" }],
      ["PATCH", "/api/admin/bookings/999999", { date: "2026-12-01", timeSlot: "08:00-10:00" }],
      ["POST", "/api/admin/bookings/999999/link", {}],
      ["PATCH", "/api/admin/bookings/999999/link", { isActive: false }],
    ] as const) {
      const missing = await send(method, url, payload);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual(NOT_FOUND);
    }
    const malformed = await get("/api/admin/bookings/abc");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: "Ogiltigt id" });
  });
});

// --- Status -------------------------------------------------------------------------------------------

describe("changing the status", () => {
  it("records every change in the history: who, from, to; setting the same status records nothing", async () => {
    const id = await created(adminPayload({ date: "2026-11-28", timeSlot: "08:00-10:00" }));
    const res = await send("PATCH", `/api/admin/bookings/${id}/status`, { status: "confirmed" });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.status).toBe("confirmed");
    await send("PATCH", `/api/admin/bookings/${id}/status`, { status: "in_progress" });
    await send("PATCH", `/api/admin/bookings/${id}/status`, { status: "in_progress" });
    const history = (await detail(id)).history;
    expect(
      history.map((e: { kind: string; from: string | null; to: string | null; actor: string; actorName: string }) => [
        e.kind,
        e.from,
        e.to,
        e.actor,
        e.actorName,
      ]),
    ).toEqual([
      ["created", null, "2026-11-28 08:00-10:00", "admin", "Chefen Anna"],
      ["status", "planned", "confirmed", "admin", "Chefen Anna"],
      ["status", "confirmed", "in_progress", "admin", "Chefen Anna"],
    ]);
  });

  it("refuses a status outside rules §4 with 400 'Ogiltig status' and changes nothing", async () => {
    const id = await created(adminPayload({ date: "2026-11-28", timeSlot: "10:00-12:00" }));
    for (const payload of [{ status: "hacked" }, { status: "" }, { status: null }, {}, { status: "Cancelled" }]) {
      const res = await send("PATCH", `/api/admin/bookings/${id}/status`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: "Ogiltig status" });
    }
    expect((await detail(id)).booking.status).toBe("planned");
  });

  it("frees the time at once when cancelled, and refuses to bring it back once someone else took it (409)", async () => {
    const first = await publicBooking({ date: "2026-12-21", timeSlot: "08:00-10:00", email: "ater@exempel.se" });
    expect((await dayView("2026-12-21"))["08:00-10:00"]).toBe(false);
    await send("PATCH", `/api/admin/bookings/${first.id}/status`, { status: "cancelled" });
    expect((await dayView("2026-12-21"))["08:00-10:00"]).toBe(true);
    await publicBooking({ date: "2026-12-21", timeSlot: "08:00-10:00", email: "tog-tiden@exempel.se" });
    const back = await send("PATCH", `/api/admin/bookings/${first.id}/status`, { status: "confirmed" });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ message: "Tiden har bokats av någon annan sedan bokningen avbokades. Omplanera bokningen till en ledig tid i stället." });
    expect((await detail(first.id)).booking.status).toBe("cancelled");
    // A cancelled booking whose time is still free comes back.
    const second = await publicBooking({ date: "2026-12-21", timeSlot: "10:00-12:00", email: "ater2@exempel.se" });
    await send("PATCH", `/api/admin/bookings/${second.id}/status`, { status: "cancelled" });
    expect((await send("PATCH", `/api/admin/bookings/${second.id}/status`, { status: "planned" })).statusCode).toBe(200);
    expect((await dayView("2026-12-21"))["10:00-12:00"]).toBe(false);
  });
});

// --- Reschedule ---------------------------------------------------------------------------------------

describe("rescheduling", () => {
  it("moves the booking, sets 'rescheduled', records from and to, and frees the old time at once", async () => {
    const { id } = await publicBooking({ date: "2026-12-28", timeSlot: "08:00-10:00", email: "omplanera@exempel.se" });
    expect((await dayView("2026-12-28"))["08:00-10:00"]).toBe(false);
    const res = await send("PATCH", `/api/admin/bookings/${id}`, { date: "2026-12-29", timeSlot: "16:00-18:00" });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ date: "2026-12-29", timeSlot: "16:00-18:00", status: "rescheduled" });
    expect((await dayView("2026-12-28"))["08:00-10:00"]).toBe(true);
    expect((await dayView("2026-12-29"))["15:30-17:30"]).toBe(false); // overlaps the new 16:00-18:00
    const history = res.json().history.slice(1);
    expect(history).toEqual([
      expect.objectContaining({ actor: "admin", actorName: "Chefen Anna", kind: "reschedule", from: "2026-12-28 08:00-10:00", to: "2026-12-29 16:00-18:00" }),
      expect.objectContaining({ actor: "admin", actorName: "Chefen Anna", kind: "status", from: "confirmed", to: "rescheduled" }),
    ]);
    // The customer is told, with the new time's .ics and their link.
    const [mail] = await queryRows<{ subject: string; text: string; attachments: { filename: string; content: string }[] }>(
      database,
      sql`select subject, text, attachments from email_outbox where "to" = 'omplanera@exempel.se' and subject like 'Ny tid%'`,
    );
    expect(mail.subject).toBe("Ny tid för ditt besök: Service tisdag 29 december 2026 kl. 16:00");
    expect(mail.text).toContain("Ditt besök är flyttat från måndag 28 december 2026 kl. 08:00 till den nya tiden nedan:");
    expect(mail.text).toMatch(/http:\/\/app\.test\/booking\/shared\/[A-Za-z0-9_-]{43}/);
    expect(mail.attachments[0].content).toContain("DTSTART:20261229T150000Z");
    // With a status given, that status is kept; a status-only "move" to the same time sends nothing.
    const kept = await send("PATCH", `/api/admin/bookings/${id}`, { date: "2026-12-30", timeSlot: "08:00-10:00", status: "confirmed" });
    expect(kept.json().booking).toMatchObject({ date: "2026-12-30", timeSlot: "08:00-10:00", status: "confirmed" });
    await send("PATCH", `/api/admin/bookings/${id}`, { date: "2026-12-30", timeSlot: "08:00-10:00" });
    // The second move, minutes after the first, replaced its e-mail while it waited (issue 22.2): one
    // e-mail, from the time the customer knew to the last one.
    const moves = await queryRows<{ subject: string; text: string }>(
      database,
      sql`select subject, text from email_outbox where "to" = 'omplanera@exempel.se' and subject like 'Ny tid%'`,
    );
    expect(moves).toHaveLength(1);
    expect(moves[0].subject).toBe("Ny tid för ditt besök: Service onsdag 30 december 2026 kl. 08:00");
    expect(moves[0].text).toContain("Ditt besök är flyttat från måndag 28 december 2026 kl. 08:00 till den nya tiden nedan:");
  });

  it("refuses a taken time (409) and a blocked time (409), keeping the booking where it was", async () => {
    const { id } = await publicBooking({ date: "2026-12-28", timeSlot: "10:00-12:00", email: "konflikt@exempel.se" });
    await publicBooking({ date: "2027-01-04", timeSlot: "08:00-10:00", email: "upptagen@exempel.se" });
    const taken = await send("PATCH", `/api/admin/bookings/${id}`, { date: "2027-01-04", timeSlot: "08:00-10:00" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: TAKEN });
    await send("POST", "/api/admin/blocked-time-slots", {
      date: "2027-01-05",
      startTime: "12:00",
      endTime: "13:00",
      reason: "Möte",
      serviceTypes: ["service"],
    });
    const blocked = await send("PATCH", `/api/admin/bookings/${id}`, { date: "2027-01-05", timeSlot: "12:00-14:00" });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ message: BLOCKED });
    const d = await detail(id);
    expect(d.booking).toMatchObject({ date: "2026-12-28", timeSlot: "10:00-12:00", status: "confirmed" });
    expect(d.history.map((e: { kind: string }) => e.kind)).toEqual(["created"]);
    // Moving within its own time (an overlap with itself only) is fine.
    expect((await send("PATCH", `/api/admin/bookings/${id}`, { date: "2026-12-28", timeSlot: "10:00-12:00" })).statusCode).toBe(200);
  });

  it("refuses a time that has passed with 422 'Du kan inte boka en tid som redan har passerat.'", async () => {
    const { id } = await publicBooking({ date: "2027-01-04", timeSlot: "10:00-12:00", email: "passerat@exempel.se" });
    for (const [date, timeSlot] of [
      ["2026-11-22", "10:00-12:00"],
      ["2026-11-20", "12:00-14:00"],
    ]) {
      const res = await send("PATCH", `/api/admin/bookings/${id}`, { date, timeSlot });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: PAST_TIME });
    }
    expect((await send("PATCH", `/api/admin/bookings/${id}`, { date: "2026-11-22", timeSlot: "16:00-18:00" })).statusCode).toBe(200);
  });

  it("asks for both date and time with 400 'Både datum och tid måste anges.'", async () => {
    const { id } = await publicBooking({ date: "2026-12-28", timeSlot: "14:00-16:00", email: "falt@exempel.se" });
    for (const payload of [{ timeSlot: "08:00-10:00" }, { date: "2027-01-11" }, {}, { date: "", timeSlot: "" }, { date: "2027-01-11", timeSlot: "8-10" }]) {
      const res = await send("PATCH", `/api/admin/bookings/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: "Både datum och tid måste anges." });
    }
    const status = await send("PATCH", `/api/admin/bookings/${id}`, { date: "2027-01-11", timeSlot: "08:00-10:00", status: "hacked" });
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({ message: "Ogiltig status" });
  });

  it("offers the rules §5 reschedule slots; a home visit may keep its 30 minutes", async () => {
    const { id } = await publicBooking({ date: "2027-01-11", timeSlot: "08:00-10:00", email: "slots@exempel.se" });
    const odd = await send("PATCH", `/api/admin/bookings/${id}`, { date: "2027-01-12", timeSlot: "15:30-17:30" });
    expect(odd.statusCode).toBe(422);
    expect(odd.json()).toEqual({ message: "Tiden 15:30–17:30 kan inte bokas för den här tjänsten det valda datumet." });
    const home = await created(adminPayload({ serviceType: "hembesok", heatpumpModel: undefined, date: "2026-12-02", timeSlot: "10:00-10:30" }));
    const moved = await send("PATCH", `/api/admin/bookings/${home}`, { date: "2026-12-03", timeSlot: "13:30-14:00" });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().booking).toMatchObject({ date: "2026-12-03", timeSlot: "13:30-14:00" });
  });

  it("keeps the customer's link working until after the new date", async () => {
    const { id, token } = await publicBooking({ date: "2027-01-11", timeSlot: "10:00-12:00", email: "langt-fram@exempel.se" });
    expect((await detail(id)).link.expiresAt).toBe("2027-02-10T23:59:59.000Z");
    expect((await send("PATCH", `/api/admin/bookings/${id}`, { date: "2027-04-12", timeSlot: "08:00-10:00" })).statusCode).toBe(200);
    expect((await detail(id)).link.expiresAt).toBe("2027-05-12T23:59:59.000Z");
    // An earlier date never shortens it.
    expect((await send("PATCH", `/api/admin/bookings/${id}`, { date: "2026-12-01", timeSlot: "08:00-10:00" })).statusCode).toBe(200);
    expect((await detail(id)).link.expiresAt).toBe("2027-05-12T23:59:59.000Z");
    expect((await app.inject({ method: "GET", url: `/api/booking-links/${token}` })).statusCode).toBe(200);
  });
});

// --- The customer's link ------------------------------------------------------------------------------

describe("the customer's link, managed by staff", () => {
  it("creates a new link that replaces the old one (old token → 404), deactivates and reactivates it, toggles image updates", async () => {
    const { id, token: old } = await publicBooking({ date: "2027-01-18", timeSlot: "08:00-10:00", email: "lank@exempel.se" });
    const fresh = await send("POST", `/api/admin/bookings/${id}/link`, { allowClientUpdates: true });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toMatchObject({ isActive: true, allowClientUpdates: true, lastAccessed: null, expiresAt: "2027-02-17T23:59:59.000Z" });
    const token = fresh.json().url.split("/").pop();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const oldView = await app.inject({ method: "GET", url: `/api/booking-links/${old}` });
    expect(oldView.statusCode).toBe(404);
    expect(oldView.json()).toEqual(LINK_INVALID);
    const view = () => app.inject({ method: "GET", url: `/api/booking-links/${token}` });
    expect((await view()).json().updatesAllowed).toBe(true);
    expect((await detail(id)).link.url).toBe(fresh.json().url);

    const off = await send("PATCH", `/api/admin/bookings/${id}/link`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, allowClientUpdates: true });
    expect((await view()).statusCode).toBe(404);
    expect((await view()).json()).toEqual(LINK_INVALID);
    expect((await send("PATCH", `/api/admin/bookings/${id}/link`, { isActive: true })).statusCode).toBe(200);
    expect((await view()).statusCode).toBe(200);

    expect((await send("PATCH", `/api/admin/bookings/${id}/link`, { allowClientUpdates: false })).json()).toMatchObject({
      isActive: true,
      allowClientUpdates: false,
    });
    expect((await view()).json().updatesAllowed).toBe(false);
    const nothing = await send("PATCH", `/api/admin/bookings/${id}/link`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ message: "Inget att ändra" });

    expect(
      (await detail(id)).history.filter((e: { kind: string }) => e.kind === "link").map((e: { from: string | null; to: string | null }) => [e.from, e.to]),
    ).toEqual([
      [null, "ny länk"],
      ["aktiv", "inaktiv"],
      ["inaktiv", "aktiv"],
    ]);
  });
});

// --- Customer search ----------------------------------------------------------------------------------

describe("customer search", () => {
  it("finds customers by name, e-mail, phone or address, at most ten; an empty search is refused", async () => {
    expect((await get("/api/admin/customers/search?q=KARLSSON")).json()).toEqual([
      {
        id: expect.any(Number),
        name: "Maria Karlsson",
        email: "maria@exempel.se",
        phone: "070-123 45 67",
        address: "Kungsgatan 5",
        postalCode: "753 20",
        city: "Stockholm",
      },
    ]);
    const byPhone = (await get("/api/admin/customers/search?q=070-222")).json();
    expect(byPhone.map((c: { name: string }) => c.name)).toContain("Gunnar Telefon");
    expect(byPhone.every((c: { phone: string }) => c.phone === "070-222 33 44")).toBe(true);
    expect(byPhone.map((c: { name: string }) => c.name)).toEqual(
      byPhone.map((c: { name: string }) => c.name).sort((a: string, b: string) => a.localeCompare(b, "sv")),
    );
    expect((await get("/api/admin/customers/search?q=%C3%A4ngsv%C3%A4gen")).json().map((c: { name: string }) => c.name)).toEqual(["Åsa Öberg"]);
    expect((await get("/api/admin/customers/search?q=exempel.se")).json()).toHaveLength(10);
    expect((await get("/api/admin/customers/search?q=%25")).json()).toEqual([]);
    expect((await get("/api/admin/customers/search?q=")).statusCode).toBe(400);
  });
});

// --- Overview -----------------------------------------------------------------------------------------

describe("the overview", () => {
  let other: string;

  beforeAll(async () => {
    await createUser(database, { username: "biträde", password: "Bitrade123", role: "admin", name: "Biträdet Bo" });
    other = await loginAs(app, "biträde", "Bitrade123", "admin");
  });

  const overview = async (cookie = admin) => {
    const res = await get("/api/admin/overview", cookie);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("shows today's visits in time order, with the technician, but not cancelled ones", async () => {
    await database.db.execute(sql`delete from bookings where date = '2026-11-22'`);
    const late = await created(adminPayload({ date: "2026-11-22", timeSlot: "16:00-18:00", customerInfo: { ...phoneCustomer, name: "Sen Kund" } }));
    const early = await created(adminPayload({ date: "2026-11-22", timeSlot: "12:00-14:00", customerInfo: { ...phoneCustomer, name: "Tidig Kund" } }));
    const off = await created(adminPayload({ date: "2026-11-22", timeSlot: "14:00-16:00" }));
    await send("PATCH", `/api/admin/bookings/${off}/status`, { status: "cancelled" });
    await database.db.execute(sql`update bookings set assigned_technician_id = ${technicianId} where id = ${early}`);
    const { today } = await overview();
    expect(today.map((b: { id: number }) => b.id)).toEqual([early, late]);
    expect(today[0]).toMatchObject({
      customerName: "Tidig Kund",
      timeSlot: "12:00-14:00",
      address: "Telefonvägen 8",
      city: "Enköping",
      technician: { id: technicianId, name: "Tekla Tekniker" },
    });
    expect(today[1].technician).toBeNull();
  });

  it("lists bookings made since the admin last looked; marking them seen empties the list, for that admin only", async () => {
    const before = await overview();
    expect(before.newBookings.since).toBeNull(); // never looked: the last 7 days
    expect(before.newBookings.items.length).toBeGreaterThan(0);
    const seen = await send("POST", "/api/admin/overview/seen");
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ ok: true });
    const after = await overview();
    expect(after.newBookings.items).toEqual([]);
    expect(after.newBookings.since).toEqual(expect.any(String));

    const { id } = await publicBooking({ date: "2027-01-25", timeSlot: "08:00-10:00", email: "ny@exempel.se", name: "Nina Ny" });
    const fresh = await overview();
    expect(fresh.newBookings.items).toEqual([expect.objectContaining({ id, customerName: "Nina Ny", date: "2027-01-25" })]);
    // The other admin has not looked: they still see everything of the last week.
    expect((await overview(other)).newBookings.items.length).toBeGreaterThan(1);
  });

  it("asks for attention: unassigned visits in the coming week and e-mails that failed", async () => {
    const soon = await created(adminPayload({ date: "2026-11-27", timeSlot: "10:00-12:00" }));
    const assigned = await created(adminPayload({ date: "2026-11-27", timeSlot: "12:00-14:00" }));
    await database.db.execute(sql`update bookings set assigned_technician_id = ${technicianId} where id = ${assigned}`);
    const cancelled = await created(adminPayload({ date: "2026-11-27", timeSlot: "14:00-16:00" }));
    await send("PATCH", `/api/admin/bookings/${cancelled}/status`, { status: "cancelled" });
    const later = await created(adminPayload({ date: "2026-12-04", timeSlot: "08:00-10:00" }));
    const { attention } = await overview();
    const unassigned = attention.unassignedNextWeek.map((b: { id: number }) => b.id);
    expect(unassigned).toContain(soon);
    expect(unassigned).not.toContain(assigned);
    expect(unassigned).not.toContain(cancelled);
    expect(unassigned).not.toContain(later);
    const dates = attention.unassignedNextWeek.map((b: { date: string }) => b.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((d: string) => d >= "2026-11-22" && d <= "2026-11-29")).toBe(true);

    expect(attention.failedEmails).toEqual([]);
    const failedId = await enqueueEmail(database.db, { to: "studsar@exempel.se", subject: "Bokningsbekräftelse: Service", text: "x" }, { customerId: null });
    await database.db.execute(sql`update email_outbox set status = 'failed', attempts = 20, last_error = '550 Mailbox unavailable' where id = ${failedId}`);
    expect((await overview()).attention.failedEmails).toEqual([
      { id: failedId, to: "studsar@exempel.se", subject: "Bokningsbekräftelse: Service", lastError: "550 Mailbox unavailable", createdAt: expect.any(String) },
    ]);
  });
});
