import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { TestSmtpServer, allDelivered, freePort } from "../../test-support/smtp";
import { createTestDatabase, queryRows, testConfig } from "../../test-support/test-app";

// Issue 22.2: every move through a customer's link e-mailed the address the visit was booked with
// (52 moves, 53 e-mails to a stranger). A "moved" e-mail now waits a few minutes and a later move
// replaces it, in the outbox: many moves, one e-mail with the last time. The real outbox and a real
// SMTP server; the minutes passing are the queued row's due time set to now (no sleeping).

let database: Database;
let app: FastifyInstance;
let second: FastifyInstance;
let smtp: TestSmtpServer;

beforeAll(async () => {
  const port = await freePort();
  smtp = new TestSmtpServer(port);
  await smtp.start();
  database = await createTestDatabase();
  const config = testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true });
  app = await buildApp(config, { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  second = await buildApp(config, { database, now: () => NOW, settingsCacheMs: 0 });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await app.close();
  await database.close();
  await smtp.stop();
});

/** Mondays far enough ahead for a service visit from NOW, four times each, handed out in order. */
const freeSlots = ["2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28", "2027-01-04", "2027-01-11", "2027-01-18", "2027-01-25", "2027-02-01"].flatMap(
  (date) => ["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00"].map((timeSlot) => ({ date, timeSlot })),
);
const nextSlot = () => freeSlots.shift() ?? expect.fail("the test ran out of free times");

async function book(email: string) {
  const res = await app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ ...nextSlot(), email }) });
  expect(res.statusCode, res.body).toBe(201);
  await allDelivered(database, smtp); // the confirmation
  return { id: res.json().id as number, token: (res.json().manageUrl as string).split("/").pop()! };
}

const move = (token: string, to: { date: string; timeSlot: string }, on: FastifyInstance = app) =>
  on.inject({ method: "POST", url: `/api/booking-links/${token}/reschedule`, payload: to });

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
const movedMailsTo = (email: string) => smtp.messages.filter((m) => recipient(m) === email && m.subject?.startsWith("Ny tid för ditt besök"));

/** The "moved" e-mails to an address in the outbox that are not sent yet. */
const queuedMoved = (email: string) =>
  queryRows<{ id: number; subject: string; text: string; due: boolean }>(
    database,
    sql`select id, subject, text, next_attempt_at <= now() as due from email_outbox where "to" = ${email} and subject like 'Ny tid för ditt besök%' and status <> 'sent' order by id`,
  );

/** The few minutes pass: the waiting e-mails are due now, and the outbox's sweep runs (as every minute). */
async function minutesLater() {
  await database.db.execute(sql`update email_outbox set next_attempt_at = now() where status = 'queued'`);
  const sent = await app.outbox.sweep();
  await allDelivered(database, smtp);
  return sent;
}

describe("a visit moved many times through its link", () => {
  it("e-mails once, a few minutes after the first move, with the last time and the time the customer knew", async () => {
    const email = "flyttar@exempel.se";
    const { token } = await book(email); // Monday 7 December 08:00
    const times = Array.from({ length: 12 }, nextSlot);
    for (const time of times) expect((await move(token, time)).statusCode).toBe(200);

    // One e-mail waits, saying the last time; nothing has gone yet, and a sweep now sends nothing.
    const [waiting, ...more] = await queuedMoved(email);
    expect(more).toEqual([]);
    expect(waiting.due).toBe(false);
    expect(await app.outbox.sweep()).toBe(0);
    expect(movedMailsTo(email)).toEqual([]);

    expect(await minutesLater()).toBe(1);
    const mails = movedMailsTo(email);
    expect(mails).toHaveLength(1);
    expect(times.at(-1)).toEqual({ date: "2026-12-28", timeSlot: "08:00-10:00" });
    expect(mails[0].subject).toBe("Ny tid för ditt besök: Service måndag 28 december 2026 kl. 08:00");
    expect(mails[0].text).toContain("Ditt besök är flyttat från måndag 7 december 2026 kl. 08:00 till den nya tiden nedan:");
    expect(mails[0].attachments[0].content.toString("utf8")).toContain("DTSTART:20261228T070000Z");

    // A move after that e-mail went starts a new one, from the time it told of.
    expect((await move(token, nextSlot())).statusCode).toBe(200);
    const [next] = await queuedMoved(email);
    expect(next.text).toContain("Ditt besök är flyttat från måndag 28 december 2026 kl. 08:00 till den nya tiden nedan:");
    expect(await minutesLater()).toBe(1);
    expect(movedMailsTo(email)).toHaveLength(2);
  });

  it("e-mails once when parallel moves reach two app instances, with the time the visit ended at", async () => {
    const email = "parallell@exempel.se";
    const { id, token } = await book(email);
    const times = Array.from({ length: 10 }, nextSlot);
    const responses = await Promise.all(times.map((time, i) => move(token, time, i % 2 ? second : app)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await queuedMoved(email)).toHaveLength(1);

    expect(await minutesLater()).toBe(1);
    const [{ date, time_slot: timeSlot }] = await queryRows<{ date: string; time_slot: string }>(
      database,
      sql`select date::text as date, time_slot from bookings where id = ${id}`,
    );
    const mails = movedMailsTo(email);
    expect(mails).toHaveLength(1);
    const start = new Date(`${date}T${timeSlot.slice(0, 5)}:00+01:00`); // winter: CET
    expect(mails[0].attachments[0].content.toString("utf8")).toContain(
      `DTSTART:${start
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`,
    );
  });

  it("sends nothing when the visit is moved back to the time the customer knew", async () => {
    const email = "tillbaka@exempel.se";
    const first = nextSlot();
    const res = await app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ ...first, email }) });
    const token = (res.json().manageUrl as string).split("/").pop()!;
    await allDelivered(database, smtp);
    expect((await move(token, nextSlot())).statusCode).toBe(200);
    expect(await queuedMoved(email)).toHaveLength(1);
    expect((await move(token, first)).statusCode).toBe(200);
    expect(await queuedMoved(email)).toEqual([]);
    await minutesLater();
    expect(movedMailsTo(email)).toEqual([]);
  });

  it("takes back the waiting e-mail when the visit is cancelled, and confirms the cancellation at once", async () => {
    const email = "avbokar@exempel.se";
    const { token } = await book(email);
    expect((await move(token, nextSlot())).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: `/api/booking-links/${token}/cancel` })).statusCode).toBe(200);
    expect(await queuedMoved(email)).toEqual([]);
    await allDelivered(database, smtp);
    expect(smtp.messages.filter((m) => recipient(m) === email).map((m) => m.subject?.split(":")[0])).toEqual(["Bokningsbekräftelse", "Avbokning bekräftad"]);
    await minutesLater();
    expect(movedMailsTo(email)).toEqual([]);
  });
});
