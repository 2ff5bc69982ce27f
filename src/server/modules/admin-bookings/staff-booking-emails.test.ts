import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ParsedMail } from "mailparser";
import { DEFAULT_SYSTEM_SETTINGS } from "@/common/schemas/settings";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { TestSmtpServer, allDelivered, freePort } from "../../test-support/smtp";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Issue 23 point 4: when an admin or a technician cancels or moves a visit, the customer hears of
// it as when they act through their own link: the new time with a new .ics (a higher SEQUENCE, so
// calendars replace the old time), or the cancellation with the company's phone number. A
// technician's cancel says why; the admin reads it in the booking's history. The settings' master
// e-mail switch (emailNotifications, which governs the link's own e-mails) turns them off. The
// e-mails are read back from a real SMTP server. Now is Sunday 22 November 2026, 11:00 in Stockholm.

const PHONE = "08-555 123 45";
const REASON_REQUIRED = { message: "Skriv varför besöket avbokas" };

let database: Database;
let app: FastifyInstance;
let smtp: TestSmtpServer;
let admin: string;
let tekla: string;

beforeAll(async () => {
  const port = await freePort();
  smtp = new TestSmtpServer(port);
  await smtp.start();
  database = await createTestDatabase();
  app = await buildApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true, movedEmailDelaySeconds: 0 }), {
    database,
    now: () => NOW,
    settingsCacheMs: 0,
  });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  tekla = await loginAs(app, "tekla", "Tekla1234");
});
afterAll(async () => {
  await app.close();
  await database.close();
  await smtp.stop();
});

const send = (method: "PATCH" | "PUT", url: string, payload: object, cookie = admin) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, payload });
const detail = async (id: number) => (await app.inject({ method: "GET", url: `/api/admin/bookings/${id}`, headers: { cookie: admin } })).json();

async function setEmails(emailNotifications: boolean) {
  const res = await send("PUT", "/api/admin/settings", { ...DEFAULT_SYSTEM_SETTINGS, companyPhone: PHONE, emailNotifications });
  expect(res.statusCode, res.body).toBe(200);
}
beforeEach(() => setEmails(true));

/** A visit the customer booked on the web (with its confirmation e-mail), to an address of its own. */
async function booked(email: string, overrides: Parameters<typeof bookingPayload>[0] = {}): Promise<number> {
  const res = await app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ email, ...overrides }) });
  expect(res.statusCode, res.body).toBe(201);
  // Delivered before anything else happens, so the e-mails arrive in the order of the changes.
  await allDelivered(database, smtp);
  return res.json().id;
}

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
/** What the SMTP server received for `email` once the outbox is empty, oldest first. */
async function mailsTo(email: string): Promise<ParsedMail[]> {
  await allDelivered(database, smtp);
  return smtp.messages.filter((mail) => recipient(mail) === email);
}
const subjects = async (email: string) => (await mailsTo(email)).map((mail) => mail.subject);
const calendarOf = (mail: ParsedMail) => mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content.toString("utf8") ?? "";

