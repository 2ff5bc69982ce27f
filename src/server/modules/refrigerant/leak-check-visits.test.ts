import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookableSlots } from "@/common/booking-rules";
import { bookingLinkText } from "@/common/schemas/booking-links";
import { DEFAULT_SYSTEM_SETTINGS, type SystemSettings } from "@/common/schemas/settings";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { customers, products } from "../../db/schema";
import { TestSmtpServer, allDelivered, freePort } from "../../test-support/smtp";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Issue 26: due leak checks proposed as visits the same way agreement visits are, on both databases.
// A unit with a check duty (R410A 3.2 kg: 6.68 t CO2e, every 12 months) whose next check is due within
// 30 days, or late, gets the first free time by the customers' rules up to its due date (else in the
// 30 days after it), held as a planned booking about the unit and e-mailed with the customer's link;
// never twice, also when two instances run the job at once. A visit already booked for the unit
// before the due date takes the check along instead. The customer confirms it, or moves it no later
// than the window's last day; unanswered ones are confirmed or released by the agreements' setting.
//
// The clock is the tests' own: Thursday 10 December 2026. The customers' rules book a service from 14
// days ahead: 24 December (julafton), 25 and 26 December (holidays) and Sunday 27 December are closed,
// so Monday 28 December is the first free day.

let database: Database;
let app: FastifyInstance;
let other: FastifyInstance;
let smtp: TestSmtpServer;
let admin: string;
let clock = new Date("2026-12-10T09:00:00Z");
/** What the app logs at warn and above. */
const logLines: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  smtp = new TestSmtpServer(port);
  await smtp.start();
  database = await createTestDatabase();
  app = await buildApp(
    testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true, availabilityCacheMs: 0, movedEmailDelaySeconds: 0, logLevel: "warn" }),
    { database, now: () => clock, settingsCacheMs: 0, logStream: { write: (line) => logLines.push(line) } },
  );
  await app.ready();
  other = await buildApp(testConfig({ availabilityCacheMs: 0 }), { database, now: () => clock, settingsCacheMs: 0 });
  await other.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
});
afterAll(async () => {
  await app.close();
  await other.close();
  await database.close();
  await smtp.stop();
});
beforeEach(async () => {
  clock = new Date("2026-12-10T09:00:00Z");
  // Every test starts from an empty calendar and the default settings; the units and agreements of
  // earlier tests propose nothing more (no refrigerant: no duty).
  await database.db.execute(sql`delete from bookings`);
  await database.db.execute(sql`delete from blocked_time_slots`);
  await database.db.execute(sql`delete from service_agreements`);
  await database.db.execute(sql`update products set refrigerant = null, refrigerant_charge_kg = null`);
  await saveSettings({});
});

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, on: FastifyInstance = app) =>
  on.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: admin }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const customerCall = (method: "GET" | "POST", url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN }, remoteAddress: "198.51.100.41", ...(payload !== undefined ? { payload: payload as object } : {}) });
const runJob = (on: FastifyInstance = app) => on.jobs["agreement-visits"].run();

async function saveSettings(changes: Partial<SystemSettings>) {
  const res = await call("PUT", "/api/admin/settings", { ...DEFAULT_SYSTEM_SETTINGS, ...changes });
  expect(res.statusCode, res.body).toBe(200);
}

let counter = 0;
/** A customer's heat pump in the register: R410A 3.2 kg (12-monthly checks) unless told, installed `installDate`. */
async function unit(installDate: string, refrigerant: { refrigerant: string; chargeKg: number } = { refrigerant: "R410A", chargeKg: 3.2 }) {
  counter += 1;
  const email = `lacka${counter}.${Date.now()}@exempel.se`;
  const [c] = await database.db
    .insert(customers)
    .values({ name: `Läckkund ${counter}`, email, phone: "070-333 44 55", address: "Köldgatan 3", city: "Uppsala", postalCode: "753 22" })
    .returning();
  const [p] = await database.db
    .insert(products)
    .values({ customerId: c.id, type: "luftvärmepump", brand: "Nibe", model: "F2120", serialNumber: `LK-${counter}`, installDate })
    .returning();
  const set = await call("PUT", `/api/admin/products/${p.id}/refrigerant`, refrigerant);
  expect(set.statusCode, set.body).toBe(200);
  return { customerId: c.id, productId: p.id, email };
}

