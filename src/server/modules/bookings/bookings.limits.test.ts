import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import { DEFAULT_LIMITS, type Limits } from "../../config";
import type { Database } from "../../db/client";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { createTestDatabase, queryRows, testConfig } from "../../test-support/test-app";
import { BOOKING_BODY_LIMIT } from "./bookings.routes";

// Abuse limits on POST /api/bookings with the values production uses (DEFAULT_LIMITS), attacked the
// way the audit did: many requests from one address, many for one e-mail, in parallel, oversized.

let database: Database;
const apps: FastifyInstance[] = [];

async function appWith(limits: Partial<Limits> = {}) {
  const app = await buildApp(testConfig({ limits: { ...DEFAULT_LIMITS, ...limits } }), { database, now: () => NOW });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

/** Service slots bookable from NOW: Mondays from 7 December (five slots each), never the same twice. */
const MONDAYS = ["2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28", "2027-01-04", "2027-01-11", "2027-01-18", "2027-01-25", "2027-02-01"];
const MONDAY_SLOTS = ["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00"];
const freeSlots = MONDAYS.flatMap((date) => MONDAY_SLOTS.map((timeSlot) => ({ date, timeSlot })));
const nextSlot = () => {
  const slot = freeSlots.shift();
  if (!slot) throw new Error("test ran out of free slots");
  return slot;
};

const book = (app: FastifyInstance, payload: unknown, remoteAddress = "198.51.100.1") =>
  app.inject({ method: "POST", url: "/api/bookings", payload: payload as object, remoteAddress });

describe("per-address limit", () => {
  it("refuses the 11th booking attempt from one address within an hour with a Swedish 429, before reading its body", async () => {
    const app = await appWith();
    const address = "203.0.113.10";
    const statuses = [];
    for (let i = 0; i < DEFAULT_LIMITS.bookingsPerAddressPerHour; i++) {
      statuses.push((await book(app, bookingPayload({ ...nextSlot(), email: `adress${i}@exempel.se` }), address)).statusCode);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await book(app, bookingPayload({ ...nextSlot(), email: "adress-extra@exempel.se" }), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/många bokningar/);
    // Malformed JSON would be a 400 if the body were read first: the limit answers before parsing.
    const unread = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: "{ inte json",
      headers: { "content-type": "application/json" },
      remoteAddress: address,
    });
    expect(unread.statusCode).toBe(429);
    // Another address books at once.
    expect((await book(app, bookingPayload({ ...nextSlot(), email: "granne@exempel.se" }), "203.0.113.11")).statusCode).toBe(201);
  });

  it("holds across two app instances on one database, in parallel", async () => {
    const [a, b] = [await appWith(), await appWith()];
    const address = "203.0.113.20";
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        app(i).inject({
          method: "POST",
          url: "/api/bookings",
          payload: "{ inte json",
          headers: { "content-type": "application/json" },
          remoteAddress: address,
        }),
      ),
    );
    function app(i: number) {
      return i % 2 === 0 ? a : b;
    }
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(DEFAULT_LIMITS.bookingsPerAddressPerHour);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - DEFAULT_LIMITS.bookingsPerAddressPerHour);
  });
});

describe("per e-mail limits", () => {
  it(`lets one e-mail address hold at most ${DEFAULT_LIMITS.activeBookingsPerEmail} visits ahead, even when 8 requests race`, async () => {
    const app = await appWith({ bookingsPerEmailPerDay: 100 }); // isolate the cap from the daily limit
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        book(app, bookingPayload({ ...nextSlot(), email: i % 2 ? "RUSH@exempel.se" : "rush@exempel.se" }), `192.0.2.${100 + i}`),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(DEFAULT_LIMITS.activeBookingsPerEmail);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(8 - DEFAULT_LIMITS.activeBookingsPerEmail);
    expect(refused[0].json().message).toBe(
      `Du har redan ${DEFAULT_LIMITS.activeBookingsPerEmail} kommande besök bokade med den här e-postadressen. Ring oss om du behöver boka fler.`,
    );
    const rows = await queryRows(database, sql`select id from bookings where lower(contact_email) = 'rush@exempel.se'`);
    expect(rows).toHaveLength(DEFAULT_LIMITS.activeBookingsPerEmail);
    const mails = await queryRows(database, sql`select id from email_outbox where lower("to") = 'rush@exempel.se'`);
    expect(mails).toHaveLength(DEFAULT_LIMITS.activeBookingsPerEmail);
  });

  it("frees a place when a visit is cancelled, but caps bookings per e-mail and day", async () => {
    const app = await appWith({ activeBookingsPerEmail: 1 });
    const email = "dagsgrans@exempel.se";
    for (let i = 0; i < DEFAULT_LIMITS.bookingsPerEmailPerDay; i++) {
      const res = await book(app, bookingPayload({ ...nextSlot(), email }), `192.0.2.${10 + i}`);
      expect(res.statusCode).toBe(201);
      await database.db.execute(sql`update bookings set status = 'cancelled' where id = ${res.json().id}`);
    }
    const refused = await book(app, bookingPayload({ ...nextSlot(), email }), "192.0.2.30");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/e-postadressen/);
  });

  it("counts one address however its letters are written towards the daily cap", async () => {
    // Mail servers deliver an address in any case to the same inbox, and so the cap counts it: a
    // version without the lower-casing gave each spelling its own count and let a sixth through.
    const app = await appWith({ activeBookingsPerEmail: 1 });
    const spellings = ["Skiftlage@Exempel.se", "SKIFTLAGE@EXEMPEL.SE", "skiftlage@exempel.se", "sKiftLage@exempel.SE", "SkiftLage@exempel.se"];
    expect(spellings).toHaveLength(DEFAULT_LIMITS.bookingsPerEmailPerDay);
    for (const [i, email] of spellings.entries()) {
      const res = await book(app, bookingPayload({ ...nextSlot(), email }), `192.0.2.${40 + i}`);
      expect(res.statusCode, email).toBe(201);
      await database.db.execute(sql`update bookings set status = 'cancelled' where id = ${res.json().id}`);
    }
    const refused = await book(app, bookingPayload({ ...nextSlot(), email: "SKIFTlage@Exempel.Se" }), "192.0.2.50");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/e-postadressen/);
  });
});