describe("an admin's changes", () => {
  it("a cancel tells the customer, with the company's phone number, once", async () => {
    const email = "avbokad.av.admin@exempel.se";
    const id = await booked(email);
    // Two admins cancel at the same moment: one cancellation, one e-mail.
    const [a, b] = await Promise.all([
      send("PATCH", `/api/admin/bookings/${id}/status`, { status: "cancelled" }),
      send("PATCH", `/api/admin/bookings/${id}/status`, { status: "cancelled" }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Bokningsbekräftelse: Service måndag 7 december 2026 kl. 08:00",
      "Ditt besök är avbokat: Service måndag 7 december 2026 kl. 08:00",
    ]);
    const cancelled = mails[1];
    expect(cancelled.text).toContain("Vi har tyvärr fått avboka ditt besök");
    expect(cancelled.text).toContain(`Ring oss på ${PHONE}`);
    expect(cancelled.text).toContain("Bokningsnummer: #" + id);
    expect(cancelled.html).toContain(PHONE);
    expect((await detail(id)).history.filter((e: { kind: string }) => e.kind === "cancelled")).toEqual([
      expect.objectContaining({ actor: "admin", actorName: "Chefen Anna", note: null }),
    ]);
    // Set to another status and cancelled again: a cancellation each time it happens.
    expect((await send("PATCH", `/api/admin/bookings/${id}/status`, { status: "planned" })).statusCode).toBe(200);
    expect((await send("PATCH", `/api/admin/bookings/${id}/status`, { status: "confirmed" })).statusCode).toBe(200);
    expect(await subjects(email)).toHaveLength(2);
    expect((await send("PATCH", `/api/admin/bookings/${id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect(await subjects(email)).toHaveLength(3);
  });

  it("a move sends the new time with an .ics of the same UID and a higher SEQUENCE", async () => {
    const email = "flyttad.av.admin@exempel.se";
    const id = await booked(email, { date: "2026-12-14", timeSlot: "10:00-12:00" });
    expect((await send("PATCH", `/api/admin/bookings/${id}`, { date: "2026-12-15", timeSlot: "16:00-18:00" })).statusCode).toBe(200);
    const [confirmation, moved] = await mailsTo(email);
    expect(moved.subject).toBe("Ny tid för ditt besök: Service tisdag 15 december 2026 kl. 16:00");
    expect(moved.text).toContain("Ditt besök är flyttat från måndag 14 december 2026 kl. 10:00 till den nya tiden nedan:");
    expect(moved.text).toMatch(/http:\/\/app\.test\/booking\/shared\/[A-Za-z0-9_-]{43}/);
    expect(calendarOf(confirmation)).toContain("DTSTART:20261214T090000Z");
    expect(calendarOf(confirmation)).toContain("SEQUENCE:0");
    expect(calendarOf(moved)).toContain("DTSTART:20261215T150000Z");
    expect(calendarOf(moved)).toContain("SEQUENCE:1");
    // The same UID: the calendar replaces the visit instead of keeping both.
    const uid = (ics: string) => /UID:(.+)/.exec(ics)?.[1];
    expect(uid(calendarOf(moved))).toBeDefined();
    expect(uid(calendarOf(moved))).toBe(uid(calendarOf(confirmation)));
  });

  it("a move that also cancels sends the cancellation, not a new time", async () => {
    const email = "flyttad.och.avbokad@exempel.se";
    const id = await booked(email, { date: "2026-12-21", timeSlot: "12:00-14:00" });
    const res = await send("PATCH", `/api/admin/bookings/${id}`, { date: "2026-12-22", timeSlot: "16:00-18:00", status: "cancelled" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await subjects(email)).toEqual([
      "Bokningsbekräftelse: Service måndag 21 december 2026 kl. 12:00",
      "Ditt besök är avbokat: Service tisdag 22 december 2026 kl. 16:00",
    ]);
  });
});

describe("a technician's cancel", () => {
  it("needs a reason (400 in Swedish), and changes nothing without one", async () => {
    const email = "utan.anledning@exempel.se";
    const id = await booked(email, { date: "2026-12-07", timeSlot: "10:00-12:00" });
    const url = `/api/technician/booking/${id}/status`;
    for (const body of [{ status: "cancelled" }, { status: "cancelled", reason: "" }, { status: "cancelled", reason: "   \n " }]) {
      const res = await send("PATCH", url, body, tekla);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(REASON_REQUIRED);
    }
    const tooLong = await send("PATCH", url, { status: "cancelled", reason: "x".repeat(501) }, tekla);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: "Anledningen får vara högst 500 tecken" });
    const wrongType = await send("PATCH", url, { status: "cancelled", reason: 42 }, tekla);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual(REASON_REQUIRED);
    const after = await detail(id);
    expect(after.booking.status).toBe("confirmed");
    expect(after.history.map((e: { kind: string }) => e.kind)).toEqual(["created"]);
    expect(await subjects(email)).toEqual(["Bokningsbekräftelse: Service måndag 7 december 2026 kl. 10:00"]);
    // Starting a visit needs no reason.
    expect((await send("PATCH", url, { status: "in_progress" }, tekla)).statusCode).toBe(200);
  });

  it("with a reason: the customer is told (without the reason), and the admin reads it in the history", async () => {
    const email = "avbokad.av.tekniker@exempel.se";
    const id = await booked(email, { date: "2026-12-07", timeSlot: "12:00-14:00" });
    const reason = "Reservdelen (kompressorn) har inte kommit. Kunden behöver en ny tid.";
    const res = await send("PATCH", `/api/technician/booking/${id}/status`, { status: "cancelled", reason: `  ${reason}  ` }, tekla);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking.status).toBe("cancelled");
    const [, cancelled] = await mailsTo(email);
    expect(cancelled.subject).toBe("Ditt besök är avbokat: Service måndag 7 december 2026 kl. 12:00");
    expect(cancelled.text).toContain(`Ring oss på ${PHONE}`);
    expect(cancelled.text).not.toContain("kompressorn");
    const history = (await detail(id)).history;
    expect(history.at(-1)).toMatchObject({
      actor: "technician",
      actorName: "Tekla Tekniker",
      kind: "cancelled",
      from: "confirmed",
      to: "cancelled",
      note: reason,
    });
    // Cancelled already: refused, nothing more is sent.
    const again = await send("PATCH", `/api/technician/booking/${id}/status`, { status: "cancelled", reason: "Igen" }, tekla);
    expect(again.statusCode).toBe(409);
    expect(await subjects(email)).toHaveLength(2);
  });
});

describe("the settings' e-mail switch", () => {
  it("off: staff cancels and moves change the visit but send nothing", async () => {
    const emails = ["tyst.admin.avbokning@exempel.se", "tyst.flytt@exempel.se", "tyst.tekniker@exempel.se"];
    const [cancelledByAdmin, moved, cancelledByTechnician] = [
      await booked(emails[0], { date: "2026-12-28", timeSlot: "08:00-10:00" }),
      await booked(emails[1], { date: "2026-12-28", timeSlot: "10:00-12:00" }),
      await booked(emails[2], { date: "2026-12-28", timeSlot: "12:00-14:00" }),
    ];
    await allDelivered(database, smtp);
    await setEmails(false);
    expect((await send("PATCH", `/api/admin/bookings/${cancelledByAdmin}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect((await send("PATCH", `/api/admin/bookings/${moved}`, { date: "2026-12-29", timeSlot: "16:00-18:00" })).statusCode).toBe(200);
    expect((await send("PATCH", `/api/technician/booking/${cancelledByTechnician}/status`, { status: "cancelled", reason: "Sjuk" }, tekla)).statusCode).toBe(
      200,
    );
    for (const email of emails) {
      expect(await subjects(email), email).toEqual([expect.stringMatching(/^Bokningsbekräftelse/)]);
      expect(await queryRows(database, sql`select id from email_outbox where "to" = ${email}`)).toHaveLength(1);
    }
    expect((await detail(cancelledByTechnician)).history.at(-1)).toMatchObject({ kind: "cancelled", note: "Sjuk" });
  });
});
