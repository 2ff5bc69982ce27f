import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMPANY } from "@/common/constants";
import { agreementText, CustomerAgreementSchema } from "@/common/schemas/agreements";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { customers, products } from "../../db/schema";
import { NOW } from "../../test-support/booking-fixtures";
import { TestSmtpServer, allDelivered, freePort } from "../../test-support/smtp";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Service agreements (issue 26) through the API on both databases: created for one of the
// customer's products and e-mailed with the link (read back from a real SMTP server), at most one
// agreement that has not ended per product (two parallel creates on two instances: one 201, one 409),
// the admin's state machine (pause, resume, end, renew, resend) with its 409s, and the customer's
// acceptance, recorded once however many arrive at once. Today is Sunday 22 November 2026 in
// Stockholm unless a test moves the clock.

let database: Database;
let app: FastifyInstance;
let other: FastifyInstance;
let smtp: TestSmtpServer;
let admin: string;
let tekla: string;
let clock = NOW;

beforeAll(async () => {
  const port = await freePort();
  smtp = new TestSmtpServer(port);
  await smtp.start();
  database = await createTestDatabase();
  app = await buildApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true }), { database, now: () => clock, settingsCacheMs: 0 });
  await app.ready();
  // A second instance on the same database (its e-mails are sent by the first one's outbox).
  other = await buildApp(testConfig(), { database, now: () => clock, settingsCacheMs: 0 });
  await other.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  tekla = await loginAs(app, "tekla", "Tekla1234");
});
afterAll(async () => {
  await app.close();
  await other.close();
  await database.close();
  await smtp.stop();
});
beforeEach(() => {
  clock = NOW;
});

type Method = "GET" | "POST";
const call = (method: Method, url: string, payload?: unknown, cookie: string | null = admin, on: FastifyInstance = app) =>
  on.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const customerCall = (method: Method, url: string, remoteAddress = "198.51.100.23") => app.inject({ method, url, headers: { ...SAME_ORIGIN }, remoteAddress });

let counter = 0;
async function customer(name = `Kund ${++counter}`, email: string | null = `kund${counter}.${Date.now()}@exempel.se`) {
  const [row] = await database.db
    .insert(customers)
    .values({ name, email: email ?? "", phone: "070-111 22 33", address: "Storgatan 1", city: "Uppsala", postalCode: "753 20" })
    .returning();
  return row;
}
async function product(customerId: number, unit: { brand?: string | null; model?: string; serialNumber?: string | null } = {}) {
  const [row] = await database.db
    .insert(products)
    .values({
      customerId,
      type: "luftvärmepump",
      brand: unit.brand === undefined ? "Nibe" : unit.brand,
      model: unit.model ?? "F2120",
      serialNumber: unit.serialNumber === undefined ? `SN-${++counter}` : unit.serialNumber,
    })
    .returning();
  return row;
}
async function customerWithProduct(name?: string) {
  const c = await customer(name);
  return { customer: c, product: await product(c.id) };
}

const terms = { startDate: "2027-01-01", yearlyPriceOre: 240_000, visitsPerYear: 2, visitMonth: 4, repairDiscountPercent: 10 };
const input = (customerId: number, productId: number, overrides: Record<string, unknown> = {}) => ({ customerId, productId, ...terms, ...overrides });

