import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, bookableSlots, todayIn } from "@/common/booking-rules";
import { addMonths } from "@/common/refrigerant";
import { bookingLinkText } from "@/common/schemas/booking-links";
import { DEFAULT_SYSTEM_SETTINGS, type SystemSettings } from "@/common/schemas/settings";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { customers, products } from "../../db/schema";
import { bookingPayload } from "../../test-support/booking-fixtures";
import { TestSmtpServer, allDelivered, freePort } from "../../test-support/smtp";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Issue 26: the visits service agreements book by themselves, on both databases. Each active
// agreement's visit month is proposed from 30 days before it: the first free time of the month by
// the customers' rules (never a closed day, a blocked time or a full day), held as a planned booking
// and e-mailed with the customer's link; never twice, also when two instances run the job at once;
// the customer confirms it or moves it within the month; unanswered ones are confirmed or released
// by the settings' rule. The clock is a test's own: 2026-12-05 (Saturday) proposes January 2027,
// whose first days are New Year's Day (closed), a Saturday, a Sunday (closed) and a Monday.

let database: Database;
let app: FastifyInstance;
let other: FastifyInstance;
let smtp: TestSmtpServer;
let admin: string;
let clock = new Date("2026-12-05T09:00:00Z");

beforeAll(async () => {
  const port = await freePort();
  smtp = new TestSmtpServer(port);
  await smtp.start();
  database = await createTestDatabase();
  // No shared availability answers: the tests empty the calendar behind the app's back. A moved
  // visit's e-mail goes at once (its hold is tested in booking-links.moved-email.test.ts).
  app = await buildApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true, availabilityCacheMs: 0, movedEmailDelaySeconds: 0 }), {
    database,
    now: () => clock,
    settingsCacheMs: 0,
  });
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
  clock = new Date("2026-12-05T09:00:00Z");
  // Every test starts from an empty calendar and the default settings.
  await database.db.execute(sql`delete from bookings`);
  await database.db.execute(sql`delete from blocked_time_slots`);
  await saveSettings({});
});

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, on: FastifyInstance = app) =>
  on.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: admin }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const customerCall = (method: "GET" | "POST", url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN }, remoteAddress: "198.51.100.40", ...(payload !== undefined ? { payload: payload as object } : {}) });

async function saveSettings(changes: Partial<SystemSettings>) {
  const res = await call("PUT", "/api/admin/settings", { ...DEFAULT_SYSTEM_SETTINGS, ...changes });
  expect(res.statusCode, res.body).toBe(200);
}