describe("body size", () => {
  /**
   * A JSON body of exactly `size` bytes: `{"description":"a"}` padded with spaces before the closing
   * brace. Built in a Buffer (outside the JavaScript heap) and mostly whitespace, so neither the test
   * nor the parser holds tens of megabytes of string: two such strings once made the garbage
   * collector take over a minute in a server worker that had run many files before (isolate: false).
   * What is checked is the same: the body parser's limit, byte for byte.
   */
  const paddedBody = (size: number) => {
    const head = Buffer.from('{"description":"a"');
    const body = Buffer.alloc(size, 0x20);
    head.copy(body, 0);
    body[size - 1] = 0x7d; // }
    return body;
  };

  it("accepts the largest valid body size and refuses one byte more with 413", async () => {
    const app = await appWith();
    expect(BOOKING_BODY_LIMIT).toBeGreaterThan(4 * Math.ceil((10 * 1024 * 1024) / 3) * 4);
    expect(BOOKING_BODY_LIMIT).toBeLessThan(57 * 1024 * 1024);
    const body = paddedBody(BOOKING_BODY_LIMIT);
    const tooBig = paddedBody(BOOKING_BODY_LIMIT + 1);
    expect(JSON.parse(body.toString("utf8"))).toEqual({ description: "a" });
    expect(body.byteLength).toBe(BOOKING_BODY_LIMIT);
    expect(tooBig.byteLength).toBe(BOOKING_BODY_LIMIT + 1);
    const refused = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: tooBig,
      headers: { "content-type": "application/json" },
      remoteAddress: "192.0.2.200",
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: "Begäran är för stor." });
    const atLimit = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: body,
      headers: { "content-type": "application/json" },
      remoteAddress: "192.0.2.201",
    });
    // Read whole and parsed: the booking schema answers (the other fields are missing), not the limit.
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toBe("Begäran är för stor.");
  });
});

describe("after the commit", () => {
  it("answers 201 even when telling the outbox throws; the message stays queued for the sweep", async () => {
    const app = await appWith();
    app.outbox.notify = () => {
      throw new Error("utkorgen är trasig");
    };
    const res = await book(app, bookingPayload({ ...nextSlot(), email: "efterarbete@exempel.se" }), "192.0.2.210");
    expect(res.statusCode).toBe(201);
    const [mail] = await queryRows<{ status: string }>(database, sql`select status from email_outbox where "to" = 'efterarbete@exempel.se'`);
    expect(mail.status).toBe("queued");
    // The customer's retry is not told their own booking took the slot: it is simply booked.
    expect(await queryRows(database, sql`select id from bookings where id = ${res.json().id}`)).toHaveLength(1);
  });
});

describe("hostile text", () => {
  it("refuses NUL and other control characters in any text field with a Swedish 400 and writes nothing", async () => {
    const app = await appWith();
    const before = await queryRows(database, sql`select count(*)::int as n from customers`);
    for (const field of ["name", "description", "address", "heatpumpModel"] as const) {
      const res = await book(app, bookingPayload({ ...freeSlots[0], email: "nul@exempel.se", [field]: "Anna\u0000Berg" }), "192.0.2.220");
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual({ message: "Texten innehåller otillåtna tecken." });
    }
    expect(await queryRows(database, sql`select count(*)::int as n from customers`)).toEqual(before);
  });
});