async function create(customerId: number, productId: number, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/admin/agreements", input(customerId, productId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const tokenOf = (agreement: { customerUrl: string }) => agreement.customerUrl.split("/avtal/")[1];
async function accepted(customerId: number, productId: number, overrides: Record<string, unknown> = {}) {
  const agreement = await create(customerId, productId, overrides);
  const res = await customerCall("POST", `/api/agreements/${tokenOf(agreement)}/accept`);
  expect(res.statusCode, res.body).toBe(200);
  return agreement;
}
async function action(id: number, name: string, payload?: unknown) {
  return call("POST", `/api/admin/agreements/${id}/${name}`, payload);
}
const detail = async (id: number) => (await call("GET", `/api/admin/agreements/${id}`)).json();

const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
/** What the SMTP server received for `email` once the outbox is empty (the other instance's messages sent too). */
async function mailsTo(email: string) {
  await app.outbox.sweep();
  await allDelivered(database, smtp);
  return smtp.messages.filter((mail) => recipient(mail) === email);
}

describe("creating an agreement", () => {
  it("answers 201 with the agreement, pending, and e-mails the customer the terms and the link", async () => {
    const c = await customer("Lars Andersson");
    const p = await product(c.id, { brand: "Nibe", model: "F2120", serialNumber: "12345" });
    const agreement = await create(c.id, p.id, { yearlyPriceOre: 240_050 });
    expect(agreement).toMatchObject({
      customerId: c.id,
      customerName: "Lars Andersson",
      productId: p.id,
      productLabel: "Nibe F2120 (SN 12345)",
      startDate: "2027-01-01",
      endsOn: null,
      yearlyPriceOre: 240_050,
      visitsPerYear: 2,
      visitMonth: 4,
      repairDiscountPercent: 10,
      autoRenew: true,
      status: "pending",
      acceptedAt: null,
      acceptedFrom: null,
      pausedAt: null,
      nextVisitMonth: "2027-04",
    });
    expect(agreement.customerUrl).toMatch(/^http:\/\/app\.test\/avtal\/[A-Za-z0-9_-]{32}$/);
    // Newest first: the e-mail was queued after the agreement was made, in the same transaction.
    expect(agreement.events.map((e: { kind: string; by: string }) => [e.kind, e.by])).toEqual([
      ["sent", "Chefen Anna"],
      ["created", "Chefen Anna"],
    ]);

    const [mail] = await mailsTo(c.email);
    expect(mail.subject).toBe(`Serviceavtal för din värmepump från ${COMPANY.name}`);
    const text = mail.text ?? "";
    for (const line of [
      "Hej Lars Andersson!",
      "Nibe F2120 (SN 12345)",
      "Årspris: 2 400,50 kr",
      "Besök: 2 servicebesök per år, i april och oktober",
      "Rabatt på reparationer: 10 %",
      "Förnyelse: avtalet förnyas automatiskt varje år",
      "Avtalet börjar gälla: 1 januari 2027",
      `Läs och godkänn avtalet: ${agreement.customerUrl}`,
    ]) {
      expect(text).toContain(line);
    }
    expect(mail.html).toContain(`href="${agreement.customerUrl}"`);
  });

  it("writes whole kronor without öre, one visit, and a renewal that is not automatic", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    await create(c.id, p.id, { yearlyPriceOre: 150_000, visitsPerYear: 1, visitMonth: 9, repairDiscountPercent: 0, autoRenew: false });
    const [mail] = await mailsTo(c.email);
    expect(mail.text).toContain("Årspris: 1 500 kr\n");
    expect(mail.text).toContain("Besök: 1 servicebesök per år, i september");
    expect(mail.text).toContain("Rabatt på reparationer: 0 %");
    expect(mail.text).toContain("Förnyelse: avtalet förnyas inte automatiskt");
  });

  it("makes the agreement for a customer without an e-mail address, sends nothing, and the link is the admin's to hand over", async () => {
    const c = await customer("Utan Epost", null);
    const p = await product(c.id);
    const agreement = await create(c.id, p.id);
    expect(agreement.status).toBe("pending");
    expect(agreement.customerUrl).toMatch(/\/avtal\/[A-Za-z0-9_-]{32}$/);
    expect(agreement.events.map((e: { kind: string }) => e.kind)).toEqual(["created"]);
    const [{ n }] = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from email_outbox where customer_id = ${c.id}`);
    expect(n).toBe(0);
    const resend = await action(agreement.id, "resend");
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toEqual({ message: agreementText.noEmail });
    // The link works all the same.
    expect((await customerCall("GET", `/api/agreements/${tokenOf(agreement)}`)).statusCode).toBe(200);
  });

  it("refuses every field out of range with its Swedish message", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const valid = input(c.id, p.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ customerId: undefined }, agreementText.customerRequired],
      [{ customerId: "1" }, agreementText.customerRequired],
      [{ customerId: 0 }, agreementText.customerRequired],
      [{ productId: undefined }, agreementText.productRequired],
      [{ productId: 1.5 }, agreementText.productRequired],
      [{ startDate: undefined }, agreementText.startDate],
      [{ startDate: "2027-02-30" }, agreementText.startDate],
      [{ startDate: "1 januari" }, agreementText.startDate],
      [{ yearlyPriceOre: undefined }, agreementText.yearlyPrice],
      [{ yearlyPriceOre: -1 }, agreementText.yearlyPrice],
      [{ yearlyPriceOre: 100_000_001 }, agreementText.yearlyPrice],
      [{ yearlyPriceOre: 2400.5 }, agreementText.yearlyPrice],
      [{ yearlyPriceOre: "240000" }, agreementText.yearlyPrice],
      [{ visitsPerYear: 0 }, agreementText.visitsPerYear],
      [{ visitsPerYear: 5 }, agreementText.visitsPerYear],
      [{ visitsPerYear: 1.5 }, agreementText.visitsPerYear],
      [{ visitMonth: 0 }, agreementText.visitMonth],
      [{ visitMonth: 13 }, agreementText.visitMonth],
      [{ visitMonth: undefined }, agreementText.visitMonth],
      [{ repairDiscountPercent: -1 }, agreementText.repairDiscount],
      [{ repairDiscountPercent: 51 }, agreementText.repairDiscount],
      [{ repairDiscountPercent: 2.5 }, agreementText.repairDiscount],
      [{ autoRenew: "ja" }, agreementText.autoRenew],
      [{ autoRenew: null }, agreementText.autoRenew],
    ];
    for (const [change, message] of cases) {
      const res = await call("POST", "/api/admin/agreements", { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toEqual({ message });
    }
    // The edges are accepted: 0 and 1 000 000 kr, 4 visits, December, 50 %.
    const edges = await customerWithProduct();
    await create(edges.customer.id, edges.product.id, { yearlyPriceOre: 100_000_000, visitsPerYear: 4, visitMonth: 12, repairDiscountPercent: 50 });
    const free = await customerWithProduct();
    await create(free.customer.id, free.product.id, { yearlyPriceOre: 0, visitsPerYear: 1, visitMonth: 1, repairDiscountPercent: 0 });
  });

  it("refuses a product that is not the customer's, and a customer who does not exist or is erased", async () => {
    const owner = await customerWithProduct();
    const stranger = await customer();
    const wrong = await call("POST", "/api/admin/agreements", input(stranger.id, owner.product.id));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: agreementText.productNotCustomers });
    const noProduct = await call("POST", "/api/admin/agreements", input(owner.customer.id, 2_000_000_000));
    expect(noProduct.json()).toEqual({ message: agreementText.productNotCustomers });
    const noCustomer = await call("POST", "/api/admin/agreements", input(2_000_000_000, owner.product.id));
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json()).toEqual({ message: agreementText.customerMissing });
    await database.db.execute(sql`update customers set anonymized_at = now() where id = ${owner.customer.id}`);
    const erased = await call("POST", "/api/admin/agreements", input(owner.customer.id, owner.product.id));
    expect(erased.json()).toEqual({ message: agreementText.customerMissing });
    const [{ n }] = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from service_agreements where product_id = ${owner.product.id}`);
    expect(n).toBe(0);
  });

  it("refuses a second agreement for a product while the first has not ended, also one that ends later", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const first = await create(c.id, p.id, { startDate: "2026-11-01" });
    const again = await call("POST", "/api/admin/agreements", input(c.id, p.id, { startDate: "2028-01-01" }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: agreementText.alreadyCovered });
    // Ending it in a month: still not ended, still covered.
    expect((await action(first.id, "end", { endsOn: "2026-12-31" })).statusCode).toBe(200);
    expect((await call("POST", "/api/admin/agreements", input(c.id, p.id, { startDate: "2027-01-01" }))).statusCode).toBe(409);
    // From 1 January 2027 it has ended, and the product may have a new one.
    clock = new Date("2027-01-01T09:00:00Z");
    const next = await create(c.id, p.id, { startDate: "2027-01-01" });
    expect(next.status).toBe("pending");
    // Another product of the same customer is not covered by either.
    const second = await product(c.id);
    await create(c.id, second.id);
  });

  it("gives exactly one 201 and one 409 for two creates of one product at once, on two instances", async () => {
    for (let round = 0; round < 5; round++) {
      const { customer: c, product: p } = await customerWithProduct();
      const results = await Promise.all([
        call("POST", "/api/admin/agreements", input(c.id, p.id), admin, app),
        call("POST", "/api/admin/agreements", input(c.id, p.id, { visitMonth: 9 }), admin, other),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ message: agreementText.alreadyCovered });
      const [{ n }] = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from service_agreements where product_id = ${p.id}`);
      expect(n).toBe(1);
      // One e-mail: the refused create queued none.
      expect(await mailsTo(c.email)).toHaveLength(1);
    }
  });
});

describe("the list and one agreement", () => {
  it("filters by status, search, customer and product, and sums the yearly value of the active ones", async () => {
    const anna = await customer("Annika Listberg");
    const annaPump = await product(anna.id, { brand: "Thermia", model: "Atlas", serialNumber: "LIST-77" });
    const annaOther = await product(anna.id, { brand: "IVT", model: "Air X", serialNumber: null });
    const bo = await customer("Bo Listström");
    const boPump = await product(bo.id, { brand: null, model: "Mitsubishi Zubadan", serialNumber: null });
    const active = await accepted(anna.id, annaPump.id, { yearlyPriceOre: 300_000, startDate: "2026-11-01" });
    const pending = await create(anna.id, annaOther.id, { yearlyPriceOre: 111_100 });
    const paused = await accepted(bo.id, boPump.id, { yearlyPriceOre: 222_200 });
    expect((await action(paused.id, "pause")).statusCode).toBe(200);

    const list = async (query: string) => {
      const res = await call("GET", `/api/admin/agreements?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { agreements: { id: number; status: string; productLabel: string }[]; yearlyValueOre: number };
    };
    const ids = (found: { agreements: { id: number }[] }) => found.agreements.map((a) => a.id).sort((a, b) => a - b);

    const ours = await list("q=List");
    expect(ids(ours)).toEqual([active.id, pending.id, paused.id].sort((a, b) => a - b));
    expect(ours.yearlyValueOre).toBe(300_000);
    expect(ours.agreements.find((a) => a.id === pending.id)).toMatchObject({ status: "pending", productLabel: "IVT Air X" });
    expect(ours.agreements.find((a) => a.id === paused.id)).toMatchObject({ status: "paused", productLabel: "Mitsubishi Zubadan" });
    expect(ours.agreements[0]).not.toHaveProperty("events");
    expect(ours.agreements[0]).not.toHaveProperty("acceptedFrom");

    expect(ids(await list("q=List&status=active"))).toEqual([active.id]);
    expect(ids(await list("q=List&status=pending"))).toEqual([pending.id]);
    expect(ids(await list("q=List&status=paused"))).toEqual([paused.id]);
    expect(ids(await list("q=List&status=ended"))).toEqual([]);
    expect(ids(await list("q=zubadan"))).toEqual([paused.id]);
    expect(ids(await list("q=list-77"))).toEqual([active.id]);
    expect(ids(await list("q=listberg"))).toEqual([active.id, pending.id].sort((a, b) => a - b));
    expect(ids(await list(`customerId=${anna.id}`))).toEqual([active.id, pending.id].sort((a, b) => a - b));
    expect(ids(await list(`productId=${boPump.id}`))).toEqual([paused.id]);
    expect((await list(`customerId=${bo.id}&status=active`)).yearlyValueOre).toBe(0);
    // A search is text, not a pattern.
    expect(ids(await list("q=%25"))).toEqual([]);

    // An ended agreement is listed as ended the day after its last day, and no longer counts.
    expect((await action(active.id, "end", { endsOn: "2026-11-22" })).statusCode).toBe(200);
    expect((await list(`customerId=${anna.id}&status=active`)).yearlyValueOre).toBe(300_000);
    clock = new Date("2026-11-23T09:00:00Z");
    expect(ids(await list("q=List&status=ended"))).toEqual([active.id]);
    expect((await list("q=List")).yearlyValueOre).toBe(0);
  });

  it("refuses a filter that is not one, in Swedish", async () => {
    for (const [query, message] of [
      ["status=avslutat", agreementText.status],
      ["customerId=abc", agreementText.customerRequired],
      ["productId=0", agreementText.productRequired],
      [`q=${"x".repeat(101)}`, agreementText.search],
    ]) {
      const res = await call("GET", `/api/admin/agreements?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message });
    }
  });

  it("shows one agreement with its history newest first, and 404 for one that does not exist", async () => {
    const { customer: c, product: p } = await customerWithProduct("Hilda Historik");
    const agreement = await accepted(c.id, p.id, { startDate: "2026-11-01" });
    await action(agreement.id, "pause");
    await action(agreement.id, "resume");
    const shown = await detail(agreement.id);
    expect(shown.events.map((e: { kind: string; by: string }) => `${e.kind}:${e.by}`)).toEqual([
      "resumed:Chefen Anna",
      "paused:Chefen Anna",
      "accepted:Hilda Historik",
      "sent:Chefen Anna",
      "created:Chefen Anna",
    ]);
    expect(shown.nextVisitMonth).toBe("2027-04");
    const missing = await call("GET", "/api/admin/agreements/2000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: agreementText.notFound });
    expect((await action(2_000_000_000, "pause")).json()).toEqual({ message: agreementText.notFound });
  });

  it("is deleted with its product, and with its customer", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const byProduct = await create(c.id, p.id);
    await database.db.execute(sql`delete from products where id = ${p.id}`);
    expect((await call("GET", `/api/admin/agreements/${byProduct.id}`)).statusCode).toBe(404);
    const again = await customerWithProduct();
    const byCustomer = await create(again.customer.id, again.product.id);
    await database.db.execute(sql`delete from customers where id = ${again.customer.id}`);
    expect((await call("GET", `/api/admin/agreements/${byCustomer.id}`)).statusCode).toBe(404);
    const [{ n }] = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from service_agreement_events where agreement_id in (${byProduct.id}, ${byCustomer.id})`,
    );
    expect(n).toBe(0);
  });
});