let counter = 0;
/** An accepted agreement with visits in `visitMonth`, for a new customer with one pump. */
async function agreement(visitMonth = 1, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const email = `avtal${counter}.${Date.now()}@exempel.se`;
  const [c] = await database.db
    .insert(customers)
    .values({ name: `Avtalskund ${counter}`, email, phone: "070-111 22 33", address: "Storgatan 1", city: "Uppsala", postalCode: "753 20" })
    .returning();
  const [p] = await database.db
    .insert(products)
    .values({ customerId: c.id, type: "luftvärmepump", brand: "Nibe", model: "F2120", serialNumber: `AV-${counter}` })
    .returning();
  const created = await call("POST", "/api/admin/agreements", {
    customerId: c.id,
    productId: p.id,
    startDate: "2026-12-01",
    yearlyPriceOre: 240_000,
    visitsPerYear: 1,
    visitMonth,
    repairDiscountPercent: 10,
    ...overrides,
  });
  expect(created.statusCode, created.body).toBe(201);
  const body = created.json();
  const accepted = await customerCall("POST", `/api/agreements/${body.customerUrl.split("/avtal/")[1]}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { id: body.id as number, customerId: c.id, productId: p.id, email };
}

type Proposed = { id: number; date: string; time_slot: string; status: string; month: string; state: string; product_id: number | null };
const proposalsOf = (agreementId: number) =>
  queryRows<Proposed>(
    database,
    sql`select b.id, b.date::text as date, b.time_slot, b.status, v.month, v.state, b.product_id
        from agreement_visits v left join bookings b on b.id = v.booking_id
        where v.agreement_id = ${agreementId} order by v.month`,
  );

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
async function mailsTo(email: string) {
  await app.outbox.sweep();
  await allDelivered(database, smtp);
  return smtp.messages.filter((mail) => recipient(mail) === email);
}
/** The first time the customers' rules offer for a service visit on `date` (Saturdays have their own hours). */
const firstSlot = (date: string) => bookableSlots("service", date, "2026-12-05")[0].label;
/** The proposal's e-mail among a customer's (the agreement's own came first). */
const proposalMail = (mails: ParsedMail[]) => mails.find((m) => m.subject?.startsWith("Servicebesök enligt ditt serviceavtal"))!;
const linkIn = (mail: ParsedMail) => (mail.text ?? "").match(/\/booking\/shared\/([A-Za-z0-9_-]+)/)?.[1];

describe("proposing an agreement's visit", () => {
  it("holds the month's first free time as a planned booking, e-mails the link, and proposes it once", async () => {
    const a = await agreement(1);
    expect(await app.jobs["agreement-visits"].run()).toBeUndefined();
    const [proposal] = await proposalsOf(a.id);
    // 1 January is New Year's Day; Saturday 2 January is a service day.
    // The booking is about the agreement's pump (the technician's report and leak check are too).
    expect(proposal).toMatchObject({
      month: "2027-01",
      state: "proposed",
      date: "2027-01-02",
      time_slot: firstSlot("2027-01-02"),
      status: "planned",
      product_id: a.productId,
    });

    const mail = proposalMail(await mailsTo(a.email));
    expect(mail.subject).toBe(`Servicebesök enligt ditt serviceavtal: lördag 2 januari 2027 kl. ${firstSlot("2027-01-02").slice(0, 5)}`);
    expect(mail.text).toContain("Enligt ditt serviceavtal är det dags för service i januari 2027.");
    expect(mail.text).toContain("Har vi inte hört av dig senast 26 december 2026 gäller tiden som bokad.");
    expect(linkIn(mail)).toBeTruthy();

    // Again the same day and the next: nothing more.
    await app.jobs["agreement-visits"].run();
    clock = new Date("2026-12-06T09:00:00Z");
    await app.jobs["agreement-visits"].run();
    expect(await proposalsOf(a.id)).toHaveLength(1);
    const events = (await call("GET", `/api/admin/agreements/${a.id}`)).json().events as { kind: string; note: string }[];
    expect(events.filter((e) => e.kind === "visit-proposed").map((e) => e.note)).toEqual([
      `januari 2027: bokning #${proposal.id} 2027-01-02 kl. ${firstSlot("2027-01-02").slice(0, 5)}`,
    ]);
  });

  it("never takes a closed day, a blocked time or a full day", async () => {
    await saveSettings({ maxBookingsPerDay: 1 });
    // Saturday 2 January blocked for service; Monday 4 January already has its one visit.
    const blocked = await call("POST", "/api/admin/blocked-time-slots", {
      date: "2027-01-02",
      startTime: "07:00",
      endTime: "18:00",
      reason: "Utbildning",
      serviceTypes: ["service"],
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const [busy] = await database.db
      .insert(customers)
      .values({ name: "Upptagen Kund", email: "upptagen@exempel.se", phone: "070-222 33 44", address: "Gatan 2", city: "Uppsala", postalCode: "753 21" })
      .returning();
    await database.db.execute(
      sql`insert into bookings (customer_id, contact_name, contact_email, contact_phone, address, postal_code, city, service_type, date, time_slot, start_time, end_time, status)
          values (${busy.id}, 'Upptagen Kund', 'upptagen@exempel.se', '070-222 33 44', 'Gatan 2', '753 21', 'Uppsala', 'service', '2027-01-04', '15:30-17:30', '15:30', '17:30', 'confirmed')`,
    );
    const a = await agreement(1);
    await app.jobs["agreement-visits"].run();
    // 1 Jan closed, 2 Jan blocked, 3 Jan Sunday, 4 Jan full: Tuesday 5 January.
    expect(await proposalsOf(a.id)).toMatchObject([{ state: "proposed", date: "2027-01-05", time_slot: firstSlot("2027-01-05") }]);
  });

  it("takes the next free time for the next agreement of the month, and says so when the month has none", async () => {
    await saveSettings({ maxBookingsPerDay: 1 });
    const first = await agreement(1);
    const second = await agreement(1);
    await app.jobs["agreement-visits"].run();
    expect((await proposalsOf(first.id))[0].date).toBe("2027-01-02");
    expect((await proposalsOf(second.id))[0].date).toBe("2027-01-04");
    // February, with every day of it blocked: no time, recorded for the admin.
    for (let day = 1; day <= 28; day++) {
      const date = `2027-02-${String(day).padStart(2, "0")}`;
      await call("POST", "/api/admin/blocked-time-slots", { date, startTime: "07:00", endTime: "18:00", reason: "Semester", serviceTypes: ["service"] });
    }
    clock = new Date("2027-01-10T09:00:00Z");
    const february = await agreement(2);
    await app.jobs["agreement-visits"].run();
    expect(await proposalsOf(february.id)).toMatchObject([{ month: "2027-02", state: "no-time", id: null }]);
    const events = (await call("GET", `/api/admin/agreements/${february.id}`)).json().events as { kind: string; note: string }[];
    expect(events.find((e) => e.kind === "visit-proposed")?.note).toBe("februari 2027: ingen ledig tid");
  });

  it("proposes nothing for a paused agreement, one not accepted, or a month more than 30 days ahead", async () => {
    const paused = await agreement(1);
    expect((await call("POST", `/api/admin/agreements/${paused.id}/pause`)).statusCode).toBe(200);
    const later = await agreement(2); // February: due from 2 January
    await app.jobs["agreement-visits"].run();
    expect(await proposalsOf(paused.id)).toEqual([]);
    expect(await proposalsOf(later.id)).toEqual([]);
    clock = new Date("2027-01-02T09:00:00Z");
    await app.jobs["agreement-visits"].run();
    expect(await proposalsOf(later.id)).toHaveLength(1);
  });

  it("is proposed once when two instances run the job at the same moment", async () => {
    const agreements = await Promise.all([agreement(1), agreement(1), agreement(1)]);
    await Promise.all([app.jobs["agreement-visits"].run(), other.jobs["agreement-visits"].run(), app.jobs["agreement-visits"].run()]);
    for (const a of agreements) expect(await proposalsOf(a.id)).toHaveLength(1);
    const bookings = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from bookings where status <> 'cancelled'`);
    expect(bookings[0].n).toBe(3);
    // Three different times: one visit at a time.
    const times = await queryRows<{ slot: string }>(database, sql`select date::text || ' ' || time_slot as slot from bookings`);
    expect(new Set(times.map((t) => t.slot)).size).toBe(3);
  });
});

describe("the customer's answer", () => {
  async function proposedLink() {
    const a = await agreement(1);
    await app.jobs["agreement-visits"].run();
    return { agreement: a, token: linkIn(proposalMail(await mailsTo(a.email)))! };
  }

  it("shows the month and confirms the time once; another booking has nothing to confirm", async () => {
    const { agreement: a, token } = await proposedLink();
    const view = (await customerCall("GET", `/api/booking-links/${token}`)).json();
    expect(view.agreementVisit).toEqual({ month: "2027-01", monthText: "januari 2027", canConfirm: true });
    const confirmed = await customerCall("POST", `/api/booking-links/${token}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().booking.status).toBe("confirmed");
    expect(confirmed.json().agreementVisit.canConfirm).toBe(false);
    const again = await customerCall("POST", `/api/booking-links/${token}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(bookingLinkText.alreadyAnswered);
    expect((await proposalsOf(a.id))[0].status).toBe("confirmed");
  });

  it("is confirmed once when the customer's confirmations race, and a forged token confirms nothing", async () => {
    const { agreement: a, token } = await proposedLink();
    const forged = await customerCall("POST", `/api/booking-links/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}/confirm`);
    expect(forged.statusCode).toBe(404);
    const answers = await Promise.all(Array.from({ length: 6 }, () => customerCall("POST", `/api/booking-links/${token}/confirm`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const history = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from booking_events e join agreement_visits v on v.booking_id = e.booking_id where v.agreement_id = ${a.id} and e.to_value = 'confirmed'`,
    );
    expect(history[0].n).toBe(1);
  });

  it("moves within the month and not outside it", async () => {
    const { agreement: a, token } = await proposedLink();
    const outside = await customerCall("POST", `/api/booking-links/${token}/reschedule`, { date: "2027-02-01", timeSlot: "08:00-10:00" });
    expect(outside.statusCode).toBe(409);
    expect(outside.json().message).toBe(bookingLinkText.outsideMonth("januari 2027"));
    const inside = await customerCall("POST", `/api/booking-links/${token}/reschedule`, { date: "2027-01-04", timeSlot: "10:00-12:00" });
    expect(inside.statusCode, inside.body).toBe(200);
    // Moving it is the customer's answer: the new time is confirmed, and no rule touches it.
    expect((await proposalsOf(a.id))[0]).toMatchObject({ date: "2027-01-04", time_slot: "10:00-12:00", status: "confirmed" });
    expect((await customerCall("GET", `/api/booking-links/${token}`)).json().agreementVisit.canConfirm).toBe(false);
  });

  it("an ordinary booking's link has no agreement visit and cannot be confirmed", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/bookings",
      headers: { ...SAME_ORIGIN },
      payload: bookingPayload({ date: "2027-01-04", timeSlot: "08:00-10:00", email: `vanlig.${Date.now()}@exempel.se` }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const token = (res.json().manageUrl ?? res.json().booking?.manageUrl ?? "").split("/booking/shared/")[1];
    expect(token).toBeTruthy();
    expect((await customerCall("GET", `/api/booking-links/${token}`)).json().agreementVisit).toBeNull();
    const confirm = await customerCall("POST", `/api/booking-links/${token}/confirm`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(bookingLinkText.notAProposal);
  });
});

