import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import type { FastifyInstance } from "fastify";
import { addDays } from "@/common/booking-rules";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { systemSettings } from "../../db/schema";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { TestSmtpServer, allDelivered, freePort } from "../../test-support/smtp";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Service reminders by themselves (rules §9, issue 12): the daily job creates a reminder for a product
// that reached 24 months (of 30 days) and sends it 7 days later, with the 15 % discount valid 30
// days, a prefilled booking link and a one-click unsubscribe. A clock the tests move; a real SMTP
// server; two app instances on one database for the races.

let database: Database;
let app: FastifyInstance;
let smtp: TestSmtpServer;
let smtpUrl: string;
let admin: string;
let technician: string;
let clock = NOW;

const TODAY = "2026-11-22"; // NOW's date in Stockholm
/** 08:00 in Stockholm (winter, UTC+1) on a date. */
const morningOf = (date: string) => new Date(`${date}T08:00:00+01:00`);

beforeAll(async () => {
  const port = await freePort();
  smtp = new TestSmtpServer(port);
  await smtp.start();
  smtpUrl = `smtp://127.0.0.1:${port}`;
  database = await createTestDatabase();
  app = await buildApp(testConfig({ smtpUrl, startWorkers: true }), { database, now: () => clock, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin" });
  await createUser(database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  technician = await loginAs(app, "tekniker", "Tekniker1234");
});
afterAll(async () => {
  await app.close();
  await database.close();
  await smtp.stop();
});

// --- Helpers ----------------------------------------------------------------------------------------

const asAdmin = (method: "GET" | "POST", url: string, payload?: unknown, cookie = admin) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A customer with one heat pump installed `daysAgo` days before TODAY, imported as an admin would. */
async function customerWithPump(name: string, email: string, daysAgo: number, model = `Pump ${daysAgo}`) {
  const res = await asAdmin("POST", "/api/admin/customers/import", {
    customers: [
      {
        name,
        email,
        phone: "070-111 22 33",
        address: "Bruksgatan 3",
        city: "Gävle",
        postal_code: "802 50",
        products: [{ model, install_date: addDays(TODAY, -daysAgo) }],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Runs the daily job as pg-boss would, on each app given, at `when`; waits until its e-mails are delivered. */
async function runJobAt(when: Date, apps: FastifyInstance[] = [app]) {
  clock = when;
  await Promise.all(apps.map((a) => a.jobs["service-reminders"].run()));
  await delivered();
}

const delivered = () => allDelivered(database, smtp);

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
const remindersTo = (email: string) => smtp.messages.filter((m) => recipient(m) === email && m.subject === "Dags för service av din värmepump");

type ReminderView = {
  id: number;
  sent: boolean;
  dueDate: string;
  discountValidUntil: string | null;
  customer: { email: string; unsubscribed: boolean };
  product: { model: string } | null;
  responses: { type: string; bookingId: number | null }[];
};
async function reminderList(): Promise<ReminderView[]> {
  const res = await asAdmin("GET", "/api/admin/service-reminders");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const remindersOf = async (email: string) => (await reminderList()).filter((r) => r.customer.email === email);
const tokenOf = async (email: string) =>
  (
    await queryRows<{ token: string }>(
      database,
      sql`select r.token from reminders r join customers c on c.id = r.customer_id where c.email = ${email} order by r.id desc limit 1`,
    )
  )[0].token;

// --- Tests --------------------------------------------------------------------------------------------

describe("the daily service-reminder job", () => {
  it("is scheduled in pg-boss every morning at 07:00 Stockholm time, one schedule for every instance", async () => {
    const second = await buildApp(testConfig({ smtpUrl, startWorkers: true }), { database, now: () => clock, settingsCacheMs: 0 });
    await second.ready();
    try {
      const schedules = await queryRows<{ name: string; cron: string; timezone: string }>(
        database,
        sql`select name, cron, timezone from pgboss.schedule where name = 'service-reminders'`,
      );
      expect(schedules).toEqual([{ name: "service-reminders", cron: "0 7 * * *", timezone: "Europe/Stockholm" }]);
    } finally {
      await second.close();
    }
  });

  it("creates a reminder for a product installed 721 days ago, not 700, and sends it 7 days later through SMTP", async () => {
    await customerWithPump("Rut Reminder", "rut@exempel.se", 721, "Nibe F2120");
    await customerWithPump("Nils Nyare", "nils@exempel.se", 700);

    await runJobAt(morningOf(TODAY));
    expect(await remindersOf("rut@exempel.se")).toMatchObject([{ sent: false, dueDate: "2026-11-29", product: { model: "Nibe F2120" } }]);
    expect(await remindersOf("nils@exempel.se")).toEqual([]);
    expect(remindersTo("rut@exempel.se")).toHaveLength(0);

    await runJobAt(morningOf("2026-11-28")); // six days later: not yet
    expect(remindersTo("rut@exempel.se")).toHaveLength(0);
    expect(await remindersOf("rut@exempel.se")).toHaveLength(1); // and no second reminder

    await runJobAt(morningOf("2026-11-29"));
    await runJobAt(morningOf("2026-11-30")); // the next morning sends nothing more
    const mails = remindersTo("rut@exempel.se");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const token = await tokenOf("rut@exempel.se");
    expect(mail.text).toContain("Hej Rut Reminder!");
    expect(mail.text).toContain("Värmepump: Nibe F2120, installerad 1 december 2024");
    expect(mail.text).toContain("Erbjudande: 15 % rabatt på service");
    expect(mail.text).toContain("Giltigt till och med: 29 december 2026"); // 30 days from sending
    expect(mail.text).toContain(`http://app.test/booking?service=service&erbjudande=${token}`);
    expect(mail.html).toContain(`href="http://app.test/api/service-reminders/unsubscribe/${token}"`);
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/\r\n\s+/g, " ");
    expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <http://app.test/api/service-reminders/unsubscribe/${token}>`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(await remindersOf("rut@exempel.se")).toMatchObject([{ sent: true, discountValidUntil: "2026-12-29" }]);
    expect(await remindersOf("nils@exempel.se")).toEqual([]); // 707 days by now
  });

  it("creates a reminder on the morning a product is exactly 720 days old, not the day before", async () => {
    const run = "2026-11-30"; // eight days after TODAY, from which customerWithPump counts
    await customerWithPump("Greta Gräns", "grans720@exempel.se", 720 - 8, "Gräns 720");
    await customerWithPump("Gustav Gräns", "grans719@exempel.se", 719 - 8, "Gräns 719");
    await runJobAt(morningOf(run));
    expect(await remindersOf("grans720@exempel.se")).toMatchObject([{ sent: false, dueDate: addDays(run, 7), product: { model: "Gräns 720" } }]);
    expect(await remindersOf("grans719@exempel.se")).toEqual([]);
    // The next morning it is 720 days old too.
    await runJobAt(morningOf(addDays(run, 1)));
    expect(await remindersOf("grans719@exempel.se")).toMatchObject([{ sent: false, dueDate: addDays(run, 8), product: { model: "Gräns 719" } }]);
  });

  it("creates and sends each reminder once when two app instances run the job at the same moment", async () => {
    const second = await buildApp(testConfig({ smtpUrl, startWorkers: true }), { database, now: () => clock, settingsCacheMs: 0 });
    await second.ready();
    try {
      // TODAY + 14 days is the run below; these reach 24 months by then.
      for (const n of [1, 2, 3]) await customerWithPump(`Tvilling ${n}`, `tvilling${n}@exempel.se`, 720 - 14 + n);
      await runJobAt(morningOf("2026-12-06"), [app, second, app, second]);
      await runJobAt(morningOf("2026-12-13"), [second, app, second, app]);
      for (const n of [1, 2, 3]) {
        expect(await remindersOf(`tvilling${n}@exempel.se`)).toHaveLength(1);
        expect(remindersTo(`tvilling${n}@exempel.se`), `tvilling${n}`).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it("sends nothing while the settings' e-mail switch is off, and the admin's send says why", async () => {
    await customerWithPump("Tyra Tyst", "tyra@exempel.se", 800);
    await database.db.insert(systemSettings).values({ key: "emailNotifications", value: false });
    try {
      clock = morningOf("2026-12-13");
      expect((await asAdmin("POST", "/api/admin/service-reminders/create", {})).json()).toEqual({ createdCount: 1 });
      await runJobAt(morningOf("2026-12-20"));
      expect(remindersTo("tyra@exempel.se")).toHaveLength(0);
      const send = await asAdmin("POST", "/api/admin/service-reminders/send");
      expect(send.statusCode).toBe(409);
      expect(send.json().message).toBe("E-postutskick är avstängda i inställningarna. Slå på dem för att skicka påminnelser.");
    } finally {
      await database.db.execute(sql`delete from system_settings where key = 'emailNotifications'`);
    }
    // Switched on again, the waiting reminders go out: Tyra's, and Nils's (721 days old on 13 December,
    // when the job made its reminder, due today).
    expect((await asAdmin("POST", "/api/admin/service-reminders/send")).json()).toEqual({ sentCount: 2 });
    await delivered();
    expect(remindersTo("tyra@exempel.se")).toHaveLength(1);
    expect(remindersTo("nils@exempel.se")).toHaveLength(1);
  });
});

describe("the admin's reminder management", () => {
  it("creates reminders for the chosen pending products only, and sends them when due", async () => {
    clock = morningOf("2026-12-20");
    await customerWithPump("Vald Valdsson", "vald@exempel.se", 900 + 28);
    await customerWithPump("Inte Vald", "intevald@exempel.se", 900 + 28);
    const pending = (await asAdmin("GET", "/api/admin/service-reminders/pending")).json() as { id: number; customer: { email: string } }[];
    const chosen = pending.find((p) => p.customer.email === "vald@exempel.se")!;
    const created = await asAdmin("POST", "/api/admin/service-reminders/create", { productIds: [chosen.id] });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ createdCount: 1 });
    // Asked again for the same product: it is not pending any more, nothing is created.
    expect((await asAdmin("POST", "/api/admin/service-reminders/create", { productIds: [chosen.id] })).json()).toEqual({ createdCount: 0 });
    const afterCreate = (await asAdmin("GET", "/api/admin/service-reminders/pending")).json() as { customer: { email: string } }[];
    expect(afterCreate.map((p) => p.customer.email)).not.toContain("vald@exempel.se");
    expect(afterCreate.map((p) => p.customer.email)).toContain("intevald@exempel.se");

    expect((await asAdmin("POST", "/api/admin/service-reminders/send")).json()).toEqual({ sentCount: 0 }); // due in 7 days
    clock = morningOf("2026-12-27");
    expect((await asAdmin("POST", "/api/admin/service-reminders/send")).json()).toEqual({ sentCount: 1 });
    await delivered();
    expect(remindersTo("vald@exempel.se")).toHaveLength(1);
    expect(remindersTo("intevald@exempel.se")).toHaveLength(0);
  });

  it("creates each reminder once when admins click 'create' ten times at once on two instances", async () => {
    const second = await buildApp(testConfig(), { database, now: () => clock, settingsCacheMs: 0 });
    await second.ready();
    try {
      const secondAdmin = await loginAs(second, "chef", "Chef12345", "admin");
      for (const n of [1, 2, 3, 4]) await customerWithPump(`Klick ${n}`, `klick${n}@exempel.se`, 1000 + n);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? second : app).inject({
            method: "POST",
            url: "/api/admin/service-reminders/create",
            headers: { ...SAME_ORIGIN, cookie: i % 2 ? secondAdmin : admin },
            payload: {},
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      for (const n of [1, 2, 3, 4]) expect(await remindersOf(`klick${n}@exempel.se`), `klick${n}`).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("is for admins only, and refuses a malformed body in Swedish", async () => {
    expect((await asAdmin("POST", "/api/admin/service-reminders/create", {}, technician)).statusCode).toBe(403);
    expect((await asAdmin("POST", "/api/admin/service-reminders/send", undefined, technician)).statusCode).toBe(403);
    expect((await asAdmin("GET", "/api/admin/service-reminders", undefined, technician)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/admin/service-reminders" })).statusCode).toBe(401);
    const bad = await asAdmin("POST", "/api/admin/service-reminders/create", { productIds: ["alla"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).not.toMatch(/expected|invalid/i);
  });
});

describe("the customer's links in a reminder", () => {
  it("prefill the booking form, and a booking from the link carries the discount and is recorded", async () => {
    clock = morningOf("2026-11-30");
    const token = await tokenOf("rut@exempel.se");
    const offer = await app.inject({ method: "GET", url: `/api/service-reminders/offer/${token}` });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json()).toEqual({
      name: "Rut Reminder",
      email: "rut@exempel.se",
      phone: "070-111 22 33",
      address: "Bruksgatan 3",
      city: "Gävle",
      postalCode: "802 50",
      heatpumpModel: "Nibe F2120",
      discountPercent: 15,
      validUntil: "2026-12-29",
      valid: true,
      used: false,
    });
    const { heatpumpModel, name, email, phone, address, city, postalCode } = offer.json();
    const booked = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: { ...bookingPayload({ date: "2026-12-14", heatpumpModel, name, email, phone, address, city, postalCode }), offerToken: token },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().id as number;
    const [row] = await queryRows<{ notes: string }>(database, sql`select notes from bookings where id = ${bookingId}`);
    expect(row.notes).toBe("Servicepåminnelse: 15 % rabatt på servicen (erbjudandet gäller t.o.m. 2026-12-29).");
    expect((await remindersOf("rut@exempel.se"))[0].responses).toEqual([expect.objectContaining({ type: "booked", bookingId })]);
  });

  it("books without the discount once the offer has run out, and a made-up key books plainly too", async () => {
    clock = morningOf("2026-12-30");
    const token = await tokenOf("rut@exempel.se");
    expect((await app.inject({ method: "GET", url: `/api/service-reminders/offer/${token}` })).json()).toMatchObject({
      valid: false,
      validUntil: "2026-12-29",
    });
    const late = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: { ...bookingPayload({ date: "2027-01-18", email: "rut@exempel.se" }), offerToken: token },
    });
    expect(late.statusCode, late.body).toBe(201);
    const made = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: { ...bookingPayload({ date: "2027-01-18", timeSlot: "10:00-12:00", email: "x@exempel.se" }), offerToken: "A".repeat(43) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const notes = await queryRows<{ notes: string | null }>(database, sql`select notes from bookings where id in (${late.json().id}, ${made.json().id})`);
    expect(notes.map((n) => n.notes)).toEqual([null, null]);
  });

  it("unsubscribe in one click: the link shows a button, its POST (and a mail app's RFC 8058 POST) unsubscribes", async () => {
    clock = morningOf("2027-01-02");
    const token = await tokenOf("tvilling1@exempel.se");
    const page = await app.inject({ method: "GET", url: `/api/service-reminders/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain(`<form method="post" action="/api/service-reminders/unsubscribe/${token}">`);
    expect((await remindersOf("tvilling1@exempel.se"))[0].customer.unsubscribed).toBe(false); // opening the link is not enough

    const oneClick = await app.inject({
      method: "POST",
      url: `/api/service-reminders/unsubscribe/${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain("Du är avregistrerad");
    const again = await app.inject({ method: "POST", url: `/api/service-reminders/unsubscribe/${token}` });
    expect(again.statusCode).toBe(200);
    const [reminder] = await remindersOf("tvilling1@exempel.se");
    expect(reminder.customer.unsubscribed).toBe(true);
    expect(reminder.responses).toEqual([expect.objectContaining({ type: "unsubscribed" })]);
  });

  it("an unsubscribed customer gets no more reminders, and the admin sees them marked", async () => {
    clock = morningOf("2027-01-02");
    // A second pump of the unsubscribed customer, long due, and one reminder already made for them.
    await customerWithPump("Tvilling 1", "tvilling1@exempel.se", 2000, "Andra pumpen");
    const pending = (await asAdmin("GET", "/api/admin/service-reminders/pending")).json() as { model: string; customer: { unsubscribed: boolean } }[];
    expect(pending.find((p) => p.model === "Andra pumpen")?.customer.unsubscribed).toBe(true);
    await runJobAt(morningOf("2027-01-03"));
    await runJobAt(morningOf("2027-01-12"));
    expect(remindersTo("tvilling1@exempel.se")).toHaveLength(1); // the one before unsubscribing
    expect(await remindersOf("tvilling1@exempel.se")).toHaveLength(1);
  });

  it("answer 404 to an altered, made-up or malformed key, and change nothing", async () => {
    const token = await tokenOf("tvilling2@exempel.se");
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [altered, "A".repeat(43), "kort", "%2e%2e%2f"]) {
      const offer = await app.inject({ method: "GET", url: `/api/service-reminders/offer/${bad}` });
      expect(offer.statusCode, bad).toBe(404);
      expect(offer.json().message).toBe("Erbjudandet finns inte längre");
      const post = await app.inject({ method: "POST", url: `/api/service-reminders/unsubscribe/${bad}` });
      expect(post.statusCode, bad).toBe(404);
      expect(post.body).toContain("Länken fungerar inte");
    }
    expect((await remindersOf("tvilling2@exempel.se"))[0].customer.unsubscribed).toBe(false);
  });

  it("are gone once the customer is erased (GDPR)", async () => {
    const token = await tokenOf("tvilling3@exempel.se");
    const [{ id }] = await queryRows<{ id: number }>(database, sql`select id from customers where email = 'tvilling3@exempel.se'`);
    await database.db.execute(sql`insert into service_history (customer_id, service_date, service_type) values (${id}, now(), 'maintenance')`);
    const erase = await asAdmin("DELETE" as "POST", `/api/customers/${id}`);
    expect(erase.statusCode, erase.body).toBeLessThan(300);
    expect((await app.inject({ method: "GET", url: `/api/service-reminders/offer/${token}` })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `/api/service-reminders/unsubscribe/${token}` })).statusCode).toBe(404);
  });
});
