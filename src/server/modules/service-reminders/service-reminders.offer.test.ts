import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { addDays } from "@/common/booking-rules";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Issue 22.8: a service reminder's 15 % discount is given once, and only to the customer the
// reminder was sent to. Before, one link gave it to any number of bookings by anyone who had it.

const TODAY = "2026-11-22"; // NOW's date in Stockholm
const NOTE = "Servicepåminnelse: 15 % rabatt på servicen (erbjudandet gäller t.o.m. 2026-12-29).";

let database: Database;
let app: FastifyInstance;
let second: FastifyInstance;
let admin: string;
let clock = NOW;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => clock, settingsCacheMs: 0 });
  second = await buildApp(testConfig(), { database, now: () => clock, settingsCacheMs: 0 });
  await Promise.all([app.ready(), second.ready()]);
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  // Three customers whose pumps are due, reminded today and sent the reminder a week later.
  const customers = ["anna", "bertil", "cecilia"].map((name) => ({
    name: `${name[0].toUpperCase()}${name.slice(1)} Kund`,
    email: `${name}@exempel.se`,
    phone: "070-111 22 33",
    address: "Bruksgatan 3",
    city: "Gävle",
    postal_code: "802 50",
    products: [{ model: "Nibe F2120", install_date: addDays(TODAY, -800) }],
  }));
  expect((await asAdmin("/api/admin/customers/import", { customers })).statusCode).toBe(200);
  expect((await asAdmin("/api/admin/service-reminders/create", {})).json()).toEqual({ createdCount: 3 });
  clock = new Date("2026-11-29T08:00:00+01:00");
  expect((await asAdmin("/api/admin/service-reminders/send")).json()).toEqual({ sentCount: 3 });
});
afterAll(async () => {
  await second.close();
  await app.close();
  await database.close();
});

const asAdmin = (url: string, payload?: unknown) =>
  app.inject({ method: "POST", url, headers: { ...SAME_ORIGIN, cookie: admin }, ...(payload === undefined ? {} : { payload: payload as object }) });

const tokenOf = async (email: string) =>
  (await queryRows<{ token: string }>(database, sql`select r.token from reminders r join customers c on c.id = r.customer_id where c.email = ${email}`))[0]
    .token;

/** Service slots bookable from the sending day (14 days ahead), never the same twice. */
const freeSlots = ["2026-12-14", "2026-12-21", "2026-12-28", "2027-01-04", "2027-01-11", "2027-01-18"].flatMap((date) =>
  ["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00"].map((timeSlot) => ({ date, timeSlot })),
);
const nextSlot = () => freeSlots.shift() ?? expect.fail("the test ran out of free slots");

function bookWithOffer(token: string, email: string, on: FastifyInstance = app) {
  return on.inject({ method: "POST", url: "/api/bookings", payload: { ...bookingPayload({ ...nextSlot(), email }), offerToken: token } });
}

const notesOf = async (ids: number[]) =>
  (
    await queryRows<{ id: number; notes: string | null }>(
      database,
      sql`select id, notes from bookings where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
    )
  ).map((r) => r.notes);
const offerOf = async (token: string) => (await app.inject({ method: "GET", url: `/api/service-reminders/offer/${token}` })).json();

describe("a reminder's discount", () => {
  it("goes to one booking only when ten bookings race with one offer on two app instances; the offer then shows as used", async () => {
    const token = await tokenOf("anna@exempel.se");
    expect(await offerOf(token)).toMatchObject({ valid: true, used: false });
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => bookWithOffer(token, "anna@exempel.se", i % 2 ? second : app)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const ids = responses.map((r) => r.json().id as number);
    const notes = await notesOf(ids);
    expect(notes.filter((n) => n === NOTE)).toHaveLength(1);
    expect(notes.filter((n) => n === null)).toHaveLength(9);
    const [{ offer_booking_id }] = await queryRows<{ offer_booking_id: number }>(
      database,
      sql`select offer_booking_id from reminders r join customers c on c.id = r.customer_id where c.email = 'anna@exempel.se'`,
    );
    expect(
      notes[
        ids
          .slice()
          .sort((a, b) => a - b)
          .indexOf(offer_booking_id)
      ],
    ).toBe(NOTE);
    // The booking form now says the discount is used, and another booking gets none.
    expect(await offerOf(token)).toMatchObject({ valid: false, used: true, validUntil: "2026-12-29" });
    const later = await bookWithOffer(token, "anna@exempel.se");
    expect(later.statusCode).toBe(201);
    expect(await notesOf([later.json().id])).toEqual([null]);
  });

  it("is only for the customer it was sent to: someone else with the link books without it and is not recorded as the reminder's answer", async () => {
    const token = await tokenOf("bertil@exempel.se");
    const stranger = await bookWithOffer(token, "inte.bertil@exempel.se");
    expect(stranger.statusCode, stranger.body).toBe(201);
    expect(await notesOf([stranger.json().id])).toEqual([null]);
    const [reminder] = await queryRows<{ offer_booking_id: number | null; response_status: string | null }>(
      database,
      sql`select offer_booking_id, response_status from reminders r join customers c on c.id = r.customer_id where c.email = 'bertil@exempel.se'`,
    );
    expect(reminder).toEqual({ offer_booking_id: null, response_status: null });
    expect(await offerOf(token)).toMatchObject({ valid: true, used: false });
    // The customer, typing their address in other letters, still gets it.
    const own = await bookWithOffer(token, "Bertil@Exempel.SE");
    expect(own.statusCode, own.body).toBe(201);
    expect(await notesOf([own.json().id])).toEqual([NOTE]);
  });

  it("is given back when the booking that had it is cancelled, for the next booking from the offer", async () => {
    const token = await tokenOf("cecilia@exempel.se");
    const first = await bookWithOffer(token, "cecilia@exempel.se");
    expect(await notesOf([first.json().id])).toEqual([NOTE]);
    const linkToken = (first.json().manageUrl as string).split("/").pop();
    expect((await app.inject({ method: "POST", url: `/api/booking-links/${linkToken}/cancel` })).statusCode).toBe(200);
    expect(await offerOf(token)).toMatchObject({ valid: true, used: false });
    const again = await bookWithOffer(token, "cecilia@exempel.se");
    expect(await notesOf([again.json().id])).toEqual([NOTE]);
    expect(await offerOf(token)).toMatchObject({ valid: false, used: true });
  });
});