describe("proposals left unanswered", () => {
  it("are confirmed the set number of days before the visit by default, and not earlier", async () => {
    const a = await agreement(1);
    await app.jobs["agreement-visits"].run();
    clock = new Date("2026-12-25T09:00:00Z"); // 8 days before 2 January
    await app.jobs["agreement-visits"].run();
    expect((await proposalsOf(a.id))[0].status).toBe("planned");
    clock = new Date("2026-12-26T09:00:00Z"); // 7 days before
    await app.jobs["agreement-visits"].run();
    expect((await proposalsOf(a.id))[0].status).toBe("confirmed");
  });

  it("are released, with an e-mail, when the settings say so", async () => {
    await saveSettings({ agreementUnanswered: "release", agreementAnswerDays: 3 });
    const a = await agreement(1);
    await app.jobs["agreement-visits"].run();
    const proposal = proposalMail(await mailsTo(a.email));
    expect(proposal.text).toContain("Har vi inte hört av dig senast 30 december 2026 släpper vi tiden");
    clock = new Date("2026-12-30T09:00:00Z");
    await app.jobs["agreement-visits"].run();
    expect((await proposalsOf(a.id))[0].status).toBe("cancelled");
    const mails = await mailsTo(a.email);
    // The agreement, the proposal, the release.
    expect(mails).toHaveLength(3);
    expect(mails[2].text).toContain("Vi har tyvärr fått avboka ditt besök");
  });
});

