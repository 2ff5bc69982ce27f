import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { addDays, bookableSlots, slotsOverlap, type TimeSlot } from "@/common/booking-rules";
import { bookingLinkText } from "@/common/schemas/booking-links";
import { buildApp } from "../../app";
import { DEFAULT_LIMITS, type Limits } from "../../config";
import type { Database } from "../../db/client";
import { closeImagePool } from "../../lib/images";
import { NOW, bookingPayload, phonePhotoDataUrl } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Issue 22.2: anyone who books with a stranger's e-mail address could move the visit back and forth
// through its link, and every move e-mailed the stranger (52 moves, 53 e-mails, never a 429). The
// link's actions are limited per link and per client address, in the database, with the values
// production uses (DEFAULT_LIMITS) unless a test says otherwise.

const TODAY = "2026-11-22"; // NOW's date in Stockholm

let database: Database;
const apps: FastifyInstance[] = [];

/** An app with the link limits of production (or the test's) and no limit on making the bookings to test with. */
async function appWith(limits: Partial<Limits> = {}) {
  const bookingLimits = { bookingsPerAddressPerHour: 10_000, bookingsPerEmailPerDay: 10_000, activeBookingsPerEmail: 10_000 };
  const app = await buildApp(testConfig({ limits: { ...DEFAULT_LIMITS, ...bookingLimits, ...limits } }), { database, now: () => NOW });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  await closeImagePool();
});

/** Service times a customer may book or move to from NOW, none overlapping another, each handed out once. */
const freeSlots = Array.from({ length: 61 }, (_, i) => addDays(TODAY, 14 + i)).flatMap((date) => {
  const kept: TimeSlot[] = [];
  for (const slot of bookableSlots("service", date, TODAY)) if (!kept.some((other) => slotsOverlap(other, slot))) kept.push(slot);
  return kept.map((slot) => ({ date, timeSlot: slot.label }));
});
const nextSlot = () => freeSlots.shift() ?? expect.fail("the test ran out of free times");

let bookings = 0;
/** A public booking; its link's token. */
async function book(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/bookings",
    payload: bookingPayload({ ...nextSlot(), email: `gransen${++bookings}@exempel.se` }),
    remoteAddress: "192.0.2.1",
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().manageUrl as string).split("/").pop()!;
}

const move = (app: FastifyInstance, token: string, remoteAddress: string) =>
  app.inject({ method: "POST", url: `/api/booking-links/${token}/reschedule`, payload: nextSlot(), remoteAddress });

describe("moves and cancellations through one link", () => {
  it(`takes ${DEFAULT_LIMITS.linkChangesPerLinkPerDay} of 50 parallel moves a day and refuses the rest with a Swedish 429 and Retry-After, never a 5xx`, async () => {
    const app = await appWith();
    const token = await book(app);
    // From many addresses, as a botnet would: the link's own allowance still holds.
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => move(app, token, `198.51.100.${i + 1}`)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_LIMITS.linkChangesPerLinkPerDay);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(50 - DEFAULT_LIMITS.linkChangesPerLinkPerDay);
    for (const res of refused) {
      expect(res.json()).toEqual({ message: bookingLinkText.tooManyChanges });
      // The rest of the day (the window is the calendar day in UTC).
      const retryAfter = Number(res.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    }
    // The stranger whose address the visit was booked with gets the confirmation and one "moved"
    // e-mail (it waits a few minutes, each move replacing it), not one per move.
    const mails = await queryRows<{ subject: string }>(
      database,
      sql`select subject from email_outbox where "to" = ${`gransen${bookings}@exempel.se`} order by id`,
    );
    expect(mails.map((m) => m.subject.split(":")[0])).toEqual(["Bokningsbekräftelse", "Ny tid för ditt besök"]);
    // Cancelling counts against the same allowance.
    const cancel = await app.inject({ method: "POST", url: `/api/booking-links/${token}/cancel`, remoteAddress: "198.51.100.99" });
    expect(cancel.statusCode).toBe(429);
    // The page itself still opens; only changes are limited.
    expect((await app.inject({ method: "GET", url: `/api/booking-links/${token}` })).statusCode).toBe(200);
    // Another customer's link is not affected.
    expect((await move(app, await book(app), "198.51.100.1")).statusCode).toBe(200);
  });

  it("holds across two app instances on one database", async () => {
    const [a, b] = [await appWith({ linkChangesPerLinkPerDay: 3 }), await appWith({ linkChangesPerLinkPerDay: 3 })];
    const token = await book(a);
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => move(i % 2 ? b : a, token, `198.51.100.${120 + i}`)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });
});