type Proposed = {
  id: number | null;
  date: string | null;
  time_slot: string | null;
  status: string | null;
  description: string | null;
  due_date: string;
  latest_date: string;
  follow_up: boolean;
  state: string;
};
const proposalsOf = (productId: number) =>
  queryRows<Proposed>(
    database,
    sql`select b.id, b.date::text as date, b.time_slot, b.status, b.description, v.due_date::text as due_date,
          v.latest_date::text as latest_date, v.follow_up, v.state
        from leak_check_visits v left join bookings b on b.id = v.booking_id
        where v.product_id = ${productId} order by v.due_date`,
  );
const bookingsOf = (productId: number) =>
  queryRows<{ id: number; date: string; status: string; description: string }>(
    database,
    sql`select id, date::text as date, status, description from bookings where product_id = ${productId} order by date, id`,
  );

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
async function mailsTo(email: string) {
  await app.outbox.sweep();
  await allDelivered(database, smtp);
  return smtp.messages.filter((mail) => recipient(mail) === email);
}
const firstSlot = (date: string) => bookableSlots("service", date, "2026-12-10")[0].label;
const proposalMail = (mails: ParsedMail[]) => mails.find((m) => m.subject?.startsWith("Läckagekontroll av din värmepump"))!;
const linkIn = (mail: ParsedMail) => (mail.text ?? "").match(/\/booking\/shared\/([A-Za-z0-9_-]+)/)?.[1];

/** A visit about the product booked by other means, on `date`, with `status`. */
async function visitOf(u: { customerId: number; productId: number }, date: string, status: string) {
  await database.db.execute(
    sql`insert into bookings (customer_id, contact_name, contact_email, contact_phone, address, postal_code, city, service_type, date, time_slot, start_time, end_time, status, product_id)
        values (${u.customerId}, 'Läckkund', 'annan@exempel.se', '070-1', 'Köldgatan 3', '753 22', 'Uppsala', 'troubleshooting', ${date}, '15:30-17:30', '15:30', '17:30', ${status}, ${u.productId})`,
  );
}