describe("the admin's actions", () => {
  const refused = async (id: number, name: string, status: number, message: string, payload?: unknown) => {
    const res = await action(id, name, payload);
    expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
    expect(res.json()).toEqual({ message });
  };

  it("pauses only an active agreement and resumes only a paused one", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const agreement = await create(c.id, p.id);
    await refused(agreement.id, "pause", 409, agreementText.notActive);
    await refused(agreement.id, "resume", 409, agreementText.notPaused);
    expect((await customerCall("POST", `/api/agreements/${tokenOf(agreement)}/accept`)).statusCode).toBe(200);

    const paused = await action(agreement.id, "pause");
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ status: "paused", pausedAt: expect.any(String) });
    await refused(agreement.id, "pause", 409, agreementText.notActive);
    const resumed = await action(agreement.id, "resume");
    expect(resumed.json()).toMatchObject({ status: "active", pausedAt: null });
    await refused(agreement.id, "resume", 409, agreementText.notPaused);
  });

  it("ends an agreement on a day from its start on and not in the past; it is ended the day after", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const agreement = await accepted(c.id, p.id, { startDate: "2026-12-01" });
    await refused(agreement.id, "end", 400, agreementText.endBeforeStart, { endsOn: "2026-11-30" });
    await refused(agreement.id, "end", 400, agreementText.endDate, { endsOn: "2026-12-32" });
    await refused(agreement.id, "end", 400, agreementText.endDate, {});
    const started = await customerWithProduct();
    const running = await accepted(started.customer.id, started.product.id, { startDate: "2026-01-01" });
    await refused(running.id, "end", 400, agreementText.endInPast, { endsOn: "2026-11-21" });

    const ended = await action(running.id, "end", { endsOn: "2026-11-22" });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ status: "active", endsOn: "2026-11-22" });
    expect(ended.json().events[0]).toMatchObject({ kind: "ended", by: "Chefen Anna", note: "2026-11-22" });
    clock = new Date("2026-11-22T22:59:59Z"); // 23:59:59 in Stockholm: still the last day
    expect((await detail(running.id)).status).toBe("active");
    clock = new Date("2026-11-22T23:00:00Z"); // midnight in Stockholm
    const after = await detail(running.id);
    expect(after).toMatchObject({ status: "ended", nextVisitMonth: null });
    await refused(running.id, "end", 409, agreementText.ended, { endsOn: "2027-01-01" });
    await refused(running.id, "pause", 409, agreementText.ended);
    await refused(running.id, "resume", 409, agreementText.ended);
    await refused(running.id, "renew", 409, agreementText.ended);
    await refused(running.id, "resend", 409, agreementText.ended);
  });

  it("renews only an agreement that does not renew itself, by one agreement year", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const automatic = await accepted(c.id, p.id, { startDate: "2026-03-15" });
    await refused(automatic.id, "renew", 409, agreementText.renewAutomatic);

    const manual = await customerWithProduct();
    const agreement = await accepted(manual.customer.id, manual.product.id, { startDate: "2026-03-15", autoRenew: false });
    // Running until ended: the end of the current agreement year (14 March 2027), plus a year.
    const first = await action(agreement.id, "renew");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ endsOn: "2028-03-14", status: "active" });
    expect(first.json().events[0]).toMatchObject({ kind: "renewed", by: "Chefen Anna", note: "2028-03-14" });
    expect((await action(agreement.id, "renew")).json().endsOn).toBe("2029-03-14");

    // Started on 29 February: its years end on 27 February, or the 28th before a leap year. Today's
    // agreement year began 28 February 2026 and ends 27 February 2027.
    const leap = await customerWithProduct();
    const leapling = await accepted(leap.customer.id, leap.product.id, { startDate: "2024-02-29", autoRenew: false });
    expect((await action(leapling.id, "renew")).json().endsOn).toBe("2028-02-28");
    expect((await action(leapling.id, "renew")).json().endsOn).toBe("2029-02-27");
    expect((await action(leapling.id, "renew")).json().endsOn).toBe("2030-02-27");

    // An end in the middle of an agreement year moves one year.
    const midYear = await customerWithProduct();
    const cut = await accepted(midYear.customer.id, midYear.product.id, { startDate: "2026-01-01", autoRenew: false });
    await action(cut.id, "end", { endsOn: "2027-06-30" });
    expect((await action(cut.id, "renew")).json().endsOn).toBe("2028-06-30");
  });

  it("resends the e-mail while the customer has not accepted, and only then", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const agreement = await create(c.id, p.id);
    const resent = await action(agreement.id, "resend");
    expect(resent.statusCode).toBe(200);
    expect(resent.json().events.map((e: { kind: string }) => e.kind)).toEqual(["sent", "sent", "created"]);
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain(agreement.customerUrl);
    expect((await customerCall("POST", `/api/agreements/${tokenOf(agreement)}/accept`)).statusCode).toBe(200);
    await refused(agreement.id, "resend", 409, agreementText.notPending);
  });

  it("is for admins only: technicians get 403 and anonymous callers 401 on every admin route", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const agreement = await create(c.id, p.id);
    const routes: [Method, string, unknown?][] = [
      ["GET", "/api/admin/agreements"],
      ["POST", "/api/admin/agreements", input(c.id, p.id)],
      ["GET", `/api/admin/agreements/${agreement.id}`],
      ...["pause", "resume", "renew", "resend"].map((name): [Method, string] => ["POST", `/api/admin/agreements/${agreement.id}/${name}`]),
      ["POST", `/api/admin/agreements/${agreement.id}/end`, { endsOn: "2027-12-31" }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, payload, tekla)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await call(method, url, payload, null);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await detail(agreement.id)).events.map((e: { kind: string }) => e.kind)).toEqual(["sent", "created"]);
  });
});