describe("the yearly fee", () => {
  const feeInvoicesOf = async (customerId: number) => {
    const res = await call("GET", "/api/admin/invoices?status=draft");
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().invoices as { id: number; customerId?: number }[]).map((i) => i.id);
    const all = await Promise.all(ids.map(async (id) => (await call("GET", `/api/admin/invoices/${id}`)).json()));
    return all.filter((invoice) => invoice.customerId === customerId);
  };

  it("becomes an invoice draft when each agreement year starts, once, also from two instances at once", async () => {
    const a = await agreement(6); // started 1 December 2026
    await Promise.all([app.jobs["agreement-visits"].run(), other.jobs["agreement-visits"].run()]);
    await app.jobs["agreement-visits"].run();
    const [fee, ...more] = await feeInvoicesOf(a.customerId);
    expect(more).toEqual([]);
    // 2 400 kr including VAT: 1 920 kr + 25 % VAT 480 kr.
    expect(fee).toMatchObject({ status: "draft", workDate: "2026-12-01", rot: null });
    expect(fee.lines).toEqual([
      {
        description: "Serviceavtal Nibe F2120 (SN AV-" + fee.lines[0].description.split("(SN AV-")[1],
        quantity: 1,
        unit: "år",
        unitPriceOre: 192_000,
        vatRate: 25,
        labour: false,
        discountPercent: 0,
        netOre: 192_000,
      },
    ]);
    expect(fee.lines[0].description).toMatch(/, 1 december 2026 – 30 november 2027$/);
    expect(fee.totals).toMatchObject({ netOre: 192_000, vatOre: 48_000, totalOre: 240_000, toPayOre: 240_000 });
    const events = (await call("GET", `/api/admin/agreements/${a.id}`)).json().events as { kind: string; note: string }[];
    expect(events.filter((e) => e.kind === "fee-invoiced").map((e) => e.note)).toEqual([
      `Årsavgift 1 december 2026 – 30 november 2027: fakturautkast #${fee.id}`,
    ]);

    // The second year: a second draft.
    clock = new Date("2027-12-01T09:00:00Z");
    await app.jobs["agreement-visits"].run();
    expect((await feeInvoicesOf(a.customerId)).map((i) => i.workDate).sort()).toEqual(["2026-12-01", "2027-12-01"]);
  });

  it("is not invoiced before the start, while paused, or without a price", async () => {
    const later = await agreement(6, { startDate: "2027-03-01" });
    const paused = await agreement(6);
    expect((await call("POST", `/api/admin/agreements/${paused.id}/pause`)).statusCode).toBe(200);
    const free = await agreement(6, { yearlyPriceOre: 0 });
    await app.jobs["agreement-visits"].run();
    for (const a of [later, paused, free]) expect(await feeInvoicesOf(a.customerId)).toEqual([]);
  });
});