describe("one client address over many links", () => {
  it("refuses the address's action past its hourly allowance whatever the link, with a Swedish 429; another address goes on", async () => {
    const app = await appWith({ linkActionsPerAddressPerHour: 5 });
    const tokens = [await book(app), await book(app), await book(app)];
    const address = "203.0.113.50";
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await move(app, tokens[i % 3], address)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await app.inject({ method: "POST", url: `/api/booking-links/${tokens[2]}/cancel`, remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: bookingLinkText.tooManyFromAddress });
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect((await move(app, tokens[2], "203.0.113.51")).statusCode).toBe(200);
  });

  it("does not count a token that opens no link, nor answer it other than 404", async () => {
    const app = await appWith({ linkActionsPerAddressPerHour: 2 });
    const address = "203.0.113.60";
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: "POST", url: `/api/booking-links/${randomBytes(32).toString("base64url")}/cancel`, remoteAddress: address });
      expect(res.statusCode).toBe(404);
    }
    expect((await move(app, await book(app), address)).statusCode).toBe(200);
  });
});

describe("images through one link", () => {
  /** A multipart upload as the customer's page sends it. */
  async function uploadAsCustomer(app: FastifyInstance, token: string, remoteAddress: string, data?: Buffer) {
    const bytes = data ?? Buffer.from((await phonePhotoDataUrl(16, 16)).split(",")[1], "base64");
    const boundary = `----vpsTest${randomBytes(8).toString("hex")}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: "POST",
      url: "/api/booking/images",
      payload,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      remoteAddress,
    });
  }

  it("counts uploads and deletions against the link's daily allowance, refusing before the file is read; staff are not limited", async () => {
    const app = await appWith({ linkImageChangesPerLinkPerDay: 3 });
    await createUser(database, { username: "bildchef", password: "Chef12345", role: "admin" });
    const admin = await loginAs(app, "bildchef", "Chef12345", "admin");
    const token = await book(app);
    const bookingId = (await app.inject({ method: "GET", url: `/api/booking-links/${token}` })).json().booking.id;
    const patch = await app.inject({
      method: "PATCH",
      url: `/api/admin/bookings/${bookingId}/link`,
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { allowClientUpdates: true },
    });
    expect(patch.statusCode).toBe(200);

    const first = await uploadAsCustomer(app, token, "203.0.113.70");
    expect(first.statusCode, first.body).toBe(201);
    expect((await uploadAsCustomer(app, token, "203.0.113.71")).statusCode).toBe(201);
    const deleted = await app.inject({ method: "DELETE", url: `/api/booking/images/${first.json().id}?token=${token}`, remoteAddress: "203.0.113.72" });
    expect(deleted.statusCode).toBe(200);
    // The allowance is spent: a file that is not even a picture is refused for that, not read.
    const refused = await uploadAsCustomer(app, token, "203.0.113.73", Buffer.from("ingen bild"));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: bookingLinkText.tooManyImageChanges });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Staff adding photos to the same visit are not a link's action.
    for (let i = 0; i < 4; i++) {
      const photo = await phonePhotoDataUrl(16, 16);
      const boundary = `----vpsTest${randomBytes(8).toString("hex")}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bookingId"\r\n\r\n${bookingId}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        Buffer.from(photo.split(",")[1], "base64"),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await app.inject({
        method: "POST",
        url: "/api/booking/images",
        payload,
        headers: { ...SAME_ORIGIN, cookie: admin, "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});
