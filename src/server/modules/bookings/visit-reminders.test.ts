import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { systemSettings } from "../../db/schema";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { TestSmtpServer, allDelivered, freePort } from "../../test-support/smtp";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Visit reminders (rules D14, issue 14): two days before the visit, from 08:00, exactly once per
// booking and time, whichever instance runs the job; none for a time set less than two days ahead,
// a cancelled visit or a moved visit's old time. A clock the tests move, a real SMTP server.

let database: Database;
let app: FastifyInstance;
let smtp: TestSmtpServer;
let smtpUrl: string;
let admin: string;
let clock = NOW;

beforeAll(async () => {
  const port = await freePort();
  smtp = new TestSmtpServer(port);
  await smtp.start();
  smtpUrl = `smtp://127.0.0.1:${port}`;
  database = await createTestDatabase();
  // These journeys use a reminder two days ahead (the setting's choices are tested in settings.routes.test.ts).
  await database.db.insert(systemSettings).values({ key: "reminderEmailDays", value: 2 });
  // Moved visits' e-mails go at once here, so every e-mail is delivered before the tests look (holding
  // them back is tested in booking-links.moved-email.test.ts).
  app = await buildApp(testConfig({ smtpUrl, startWorkers: true, movedEmailDelaySeconds: 0 }), { database, now: () => clock, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
});
afterAll(async () => {
  await app.close();
  await database.close();
  await smtp.stop();
});

// --- Helpers ----------------------------------------------------------------------------------------

/** An instant given as Stockholm wall-clock time in winter (CET, UTC+1). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`);

/** Runs the scheduled job as pg-boss would, at `when`, and waits until every queued e-mail is delivered. */
async function runAt(when: Date, apps: FastifyInstance[] = [app]) {
  clock = when;
  await Promise.all(apps.map((a) => a.jobs["visit-reminders"].run()));
  await delivered();
}

const delivered = () => allDelivered(database, smtp);

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
/** Reminder e-mails the SMTP server received for `email`, checked against the outbox. */
async function remindersTo(email: string): Promise<ParsedMail[]> {
  const mails = smtp.messages.filter((m) => recipient(m) === email && m.subject?.startsWith("Påminnelse"));
  const queued = await queryRows(database, sql`select id from email_outbox where "to" = ${email} and subject like 'Påminnelse%'`);
  expect(queued).toHaveLength(mails.length);
  return mails;
}

/** A public booking made at NOW; returns its id and link token. */
async function book(overrides: Parameters<typeof bookingPayload>[0]): Promise<{ id: number; token: string }> {
  clock = NOW;
  const res = await app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, token: res.json().manageUrl.split("/").pop() };
}

// --- Tests --------------------------------------------------------------------------------------------

describe("the visit reminder", () => {
  it("reaches a customer who booked well ahead exactly once, two days before, from 08:00", async () => {
    const email = "paminn@exempel.se";
    const { token } = await book({
      date: "2026-12-07",
      timeSlot: "08:00-10:00",
      email,
      name: "Petra Påminnelse",
      address: "Storgatan 12",
      postalCode: "753 20",
      city: "Uppsala",
    });
    await runAt(at("2026-12-04", "12:00")); // three days before
    await runAt(at("2026-12-05", "07:59")); // the day, but before 08:00
    expect(await remindersTo(email)).toHaveLength(0);

    await runAt(at("2026-12-05", "08:00"));
    await runAt(at("2026-12-05", "08:15"));
    await runAt(at("2026-12-06", "08:00"));
    const mails = await remindersTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe("Påminnelse: Service måndag 7 december 2026 kl. 08:00");
    expect(mail.text).toContain("Hej Petra Påminnelse!");
    expect(mail.text).toContain("Datum: måndag 7 december 2026");
    expect(mail.text).toContain("Tid: 08:00–10:00");
    expect(mail.text).toContain("Adress: Storgatan 12, 753 20 Uppsala");
    expect(mail.text).toContain("fritt åt både inomhusdelen och utomhusdelen");
    expect(mail.text).toContain(`http://app.test/booking/shared/${token}`);
    expect(mail.html).toContain(`href="http://app.test/booking/shared/${token}"`);
    // The visit day itself and after it: nothing more.
    await runAt(at("2026-12-07", "07:00"));
    await runAt(at("2026-12-08", "09:00"));
    expect(await remindersTo(email)).toHaveLength(1);
  });

  it("is sent once when two app instances run the job at the same moment", async () => {
    const second = await buildApp(testConfig({ smtpUrl, startWorkers: true }), { database, now: () => clock });
    await second.ready();
    try {
      const emails = ["tvilling1@exempel.se", "tvilling2@exempel.se", "tvilling3@exempel.se"];
      for (const [i, email] of emails.entries()) await book({ date: "2026-12-14", timeSlot: ["08:00-10:00", "10:00-12:00", "12:00-14:00"][i], email });
      await runAt(at("2026-12-12", "09:00"), [app, second, app, second]);
      await runAt(at("2026-12-12", "09:15"), [second, app]);
      for (const email of emails) expect(await remindersTo(email), email).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("is not sent for a visit booked less than two days ahead; three days ahead gets one", async () => {
    clock = NOW; // Sunday 22 November, 11:00: staff book for customers on the phone
    const phone = { phone: "070-222 33 44", address: "Telefonvägen 8", city: "Enköping", postalCode: "745 31" };
    const create = async (email: string, date: string, timeSlot: string) => {
      const res = await app.inject({
        method: "POST",
        url: "/api/admin/bookings",
        headers: { ...SAME_ORIGIN, cookie: admin },
        payload: { customerInfo: { name: "Kort Varsel", email, ...phone }, serviceType: "service", date, timeSlot },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    await create("i-morgon@exempel.se", "2026-11-23", "08:00-10:00");
    await create("i-overmorgon@exempel.se", "2026-11-24", "08:00-10:00");
    await create("om-tre-dagar@exempel.se", "2026-11-25", "08:00-10:00");
    await runAt(at("2026-11-22", "12:00"));
    await runAt(at("2026-11-23", "08:00"));
    await runAt(at("2026-11-24", "08:00"));
    expect(await remindersTo("i-morgon@exempel.se")).toHaveLength(0);
    expect(await remindersTo("i-overmorgon@exempel.se")).toHaveLength(0);
    const [mail, ...more] = await remindersTo("om-tre-dagar@exempel.se");
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe("Påminnelse: Service onsdag 25 november 2026 kl. 08:00");
  });

  it("is not sent for a cancelled visit", async () => {
    const email = "avbokad@exempel.se";
    const { token } = await book({ date: "2026-12-21", timeSlot: "08:00-10:00", email });
    const cancelled = await app.inject({ method: "POST", url: `/api/booking-links/${token}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    await runAt(at("2026-12-19", "08:00"));
    await runAt(at("2026-12-20", "08:00"));
    expect(await remindersTo(email)).toHaveLength(0);
  });

  it("follows a moved visit: one reminder for the new time, none for the old one", async () => {
    const email = "flyttad@exempel.se";
    const { token } = await book({ date: "2026-12-28", timeSlot: "08:00-10:00", email });
    clock = NOW;
    const moved = await app.inject({ method: "POST", url: `/api/booking-links/${token}/reschedule`, payload: { date: "2027-01-04", timeSlot: "10:00-12:00" } });
    expect(moved.statusCode, moved.body).toBe(200);
    await runAt(at("2026-12-26", "08:00")); // the old time's reminder day
    await runAt(at("2026-12-27", "08:00"));
    expect(await remindersTo(email)).toHaveLength(0);
    await runAt(at("2027-01-02", "08:00"));
    await runAt(at("2027-01-02", "12:00"));
    const mails = await remindersTo(email);
    expect(mails.map((m) => m.subject)).toEqual(["Påminnelse: Service måndag 4 januari 2027 kl. 10:00"]);
  });

  it("reminds again after staff move an already reminded visit well ahead, but not when they move it to within two days", async () => {
    const email = "omplanerad@exempel.se";
    const { id } = await book({ date: "2027-01-11", timeSlot: "08:00-10:00", email });
    await runAt(at("2027-01-09", "08:00"));
    expect(await remindersTo(email)).toHaveLength(1);
    // Still 9 January: staff move the visit a week on, then (on the 16th) to the 17th.
    const reschedule = (date: string, timeSlot: string) =>
      app.inject({ method: "PATCH", url: `/api/admin/bookings/${id}`, headers: { ...SAME_ORIGIN, cookie: admin }, payload: { date, timeSlot } });
    expect((await reschedule("2027-01-18", "08:00-10:00")).statusCode).toBe(200);
    await runAt(at("2027-01-16", "08:00"));
    expect((await remindersTo(email)).map((m) => m.subject)).toEqual([
      "Påminnelse: Service måndag 11 januari 2027 kl. 08:00",
      "Påminnelse: Service måndag 18 januari 2027 kl. 08:00",
    ]);
    clock = at("2027-01-16", "10:00");
    expect((await reschedule("2027-01-17", "12:00-14:00")).statusCode).toBe(200);
    await runAt(at("2027-01-16", "10:15"));
    expect(await remindersTo(email)).toHaveLength(2);
  });

  it("gives no link, but the phone number, when staff have deactivated the customer's link", async () => {
    const email = "utan-lank@exempel.se";
    const { id, token } = await book({ date: "2027-01-18", timeSlot: "12:00-14:00", email });
    const off = await app.inject({
      method: "PATCH",
      url: `/api/admin/bookings/${id}/link`,
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    await runAt(at("2027-01-16", "08:00"));
    const [mail] = await remindersTo(email);
    expect(mail.text).toContain("Behöver du avboka eller flytta besöket? Ring oss på 08-123 456 70.");
    expect(mail.text).not.toContain(token);
    expect(mail.text).not.toContain("via länken");
  });

  it("tells a customer whose visit is less than 24 hours away to call instead of giving the link", async () => {
    const email = "sent-paminnelse@exempel.se";
    await book({ date: "2027-01-25", timeSlot: "08:00-10:00", email });
    // The reminder day's runs were missed (say the app was down); the job catches up the day before.
    await runAt(at("2027-01-24", "09:00"));
    const [mail] = await remindersTo(email);
    expect(mail.text).toContain("Behöver du avboka eller flytta besöket? Ring oss på 08-123 456 70.");
    expect(mail.text).not.toContain("/booking/shared/");
  });
});