describe("the statistics of agreements", () => {
  it("counts those in force at the period's end, accepted in it and ending in it, and the yearly value in force", async () => {
    const figures = async () => {
      const res = await call("GET", "/api/statistics?period=month");
      expect(res.statusCode, res.body).toBe(200);
      return res.json().agreements as { active: number; new: number; ended: number; yearlyValueOre: number };
    };
    // Acceptances are stamped by the database's clock: the period is this month, today.
    clock = new Date();
    const today = todayIn(clock);
    const start = `${today.slice(0, 7)}-01`;
    const lastOfMonth = addDays(addMonths(start, 1), -1);
    // On the month's last day the agreement ending today is still in force at the period's end.
    const endsToday = lastOfMonth === today;
    const before = await figures();
    await agreement(6, { yearlyPriceOre: 300_000, startDate: start }); // in force
    const ending = await agreement(6, { yearlyPriceOre: 500_000, startDate: start });
    expect((await call("POST", `/api/admin/agreements/${ending.id}/end`, { endsOn: endsToday ? today : addDays(lastOfMonth, -1) })).statusCode).toBe(200);
    const paused = await agreement(6, { yearlyPriceOre: 700_000, startDate: start });
    expect((await call("POST", `/api/admin/agreements/${paused.id}/pause`)).statusCode).toBe(200);
    // Pending: neither in force nor new.
    const [c] = await database.db
      .insert(customers)
      .values({ name: "Väntande Kund", email: `vantar.${Date.now()}@exempel.se`, phone: "070-1", address: "A 1", city: "Uppsala", postalCode: "753 20" })
      .returning();
    const [p] = await database.db.insert(products).values({ customerId: c.id, type: "luftvärmepump", model: "F2120" }).returning();
    const pending = await call("POST", "/api/admin/agreements", {
      customerId: c.id,
      productId: p.id,
      startDate: start,
      yearlyPriceOre: 900_000,
      visitsPerYear: 1,
      visitMonth: 6,
      repairDiscountPercent: 0,
    });
    expect(pending.statusCode).toBe(201);

    const after = await figures();
    expect({
      active: after.active - before.active,
      new: after.new - before.new,
      ended: after.ended - before.ended,
      yearlyValueOre: after.yearlyValueOre - before.yearlyValueOre,
    }).toEqual({ active: endsToday ? 2 : 1, new: 3, ended: 1, yearlyValueOre: endsToday ? 800_000 : 300_000 });
  });
});