describe("proposing a due leak check", () => {
  it("holds the first free time before the due date as a planned booking about the unit, e-mails the link, and proposes it once", async () => {
    const u = await unit("2026-01-04"); // due 4 January 2027, 25 days ahead
    expect(await runJob()).toBeUndefined();
    expect(await proposalsOf(u.productId)).toEqual([
      {
        id: expect.any(Number),
        date: "2026-12-28",
        time_slot: firstSlot("2026-12-28"),
        status: "planned",
        description: "Läckagekontroll (F-gas) av Nibe F2120 (SN LK-" + String(counter) + "), senast 4 januari 2027",
        due_date: "2027-01-04",
        latest_date: "2027-01-04",
        follow_up: false,
        state: "proposed",
      },
    ]);

    const mail = proposalMail(await mailsTo(u.email));
    expect(mail.subject).toBe(`Läckagekontroll av din värmepump: måndag 28 december 2026 kl. ${firstSlot("2026-12-28").slice(0, 5)}`);
    expect(mail.text).toContain("enligt F-gasreglerna ska läckagekontrolleras regelbundet");
    expect(mail.text).toContain("flytta besöket till en annan ledig tid senast 4 januari 2027");
    expect(mail.text).toContain("Har vi inte hört av dig senast 21 december 2026 gäller tiden som bokad.");
    expect(mail.attachments.map((a) => a.contentType)).toContain("text/calendar");
    expect(linkIn(mail)).toBeTruthy();

    // Again the same day and the next: nothing more.
    await runJob();
    clock = new Date("2026-12-11T09:00:00Z");
    await runJob();
    expect(await bookingsOf(u.productId)).toHaveLength(1);
  });

  it("never takes a closed day, a blocked time or a full day", async () => {
    await saveSettings({ maxBookingsPerDay: 1 });
    const blocked = await call("POST", "/api/admin/blocked-time-slots", {
      date: "2026-12-28",
      startTime: "07:00",
      endTime: "18:00",
      reason: "Utbildning",
      serviceTypes: ["service"],
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const busy = await unit("2020-01-01", { refrigerant: "R32", chargeKg: 1 }); // no duty: only its visit
    await visitOf(busy, "2026-12-29", "confirmed");
    const u = await unit("2026-01-04");
    await runJob();
    // 24–27 December closed, 28 December blocked, 29 December full: Wednesday 30 December.
    expect(await proposalsOf(u.productId)).toMatchObject([{ state: "proposed", date: "2026-12-30", time_slot: firstSlot("2026-12-30") }]);
  });

  it("proposes nothing due more than 30 days ahead, for a unit without a duty, or for an anonymized customer", async () => {
    const later = await unit("2026-01-10"); // due 10 January 2027, 31 days ahead
    const small = await unit("2025-06-01", { refrigerant: "R410A", chargeKg: 2.3 }); // 4.8 t: no duty, however old
    const erased = await unit("2026-01-04");
    await database.db.execute(sql`update customers set anonymized_at = now() where id = ${erased.customerId}`);
    await runJob();
    for (const u of [later, small, erased]) {
      expect(await proposalsOf(u.productId)).toEqual([]);
      expect(await bookingsOf(u.productId)).toEqual([]);
    }
    // The next day the first is 30 days ahead: proposed.
    clock = new Date("2026-12-11T09:00:00Z");
    await runJob();
    expect(await proposalsOf(later.productId)).toMatchObject([{ state: "proposed", due_date: "2027-01-10" }]);
    expect(await proposalsOf(erased.productId)).toEqual([]);
  });

  it("books a late check within the next 30 days, and one with no time before its due date in the 30 days after it", async () => {
    const late = await unit("2025-10-01"); // due 1 October 2026
    const soon = await unit("2025-12-20"); // due 20 December 2026: nothing bookable before it (14 days' lead)
    await runJob();
    const [latest] = await proposalsOf(late.productId);
    expect(latest).toMatchObject({ state: "proposed", due_date: "2026-10-01", latest_date: "2027-01-09", status: "planned" });
    expect(latest.date! >= "2026-12-11" && latest.date! <= "2027-01-09").toBe(true);
    expect(latest.description).toMatch(/, senast 9 januari 2027$/);
    const [after] = await proposalsOf(soon.productId);
    expect(after).toMatchObject({ state: "proposed", due_date: "2026-12-20", latest_date: "2027-01-19" });
    expect(after.date! > "2026-12-20" && after.date! <= "2027-01-19").toBe(true);
  });

  it("records a check with no free time at all, books nothing and names no customer in the log", async () => {
    const late = await unit("2025-10-01");
    for (let date = new Date("2026-12-11T00:00:00Z"); date <= new Date("2027-01-09T00:00:00Z"); date.setUTCDate(date.getUTCDate() + 1)) {
      const res = await call("POST", "/api/admin/blocked-time-slots", {
        date: date.toISOString().slice(0, 10),
        startTime: "07:00",
        endTime: "18:00",
        reason: "Semester",
        serviceTypes: ["service"],
      });
      expect([201, 422]).toContain(res.statusCode); // closed days may not take a block
    }
    logLines.length = 0;
    await runJob();
    expect(await proposalsOf(late.productId)).toEqual([expect.objectContaining({ id: null, state: "no-time", latest_date: "2027-01-09" })]);
    expect(await bookingsOf(late.productId)).toEqual([]);
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === "no free time for a leak check visit");
    expect(logged).toEqual([expect.objectContaining({ productId: late.productId, dueDate: "2026-10-01" })]);
    expect(JSON.stringify(logged)).not.toMatch(/Läckkund|lacka|Köldgatan|070-333/);
  });

  it("proposes a repaired leak's follow-up within the month after the repair", async () => {
    const u = await unit("2024-06-01");
    await database.db.execute(
      sql`insert into leak_checks (product_id, checked_on, method, result, technician_name, certificate)
          values (${u.productId}, '2026-12-09', 'detector', 'repaired', 'Tekla Tekniker', 'INCERT-1')`,
    );
    await runJob();
    const [followUp] = await proposalsOf(u.productId);
    // The periodic check is a year after this one; the follow-up is due a month after the repair.
    expect(followUp).toMatchObject({ state: "proposed", due_date: "2027-01-09", latest_date: "2027-01-09", follow_up: true, date: "2026-12-28" });
    expect(followUp.description).toMatch(/^Uppföljande läckagekontroll \(F-gas\) efter lagat läckage av Nibe F2120/);
    const mail = proposalMail(await mailsTo(u.email));
    expect(mail.text).toContain("ska den kontrolleras igen inom en månad från reparationen");
  });

  it("is folded into the agreement visit or another visit booked for the unit before the due date", async () => {
    // An agreement visit in January: the same run proposes it on Saturday 2 January, before the check's due date.
    const withAgreement = await unit("2026-01-04");
    const created = await call("POST", "/api/admin/agreements", {
      customerId: withAgreement.customerId,
      productId: withAgreement.productId,
      startDate: "2026-12-01",
      yearlyPriceOre: 240_000,
      visitsPerYear: 1,
      visitMonth: 1,
      repairDiscountPercent: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const accepted = await customerCall("POST", `/api/agreements/${created.json().customerUrl.split("/avtal/")[1]}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const withVisit = await unit("2026-01-04");
    await visitOf(withVisit, "2026-12-30", "confirmed");
    const cancelledVisit = await unit("2026-01-04");
    await visitOf(cancelledVisit, "2026-12-30", "cancelled");
    const visitAfterDue = await unit("2026-01-04");
    await visitOf(visitAfterDue, "2027-01-05", "planned");

    await runJob();
    expect(await bookingsOf(withAgreement.productId)).toMatchObject([{ date: "2027-01-02", description: "Servicebesök enligt serviceavtal, januari 2027" }]);
    expect(await proposalsOf(withAgreement.productId)).toEqual([]);
    expect(await bookingsOf(withVisit.productId)).toHaveLength(1);
    expect(await proposalsOf(withVisit.productId)).toEqual([]);
    // A cancelled visit, or one after the due date, does not do the check.
    expect(await proposalsOf(cancelledVisit.productId)).toMatchObject([{ state: "proposed", status: "planned" }]);
    expect(await proposalsOf(visitAfterDue.productId)).toMatchObject([{ state: "proposed", status: "planned" }]);

    // Folded is not recorded: when the visit that would do the check is called off, the check is proposed.
    await database.db.execute(sql`update bookings set status = 'cancelled' where product_id = ${withVisit.productId}`);
    clock = new Date("2026-12-11T09:00:00Z");
    await runJob();
    expect(await proposalsOf(withVisit.productId)).toMatchObject([{ state: "proposed", status: "planned", due_date: "2027-01-04" }]);
    expect(await proposalsOf(withAgreement.productId)).toEqual([]);
  });

  it("is proposed once per unit when two instances run the job three times at the same moment", async () => {
    const units = await Promise.all([unit("2026-01-04"), unit("2026-01-05"), unit("2025-10-01")]);
    await Promise.all([runJob(app), runJob(other), runJob(app)]);
    for (const u of units) {
      expect(await proposalsOf(u.productId)).toHaveLength(1);
      expect(await bookingsOf(u.productId)).toHaveLength(1);
    }
    const times = await queryRows<{ slot: string }>(database, sql`select date::text || ' ' || time_slot as slot from bookings where status <> 'cancelled'`);
    expect(times).toHaveLength(3);
    expect(new Set(times.map((t) => t.slot)).size).toBe(3);
  });
});

describe("the customer's answer to a proposed check", () => {
  async function proposedLink() {
    const u = await unit("2026-01-04");
    await runJob();
    return { unit: u, token: linkIn(proposalMail(await mailsTo(u.email)))! };
  }

  it("shows the latest day and confirms the time once", async () => {
    const { unit: u, token } = await proposedLink();
    const view = (await customerCall("GET", `/api/booking-links/${token}`)).json();
    expect(view.agreementVisit).toBeNull();
    expect(view.leakCheckVisit).toEqual({ latest: "2027-01-04", latestText: "4 januari 2027", followUp: false, canConfirm: true });
    const confirmed = await customerCall("POST", `/api/booking-links/${token}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().booking.status).toBe("confirmed");
    expect(confirmed.json().leakCheckVisit.canConfirm).toBe(false);
    const again = await customerCall("POST", `/api/booking-links/${token}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(bookingLinkText.alreadyAnswered);
    expect((await proposalsOf(u.productId))[0].status).toBe("confirmed");
  });

  it("moves no later than the latest day, and a move is the customer's confirmation", async () => {
    const { unit: u, token } = await proposedLink();
    const after = await customerCall("POST", `/api/booking-links/${token}/reschedule`, { date: "2027-01-05", timeSlot: "15:30-17:30" });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe("Läckagekontrollen kan flyttas till en dag senast 4 januari 2027.");
    expect((await proposalsOf(u.productId))[0]).toMatchObject({ date: "2026-12-28", status: "planned" });
    const within = await customerCall("POST", `/api/booking-links/${token}/reschedule`, { date: "2027-01-04", timeSlot: "10:00-12:00" });
    expect(within.statusCode, within.body).toBe(200);
    expect((await proposalsOf(u.productId))[0]).toMatchObject({ date: "2027-01-04", time_slot: "10:00-12:00", status: "confirmed" });
    expect(within.json().leakCheckVisit.canConfirm).toBe(false);
  });
});

describe("proposed checks left unanswered", () => {
  it("are confirmed the set number of days before the visit by default, and not earlier", async () => {
    const u = await unit("2026-01-04");
    await runJob();
    clock = new Date("2026-12-20T09:00:00Z"); // 8 days before 28 December
    await runJob();
    expect((await proposalsOf(u.productId))[0].status).toBe("planned");
    clock = new Date("2026-12-21T09:00:00Z"); // 7 days before
    await runJob();
    expect((await proposalsOf(u.productId))[0].status).toBe("confirmed");
  });

  it("are released, with an e-mail, when the settings say so, and not proposed again", async () => {
    await saveSettings({ agreementUnanswered: "release", agreementAnswerDays: 3 });
    const u = await unit("2026-01-04");
    await runJob();
    const proposal = proposalMail(await mailsTo(u.email));
    expect(proposal.text).toContain("Har vi inte hört av dig senast 25 december 2026 släpper vi tiden");
    clock = new Date("2026-12-25T09:00:00Z");
    await runJob();
    expect(await proposalsOf(u.productId)).toMatchObject([{ status: "cancelled", state: "proposed" }]);
    const mails = await mailsTo(u.email);
    // The proposal and the release.
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain("Vi har tyvärr fått avboka ditt besök");
    expect(await bookingsOf(u.productId)).toHaveLength(1);
  });
});

describe("a check whose claim a process that died left unsettled", () => {
  /** The unit's check due 4 January 2027, claimed `minutes` ago by a process that died (or is still at work) before settling it. */
  const leftClaiming = (productId: number, minutes: number) =>
    database.db.execute(
      sql`insert into leak_check_visits (product_id, due_date, follow_up, latest_date, state, claimed_at)
          values (${productId}, '2027-01-04', false, '2027-01-04', 'claiming', now() - (${minutes}::int * interval '1 minute'))`,
    );

  it("is taken over by the next run after 10 minutes and proposed once; a younger one is left to the process at work", async () => {
    const stale = await unit("2026-01-04");
    const young = await unit("2026-01-04");
    await leftClaiming(stale.productId, 11);
    await leftClaiming(young.productId, 5);
    await runJob();
    expect(await proposalsOf(stale.productId)).toMatchObject([{ state: "proposed", status: "planned", latest_date: "2027-01-04" }]);
    expect(await bookingsOf(stale.productId)).toHaveLength(1);
    expect(await proposalsOf(young.productId)).toMatchObject([{ state: "claiming", id: null }]);
    expect(await bookingsOf(young.productId)).toEqual([]);
    await runJob();
    expect(await bookingsOf(stale.productId)).toHaveLength(1);
  });

  it("is settled with the booking the dead process made, not booked a second time", async () => {
    const u = await unit("2026-01-04");
    await runJob();
    const [made] = await proposalsOf(u.productId);
    expect(made).toMatchObject({ state: "proposed", date: "2026-12-28" });
    // The process died after booking, before settling: the row still claiming, without its booking.
    await database.db.execute(
      sql`update leak_check_visits set state = 'claiming', booking_id = null, claimed_at = now() - interval '11 minutes' where product_id = ${u.productId}`,
    );
    await runJob();
    expect(await proposalsOf(u.productId)).toMatchObject([{ id: made.id, state: "proposed", date: "2026-12-28", latest_date: "2027-01-04" }]);
    expect(await bookingsOf(u.productId)).toHaveLength(1);
  });

  it("is taken over by one of two instances at once, and booked once", async () => {
    const u = await unit("2026-01-04");
    await leftClaiming(u.productId, 11);
    await Promise.all([runJob(app), runJob(other), runJob(app)]);
    expect(await proposalsOf(u.productId)).toMatchObject([{ state: "proposed", status: "planned" }]);
    expect(await bookingsOf(u.productId)).toHaveLength(1);
  });

  it("is forgotten, as a folded check, when another visit about the unit was booked meanwhile", async () => {
    const u = await unit("2026-01-04");
    await leftClaiming(u.productId, 11);
    await visitOf(u, "2026-12-30", "planned");
    await runJob();
    expect(await proposalsOf(u.productId)).toEqual([]);
    expect(await bookingsOf(u.productId)).toHaveLength(1);
  });
});