describe("the customer's page", () => {
  it("shows the terms and the company, without ids or address, to anyone with the link", async () => {
    const c = await customer("Karin Kund");
    const p = await product(c.id, { brand: "Nibe", model: "S735", serialNumber: "K-1" });
    const agreement = await create(c.id, p.id);
    const res = await customerCall("GET", `/api/agreements/${tokenOf(agreement)}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(Object.keys(page).sort()).toEqual(Object.keys(CustomerAgreementSchema.shape).sort());
    expect(page).toEqual({
      customerName: "Karin Kund",
      productLabel: "Nibe S735 (SN K-1)",
      startDate: "2027-01-01",
      endsOn: null,
      yearlyPriceOre: 240_000,
      visitsPerYear: 2,
      visitMonth: 4,
      repairDiscountPercent: 10,
      autoRenew: true,
      status: "pending",
      acceptedAt: null,
      company: { name: expect.any(String), phone: expect.any(String), email: expect.any(String) },
    });
    expect(res.body).not.toMatch(/Storgatan|070-111|kund\d|"id"/);
  });

  it("records the acceptance once, with the time and the address it came from", async () => {
    const { customer: c, product: p } = await customerWithProduct("Greta Godkänd");
    const agreement = await create(c.id, p.id);
    const token = tokenOf(agreement);
    const first = await customerCall("POST", `/api/agreements/${token}/accept`, "203.0.113.7");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: "active", acceptedAt: expect.any(String) });
    const acceptedAt = first.json().acceptedAt;

    const second = await customerCall("POST", `/api/agreements/${token}/accept`, "192.0.2.99");
    expect(second.statusCode).toBe(200);
    expect(second.json().acceptedAt).toBe(acceptedAt);
    const shown = await detail(agreement.id);
    expect(shown).toMatchObject({ status: "active", acceptedAt, acceptedFrom: "203.0.113.7" });
    expect(shown.events.filter((e: { kind: string }) => e.kind === "accepted")).toEqual([
      { at: expect.any(String), kind: "accepted", by: "Greta Godkänd", note: null },
    ]);
    expect((await customerCall("GET", `/api/agreements/${token}`)).json()).toMatchObject({ status: "active", acceptedAt });
  });

  it("takes one acceptance of ten sent at once", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const agreement = await create(c.id, p.id);
    const token = tokenOf(agreement);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? app : other).inject({
          method: "POST",
          url: `/api/agreements/${token}/accept`,
          headers: SAME_ORIGIN,
          remoteAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const times = new Set(answers.map((a) => a.json().acceptedAt));
    expect(times.size).toBe(1);
    const [{ events }] = await queryRows<{ events: number }>(
      database,
      sql`select count(*)::int as events from service_agreement_events where agreement_id = ${agreement.id} and kind = 'accepted'`,
    );
    expect(events).toBe(1);
    const shown = await detail(agreement.id);
    expect(shown.acceptedAt).toBe([...times][0]);
    // The address is the one whose acceptance was recorded: one of the ten.
    expect(shown.acceptedFrom).toMatch(/^203\.0\.113\.([1-9]|10)$/);
  });

  // (A token with a control character, %00, or longer than the router's 100 characters is refused
  // before any route, with the API's Swedish 400.)
  it("answers 404 for a token that is not an agreement's, however it is written", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const token = tokenOf(await create(c.id, p.id));
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of ["x", flipped, token.slice(0, -1), `${token}A`, "A".repeat(32), "..%2F..%2Fetc", "x".repeat(99)]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await customerCall(method, `/api/agreements/${bad}${method === "POST" ? "/accept" : ""}`);
        expect(res.statusCode, `${method} ${bad.slice(0, 40)}`).toBe(404);
        expect(res.json(), bad.slice(0, 40)).toEqual({ message: agreementText.linkInvalid });
      }
    }
    const [{ n }] = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from service_agreements where token = ${token} and accepted_at is not null`,
    );
    expect(n).toBe(0);
  });

  it("does not accept an ended agreement, nor one that has ended since it was accepted", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const agreement = await create(c.id, p.id, { startDate: "2026-11-01" });
    expect((await action(agreement.id, "end", { endsOn: "2026-11-22" })).statusCode).toBe(200);
    clock = new Date("2026-11-23T09:00:00Z");
    const late = await customerCall("POST", `/api/agreements/${tokenOf(agreement)}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: agreementText.ended });
    expect((await detail(agreement.id)).acceptedAt).toBeNull();
    // The page still shows it, as ended.
    expect((await customerCall("GET", `/api/agreements/${tokenOf(agreement)}`)).json()).toMatchObject({ status: "ended", acceptedAt: null });
  });
});

describe("the repair discount on the agreement holder's invoices", () => {
  const labourAndPart = [
    { description: "Reparation av fläktmotor", quantity: 2, unit: "tim", unitPriceOre: 80_000, vatRate: 25, labour: true },
    { description: "Fläktmotor", quantity: 1, unit: "st", unitPriceOre: 150_000, vatRate: 25, labour: false },
  ];
  const draft = async (customerId: number, workDate: string, lines: unknown[] = labourAndPart) => {
    const res = await call("POST", "/api/admin/invoices", { customerId, workDate, lines });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it("takes at least the agreement's percent off every labour line on the work date, none off material, and shows it on the line", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    await accepted(c.id, p.id, { startDate: "2026-12-01", repairDiscountPercent: 15 });
    const invoice = await draft(c.id, "2026-12-10");
    // 2 × 800 kr = 1 600 kr less 15 % = 1 360 kr; the part keeps its 1 500 kr. Net 2 860, VAT 715.
    expect(invoice.lines.map((l: { discountPercent: number; netOre: number }) => [l.discountPercent, l.netOre])).toEqual([
      [15, 136_000],
      [0, 150_000],
    ]);
    expect(invoice.totals).toMatchObject({ netOre: 286_000, vatOre: 71_500, totalOre: 357_500 });
    // A larger discount typed by the admin stays; a smaller one is raised to the agreement's.
    const typed = await draft(c.id, "2026-12-10", [
      { ...labourAndPart[0], discountPercent: 40 },
      { ...labourAndPart[0], discountPercent: 5 },
    ]);
    expect(typed.lines.map((l: { discountPercent: number }) => l.discountPercent)).toEqual([40, 15]);
  });

  it("gives none before the start, while paused, after the end, before acceptance, or to another customer", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    const agreement = await accepted(c.id, p.id, { startDate: "2026-12-01", repairDiscountPercent: 10 });
    const percentOn = async (customerId: number, day: string) => (await draft(customerId, day)).lines[0].discountPercent;
    expect(await percentOn(c.id, "2026-11-30")).toBe(0);
    expect(await percentOn(c.id, "2026-12-01")).toBe(10);
    expect((await action(agreement.id, "pause")).statusCode).toBe(200);
    expect(await percentOn(c.id, "2026-12-05")).toBe(0);
    expect((await action(agreement.id, "resume")).statusCode).toBe(200);
    expect((await action(agreement.id, "end", { endsOn: "2026-12-31" })).statusCode).toBe(200);
    expect(await percentOn(c.id, "2026-12-31")).toBe(10);
    expect(await percentOn(c.id, "2027-01-01")).toBe(0);

    const { customer: pending, product: pendingProduct } = await customerWithProduct();
    await create(pending.id, pendingProduct.id, { startDate: "2026-12-01" });
    expect(await percentOn(pending.id, "2026-12-10")).toBe(0);
    const { customer: stranger } = await customerWithProduct();
    expect(await percentOn(stranger.id, "2026-12-10")).toBe(0);
  });

  it("starts the invoice of a completed visit with the discount on its work line", async () => {
    const { customer: c, product: p } = await customerWithProduct();
    await accepted(c.id, p.id, { startDate: "2026-01-01", repairDiscountPercent: 20 });
    const [booking] = await queryRows<{ id: number }>(
      database,
      sql`insert into bookings (customer_id, contact_name, contact_email, contact_phone, address, postal_code, city, service_type, date, time_slot, start_time, end_time, status)
          values (${c.id}, ${c.name}, ${c.email}, ${c.phone}, 'Storgatan 1', '753 20', 'Uppsala', 'felsokning', '2026-11-16', '08:00-10:00', '08:00', '10:00', 'completed')
          returning id`,
    );
    const res = await call("GET", `/api/admin/invoices/from-booking/${booking.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines[0]).toMatchObject({ labour: true, discountPercent: 20 });
  });
});