describe("the admin's 'propose the next visit now'", () => {
  it("proposes the next visit month before the job would, once, and says why not in Swedish", async () => {
    const a = await agreement(2); // February 2027: the job proposes it from 2 January
    const res = await call("POST", `/api/admin/agreements/${a.id}/propose-visit`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().events[0]).toMatchObject({ kind: "visit-proposed", by: "Systemet" });
    const [proposal] = await proposalsOf(a.id);
    expect(proposal).toMatchObject({ month: "2027-02", state: "proposed", status: "planned" });
    expect(proposal.date.slice(0, 7)).toBe("2027-02");

    const again = await call("POST", `/api/admin/agreements/${a.id}/propose-visit`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Besöket i februari 2027 är redan föreslaget.");
    // The job later does not propose it a second time.
    clock = new Date("2027-01-15T09:00:00Z");
    await app.jobs["agreement-visits"].run();
    expect(await proposalsOf(a.id)).toHaveLength(1);

    clock = new Date("2026-12-05T09:00:00Z");
    const paused = await agreement(2);
    expect((await call("POST", `/api/admin/agreements/${paused.id}/pause`)).statusCode).toBe(200);
    const refused = await call("POST", `/api/admin/agreements/${paused.id}/propose-visit`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Bara ett aktivt avtal föreslår besök.");
    expect((await call("POST", "/api/admin/agreements/999999/propose-visit")).statusCode).toBe(404);
  });

  it("is the admin's alone", async () => {
    await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" });
    const tekla = await loginAs(app, "tekla", "Tekla1234");
    const a = await agreement(2);
    const asTechnician = await app.inject({ method: "POST", url: `/api/admin/agreements/${a.id}/propose-visit`, headers: { ...SAME_ORIGIN, cookie: tekla } });
    expect(asTechnician.statusCode).toBe(403);
    const anonymous = await app.inject({ method: "POST", url: `/api/admin/agreements/${a.id}/propose-visit`, headers: { ...SAME_ORIGIN } });
    expect(anonymous.statusCode).toBe(401);
    expect(await proposalsOf(a.id)).toEqual([]);
  });
});

describe("a visit whose claim a process that died left unsettled", () => {
  /** The January visit of the agreement, claimed `minutes` ago by a process that died (or is still at work) before settling it. */
  const leftClaiming = (agreementId: number, minutes: number) =>
    database.db.execute(
      sql`insert into agreement_visits (agreement_id, month, state, claimed_at)
          values (${agreementId}, '2027-01', 'claiming', now() - (${minutes}::int * interval '1 minute'))`,
    );
  const bookingsOfCustomer = (customerId: number) =>
    queryRows<{ id: number; status: string }>(database, sql`select id, status from bookings where customer_id = ${customerId} order by id`);

  it("is taken over by the next run after 10 minutes and proposed once; a younger one is left to the process at work", async () => {
    const stale = await agreement(1);
    const young = await agreement(1);
    await leftClaiming(stale.id, 11);
    await leftClaiming(young.id, 5);
    // A visit about the pump booked by other means in the month is not the proposal the dead process made.
    await database.db.execute(
      sql`insert into bookings (customer_id, contact_name, contact_email, contact_phone, address, postal_code, city, service_type, date, time_slot, start_time, end_time, status, product_id)
          values (${stale.customerId}, 'Avtalskund', ${stale.email}, '070-1', 'Storgatan 1', '753 20', 'Uppsala', 'troubleshooting', '2027-01-20', '15:30-17:30', '15:30', '17:30', 'planned', ${stale.productId})`,
    );
    await app.jobs["agreement-visits"].run();
    expect(await proposalsOf(stale.id)).toMatchObject([{ month: "2027-01", state: "proposed", status: "planned", date: "2027-01-02" }]);
    expect(await bookingsOfCustomer(stale.customerId)).toHaveLength(2);
    expect(await proposalsOf(young.id)).toMatchObject([{ month: "2027-01", state: "claiming", id: null }]);
    expect(await bookingsOfCustomer(young.customerId)).toEqual([]);
    // Nor does the admin's button take it while the other process may still be booking it.
    const refused = await call("POST", `/api/admin/agreements/${young.id}/propose-visit`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Besöket i januari 2027 är redan föreslaget.");
    // A second run books nothing more for the one taken over.
    await app.jobs["agreement-visits"].run();
    expect(await bookingsOfCustomer(stale.customerId)).toHaveLength(2);
  });

  it("is settled with the booking the dead process made, not booked a second time", async () => {
    const a = await agreement(1);
    await app.jobs["agreement-visits"].run();
    const [made] = await proposalsOf(a.id);
    // The process died after booking, before settling: the row still claiming, without its booking.
    await database.db.execute(
      sql`update agreement_visits set state = 'claiming', booking_id = null, claimed_at = now() - interval '11 minutes' where agreement_id = ${a.id}`,
    );
    await app.jobs["agreement-visits"].run();
    expect(await proposalsOf(a.id)).toMatchObject([{ id: made.id, state: "proposed", date: made.date }]);
    expect(await bookingsOfCustomer(a.customerId)).toEqual([{ id: made.id, status: "planned" }]);
  });

  it("is taken over by one of two instances at once, and booked once", async () => {
    const a = await agreement(1);
    await leftClaiming(a.id, 11);
    await Promise.all([app.jobs["agreement-visits"].run(), other.jobs["agreement-visits"].run(), app.jobs["agreement-visits"].run()]);
    expect(await proposalsOf(a.id)).toMatchObject([{ state: "proposed", status: "planned" }]);
    expect(await bookingsOfCustomer(a.customerId)).toHaveLength(1);
  });

  it("a month with no free time is tried again by the admin once a day is freed, and then proposed once", async () => {
    for (let day = 1; day <= 28; day++) {
      const date = `2027-02-${String(day).padStart(2, "0")}`;
      await call("POST", "/api/admin/blocked-time-slots", { date, startTime: "07:00", endTime: "18:00", reason: "Semester", serviceTypes: ["service"] });
    }
    const a = await agreement(2);
    const none = await call("POST", `/api/admin/agreements/${a.id}/propose-visit`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe("Det finns ingen ledig tid i februari 2027. Boka besöket för hand.");
    expect(await proposalsOf(a.id)).toMatchObject([{ state: "no-time", id: null }]);
    // The job does not retry it by itself (the admin books by hand or asks again).
    clock = new Date("2027-01-10T09:00:00Z");
    await app.jobs["agreement-visits"].run();
    expect(await bookingsOfCustomer(a.customerId)).toEqual([]);

    await database.db.execute(sql`delete from blocked_time_slots where date = '2027-02-15'`);
    const retried = await call("POST", `/api/admin/agreements/${a.id}/propose-visit`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await proposalsOf(a.id)).toMatchObject([{ month: "2027-02", state: "proposed", status: "planned", date: "2027-02-15" }]);
    const again = await call("POST", `/api/admin/agreements/${a.id}/propose-visit`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Besöket i februari 2027 är redan föreslaget.");
    expect(await bookingsOfCustomer(a.customerId)).toHaveLength(1);
  });
});
