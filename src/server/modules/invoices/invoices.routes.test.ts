import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SYSTEM_SETTINGS } from "@/common/schemas/settings";
import { isValidOcr } from "@/common/invoicing/ocr";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { bookings, customers, serviceHistory } from "../../db/schema";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";
import { parseSie } from "./sie-export.test-support";

// Invoices (issue 25) through the API on both databases: totals and rounding, the unbroken number
// series under parallel sends from two instances, sent invoices that never change, payments, credit
// notes, ROT within each person's yearly cap, Skatteverket's claim file validated against its XSD,
// the bookkeeping export balanced, and who may see what.

let database: Database;
let app: FastifyInstance;
let other: FastifyInstance;
let admin: string;
let tekla: string;
let clock = NOW; // Sunday 2026-11-22
const XSD = fileURLToPath(new URL("./xsd/rot-rut-v6/Begaran.xsd", import.meta.url));

// Valid identity numbers (Luhn), born 1980, 1975 and 1985.
const P1 = "198001011231";
const P2 = "197505052469";
const P3 = "198506123457";

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => clock, settingsCacheMs: 0 });
  other = await buildApp(testConfig(), { database, now: () => clock, settingsCacheMs: 0 });
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen" });
  await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  tekla = await loginAs(app, "tekla", "Tekla1234");
});
afterAll(async () => {
  await app.close();
  await other.close();
  await database.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, payload?: unknown, cookie: string | null = admin, on: FastifyInstance = app) =>
  on.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });

let customerCounter = 0;
async function customer(name = `Kund ${++customerCounter}`) {
  const [row] = await database.db
    .insert(customers)
    .values({
      name,
      email: `kund${customerCounter}-${Date.now()}@exempel.se`,
      phone: "070-111 22 33",
      address: "Storgatan 1",
      city: "Uppsala",
      postalCode: "753 20",
    })
    .returning();
  return row;
}

const labour = (hours: number, priceKr: number) => ({
  description: "Installation, arbete",
  quantity: hours,
  unit: "tim",
  unitPriceOre: priceKr * 100,
  vatRate: 25,
  labour: true,
});
const material = (priceKr: number, vatRate = 25) => ({
  description: "Värmepump",
  quantity: 1,
  unit: "st",
  unitPriceOre: priceKr * 100,
  vatRate,
  labour: false,
});
const house = { kind: "house", designation: "Uppsala Kåbo 1:23" } as const;

async function draft(body: Record<string, unknown>) {
  const response = await call("POST", "/api/admin/invoices", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function send(id: number, on: FastifyInstance = app) {
  const response = await call("POST", `/api/admin/invoices/${id}/send`, undefined, admin, on);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function pay(id: number, amountOre: number, paidOn = "2026-11-22") {
  const response = await call("POST", `/api/admin/invoices/${id}/payments`, { paidOn, amountOre });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("totals", () => {
  it("reproduces the worked example: labour 8 h × 800 kr and material 10 000 kr with ROT 30 %", async () => {
    const c = await customer();
    const invoice = await draft({
      customerId: c.id,
      lines: [labour(8, 800), material(10_000)],
      rot: { basis: "lines", buyers: [{ personalNumber: "19750505-2469", sharePercent: 100 }], property: house, hours: 8 },
    });
    expect(invoice.status).toBe("draft");
    expect(invoice.number).toBeNull();
    expect(invoice.totals).toMatchObject({
      netOre: 1_640_000,
      vatOre: 410_000,
      totalOre: 2_050_000,
      labourInclVatOre: 800_000,
      rotOre: 240_000,
      toPayOre: 1_810_000,
      roundingOre: 0,
    });
    expect(invoice.totals.vatByRate).toEqual([{ rate: 25, netOre: 1_640_000, vatOre: 410_000 }]);
    expect(invoice.rot.buyers).toEqual([{ personalNumberMasked: "19750505-****", name: null, sharePercent: 100, rotOre: 240_000 }]);
    expect(invoice.lines.map((l: { netOre: number }) => l.netOre)).toEqual([640_000, 1_000_000]);
  });

  it("computes VAT per rate and rounds the amount to pay to whole kronor, showing the rounding", async () => {
    const c = await customer();
    const invoice = await draft({
      customerId: c.id,
      lines: [
        { description: "Filter", quantity: 3, unit: "st", unitPriceOre: 3_333, vatRate: 25, labour: false },
        { description: "Broschyr", quantity: 1.5, unit: "st", unitPriceOre: 1_001, vatRate: 6, labour: false },
        { description: "Kaffe", quantity: 1, unit: "st", unitPriceOre: 1_999, vatRate: 12, labour: false },
      ],
    });
    // 3 × 33,33 = 99,99 (25 %: 25,00 öre-rounded 24,9975 → 25,00); 1,5 × 10,01 = 15,015 → 15,02 (6 %: 0,90);
    // 19,99 (12 %: 2,40). Total 99,99 + 25,00 + 15,02 + 0,90 + 19,99 + 2,40 = 163,30 → 163 kr, rounding −0,30.
    expect(invoice.totals.vatByRate).toEqual([
      { rate: 25, netOre: 9_999, vatOre: 2_500 },
      { rate: 12, netOre: 1_999, vatOre: 240 },
      { rate: 6, netOre: 1_502, vatOre: 90 },
    ]);
    expect(invoice.totals.totalOre).toBe(16_330);
    expect(invoice.totals.toPayOre).toBe(16_300);
    expect(invoice.totals.roundingOre).toBe(-30);
  });

  it("refuses bad lines with a Swedish message, never a 500", async () => {
    const c = await customer();
    const cases: [unknown, RegExp][] = [
      [{ customerId: c.id, lines: [] }, /minst en rad/],
      [{ customerId: c.id, lines: [{ ...material(10), vatRate: 20 }] }, /Välj momssats/],
      [{ customerId: c.id, lines: [{ ...material(10), quantity: 1.234 }] }, /högst två decimaler/],
      [{ customerId: c.id, lines: [{ ...material(10), unitPriceOre: 12.5 }] }, /à-pris/],
      [{ customerId: c.id, lines: [{ ...material(10), unitPriceOre: -100 }] }, /à-pris/],
      [{ customerId: 999_999, lines: [material(10)] }, /Kunden finns inte/],
      [
        { customerId: c.id, lines: [material(10)], rot: { basis: "lines", buyers: [{ personalNumber: P1, sharePercent: 100 }], property: house, hours: 1 } },
        /arbete/,
      ],
      [
        {
          customerId: c.id,
          lines: [labour(1, 100)],
          rot: { basis: "lines", buyers: [{ personalNumber: "198001011232", sharePercent: 100 }], property: house, hours: 1 },
        },
        /kontrollsiffra/,
      ],
      [
        {
          customerId: c.id,
          lines: [labour(1, 100)],
          rot: {
            basis: "lines",
            buyers: [
              { personalNumber: P1, sharePercent: 60 },
              { personalNumber: P2, sharePercent: 30 },
            ],
            property: house,
            hours: 1,
          },
        },
        /100 %/,
      ],
      [
        {
          customerId: c.id,
          lines: [labour(1, 100)],
          rot: {
            basis: "lines",
            buyers: [{ personalNumber: P1, sharePercent: 100 }],
            property: { kind: "flat", associationOrgNumber: "123", flatNumber: "1101" },
            hours: 1,
          },
        },
        /organisationsnummer/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call("POST", "/api/admin/invoices", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });
});

describe("sending", () => {
  it("numbers the invoice from the settings' first number, gives an OCR with length and check digit, and e-mails it with its PDF", async () => {
    const settings = await call("PUT", "/api/admin/settings", { ...DEFAULT_SYSTEM_SETTINGS, invoiceNumberStart: 5001, paymentTermsDays: 20 });
    expect(settings.statusCode, settings.body).toBe(200);
    const c = await customer("Greta Faktura");
    const created = await draft({ customerId: c.id, workDate: "2026-11-20", lines: [labour(2, 700), material(1_000)] });
    const sent = await send(created.id);
    expect(sent).toMatchObject({ status: "sent", number: 5001, issueDate: "2026-11-22", dueDate: "2026-12-12", paymentTermsDays: 20 });
    expect(sent.ocr).toBe("500165");
    expect(isValidOcr(sent.ocr, { lengthDigit: true })).toBe(true);
    expect(sent.company).toMatchObject({ orgNumber: DEFAULT_SYSTEM_SETTINGS.orgNumber, vatNumber: DEFAULT_SYSTEM_SETTINGS.vatNumber, fSkatt: true });
    const [email] = await queryRows<{ to: string; subject: string; text: string; attachments: { filename: string }[] }>(
      database,
      sql`select "to", subject, text, attachments from email_outbox where subject like 'Faktura 5001%'`,
    );
    expect(email.to).toBe(c.email);
    expect(email.text).toContain(sent.customerUrl);
    expect(email.text).toContain("500165");
    expect(email.attachments.map((a) => a.filename)).toEqual(["faktura-5001.pdf"]);

    const pdf = await call("GET", `/api/admin/invoices/${sent.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // The customer opens it from the e-mail, without logging in.
    const token = sent.customerUrl.split("/faktura/")[1];
    const view = await call("GET", `/api/invoices/${token}`, undefined, null);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ number: 5001, ocr: "500165", totals: { toPayOre: sent.totals.toPayOre } });
    const customerPdf = await call("GET", `/api/invoices/${token}/pdf`, undefined, null);
    expect(customerPdf.statusCode).toBe(200);
    expect((await call("GET", `/api/invoices/${token.slice(0, -2)}xx`, undefined, null)).statusCode).toBe(404);
    // The first number is fixed once the series has begun.
    const change = await call("PUT", "/api/admin/settings", { ...DEFAULT_SYSTEM_SETTINGS, invoiceNumberStart: 9001 });
    expect(change.statusCode).toBe(200);
    const next = await send((await draft({ customerId: c.id, lines: [material(10)] })).id);
    expect(next.number).toBe(5002);
  });

  it("never edits or deletes a sent invoice; a draft can be edited and deleted and has no customer link", async () => {
    const c = await customer();
    const created = await draft({ customerId: c.id, lines: [material(100)] });
    const token = created.customerUrl.split("/faktura/")[1];
    expect((await call("GET", `/api/invoices/${token}`, undefined, null)).statusCode).toBe(404);
    const edited = await call("PUT", `/api/admin/invoices/${created.id}`, { customerId: c.id, lines: [material(200)] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().totals.totalOre).toBe(25_000);
    const sent = await send(created.id);
    const edit = await call("PUT", `/api/admin/invoices/${sent.id}`, { customerId: c.id, lines: [material(1)] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/kan inte ändras/);
    expect((await call("DELETE", `/api/admin/invoices/${sent.id}`)).statusCode).toBe(409);
    expect((await call("POST", `/api/admin/invoices/${sent.id}/send`)).statusCode).toBe(409);
    const removable = await draft({ customerId: c.id, lines: [material(1)] });
    expect((await call("DELETE", `/api/admin/invoices/${removable.id}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/admin/invoices/${removable.id}`)).statusCode).toBe(404);
  });

  it("gives 20 parallel sends from two instances 20 consecutive numbers: no gap, no duplicate", async () => {
    const c = await customer();
    const drafts = await Promise.all(Array.from({ length: 20 }, () => draft({ customerId: c.id, lines: [material(50)] })));
    const [{ last }] = await queryRows<{ last: number }>(database, sql`select max(number) as last from invoices`);
    const results = await Promise.all(drafts.map((d, i) => call("POST", `/api/admin/invoices/${d.id}/send`, undefined, admin, i % 2 ? other : app)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numbers = results.map((r) => r.json().number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => Number(last) + 1 + i));
    // Sending one again in parallel from both instances: one wins, the other is told.
    const extra = await draft({ customerId: c.id, lines: [material(50)] });
    const twice = await Promise.all([app, other].map((on) => call("POST", `/api/admin/invoices/${extra.id}/send`, undefined, admin, on)));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe("payments and credit notes", () => {
  it("takes part payments, then marks the invoice paid; refuses more than is left and dates ahead", async () => {
    const c = await customer();
    const sent = await send((await draft({ customerId: c.id, lines: [material(1_000)] })).id); // 1 250 kr
    const part = await pay(sent.id, 50_000, "2026-11-20");
    expect(part).toMatchObject({ status: "sent", paidOre: 50_000, paidOn: null });
    const tooMuch = await call("POST", `/api/admin/invoices/${sent.id}/payments`, { paidOn: "2026-11-21", amountOre: 75_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/750,00/);
    const ahead = await call("POST", `/api/admin/invoices/${sent.id}/payments`, { paidOn: "2026-11-23", amountOre: 100 });
    expect(ahead.statusCode).toBe(400);
    const paid = await pay(sent.id, 75_000, "2026-11-21");
    expect(paid).toMatchObject({ status: "paid", paidOre: 125_000, paidOn: "2026-11-21" });
    expect(paid.payments.map((p: { amountOre: number }) => p.amountOre)).toEqual([50_000, 75_000]);
    expect((await call("POST", `/api/admin/invoices/${sent.id}/payments`, { paidOn: "2026-11-21", amountOre: 100 })).statusCode).toBe(409);
  });

  it("credits a sent invoice with a credit note that references it and takes the next number", async () => {
    const c = await customer();
    const sent = await send((await draft({ customerId: c.id, lines: [labour(2, 500), material(300, 12)] })).id);
    const response = await call("POST", `/api/admin/invoices/${sent.id}/credit`);
    expect(response.statusCode, response.body).toBe(201);
    const note = response.json();
    expect(note).toMatchObject({ kind: "credit", status: "sent", number: sent.number + 1, creditedInvoice: { id: sent.id, number: sent.number } });
    expect(note.totals.totalOre).toBe(-sent.totals.totalOre);
    expect(note.totals.vatByRate).toEqual(
      sent.totals.vatByRate.map((v: { rate: number; netOre: number; vatOre: number }) => ({ rate: v.rate, netOre: -v.netOre, vatOre: -v.vatOre })),
    );
    const original = (await call("GET", `/api/admin/invoices/${sent.id}`)).json();
    expect(original).toMatchObject({ status: "credited", creditNote: { id: note.id, number: note.number } });
    expect((await call("POST", `/api/admin/invoices/${sent.id}/credit`)).statusCode).toBe(409);
    expect((await call("POST", `/api/admin/invoices/${note.id}/credit`)).statusCode).toBe(409);
    // A draft cannot be credited.
    const d = await draft({ customerId: c.id, lines: [material(1)] });
    expect((await call("POST", `/api/admin/invoices/${d.id}/credit`)).statusCode).toBe(409);
  });
});

describe("ROT", () => {
  const rotFor = (buyers: { personalNumber: string; sharePercent: number }[]) => ({ basis: "lines", buyers, property: house, hours: 100 });

  it("caps each person's deduction at the year's maximum across invoices, and starts afresh in a new year", async () => {
    const c = await customer();
    // 100 h × 1 000 kr = 125 000 kr incl. VAT → 37 500 kr asked each time; the cap is 50 000 kr a year.
    const first = await send((await draft({ customerId: c.id, lines: [labour(100, 1_000)], rot: rotFor([{ personalNumber: P1, sharePercent: 100 }]) })).id);
    expect(first.totals.rotOre).toBe(3_750_000);
    const secondDraft = await draft({ customerId: c.id, lines: [labour(100, 1_000)], rot: rotFor([{ personalNumber: P1, sharePercent: 100 }]) });
    const second = await send(secondDraft.id);
    expect(second.totals.rotOre).toBe(1_250_000);
    expect(second.totals.toPayOre).toBe(12_500_000 - 1_250_000);
    const third = await send((await draft({ customerId: c.id, lines: [labour(10, 1_000)], rot: rotFor([{ personalNumber: P1, sharePercent: 100 }]) })).id);
    expect(third.totals.rotOre).toBe(0);
    // A credit note gives the credited deduction back to the cap.
    await call("POST", `/api/admin/invoices/${third.id}/credit`);
    await call("POST", `/api/admin/invoices/${second.id}/credit`);
    const again = await send((await draft({ customerId: c.id, lines: [labour(10, 1_000)], rot: rotFor([{ personalNumber: P1, sharePercent: 100 }]) })).id);
    expect(again.totals.rotOre).toBe(375_000);
    clock = new Date("2027-01-11T09:00:00Z");
    try {
      const nextYear = await send(
        (await draft({ customerId: c.id, lines: [labour(100, 1_000)], rot: rotFor([{ personalNumber: P1, sharePercent: 100 }]) })).id,
      );
      expect(nextYear.issueDate).toBe("2027-01-11");
      expect(nextYear.totals.rotOre).toBe(3_750_000);
    } finally {
      clock = NOW;
    }
  });

  it("keeps one person's yearly cap when two invoices for them are sent at the same moment from two instances", async () => {
    const c = await customer();
    const person = "197012123456"; // nobody else in this file
    // Each asks 37 500 kr; sent in parallel, the person's lock makes the second see the first: 37 500 + 12 500.
    const drafts = await Promise.all(
      [0, 1].map(() => draft({ customerId: c.id, lines: [labour(100, 1_000)], rot: rotFor([{ personalNumber: person, sharePercent: 100 }]) })),
    );
    const sent = await Promise.all(drafts.map((d, i) => send(d.id, i ? other : app)));
    expect(sent.map((s) => s.totals.rotOre).sort((a, b) => a - b)).toEqual([1_250_000, 3_750_000]);
    const [{ total }] = await queryRows<{ total: number }>(
      database,
      sql`select sum(rot_ore)::float8 as total from invoice_rot_buyers where personal_number = ${person} and cap_year = 2026`,
    );
    expect(total).toBe(5_000_000);
  });

  it("splits the deduction between two buyers by share, each within their own cap", async () => {
    const c = await customer();
    const invoice = await send(
      (
        await draft({
          customerId: c.id,
          lines: [labour(8, 800), material(10_000)],
          rot: rotFor([
            { personalNumber: P2, sharePercent: 70 },
            { personalNumber: P3, sharePercent: 30 },
          ]),
        })
      ).id,
    );
    expect(invoice.rot.buyers.map((b: { rotOre: number }) => b.rotOre)).toEqual([168_000, 72_000]);
    expect(invoice.totals.rotOre).toBe(240_000);
  });

  it("uses Skatteverket's standard labour share for a fixed-price installation", async () => {
    const c = await customer();
    const invoice = await draft({
      customerId: c.id,
      lines: [{ description: "Luft/vatten-värmepump, totalpris", quantity: 1, unit: "st", unitPriceOre: 9_600_000, vatRate: 25, labour: false }],
      rot: { basis: "standard-air", buyers: [{ personalNumber: "198506123457", sharePercent: 100 }], property: house, hours: 16 },
    });
    // 96 000 + 25 % = 120 000 kr; labour 30 % = 36 000 kr; ROT 30 % = 10 800 kr.
    expect(invoice.totals).toMatchObject({ totalOre: 12_000_000, labourInclVatOre: 3_600_000, rotOre: 1_080_000, toPayOre: 10_920_000 });
  });

  it("makes Skatteverket's claim file for paid ROT invoices (valid against the XSD), marks them claimed on confirmation, and turns a refusal into a new invoice", async () => {
    const c = await customer();
    const sent = await send(
      (
        await draft({
          customerId: c.id,
          lines: [labour(8, 800), material(10_000)],
          rot: {
            basis: "lines",
            buyers: [{ personalNumber: "19460303-9993", sharePercent: 100 }],
            property: { kind: "flat", associationOrgNumber: "769612-3459", flatNumber: "1101" },
            hours: 8,
          },
        })
      ).id,
    );
    // Unpaid: nothing to claim for it yet.
    const before = await call("GET", "/api/admin/rot/claims.xml");
    if (before.statusCode === 200) expect(before.body).not.toContain(`<htko:FakturaNr>${sent.number}<`);
    await pay(sent.id, sent.totals.toPayOre);
    const file = await call("GET", "/api/admin/rot/claims.xml");
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers["content-type"]).toMatch(/application\/xml/);
    expect(file.body).toContain("194603039993");
    const ids = String(file.headers["x-invoice-ids"]).split(",").map(Number);
    expect(ids).toContain(sent.id);
    const dir = mkdtempSync(join(tmpdir(), "rot-claim-"));
    try {
      writeFileSync(join(dir, "claim.xml"), file.body);
      execFileSync("xmllint", ["--noout", "--schema", XSD, join(dir, "claim.xml")], { stdio: "pipe" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Deciding before claiming is refused; claiming marks; a second file has nothing of it.
    expect((await call("POST", `/api/admin/invoices/${sent.id}/rot-decision`, { decidedOn: "2026-11-22", approvedOre: 100_000 })).statusCode).toBe(409);
    const marked = await call("POST", "/api/admin/rot/claims", { invoiceIds: ids });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().marked).toBe(ids.length);
    const after = await call("GET", "/api/admin/rot/claims.xml");
    expect(after.statusCode).toBe(404);
    expect((await call("POST", `/api/admin/invoices/${sent.id}/credit`)).statusCode).toBe(409);

    // Skatteverket approves 1 000 of 2 400 kr: the refused 1 400 kr become the customer's, on a new draft.
    const tooMuch = await call("POST", `/api/admin/invoices/${sent.id}/rot-decision`, { decidedOn: "2026-11-22", approvedOre: 250_000 });
    expect(tooMuch.statusCode).toBe(400);
    const decided = await call("POST", `/api/admin/invoices/${sent.id}/rot-decision`, { decidedOn: "2026-11-22", approvedOre: 100_000 });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().rot).toMatchObject({ decidedOn: "2026-11-22", approvedOre: 100_000 });
    const followUp = (await call("GET", `/api/admin/invoices/${decided.json().rot.followUpInvoiceId}`)).json();
    expect(followUp).toMatchObject({ status: "draft", customerId: c.id, totals: { totalOre: 140_000, toPayOre: 140_000 } });
    expect(followUp.lines[0].description).toContain(String(sent.number));
    expect((await call("POST", `/api/admin/invoices/${sent.id}/rot-decision`, { decidedOn: "2026-11-22", approvedOre: 100_000 })).statusCode).toBe(409);
  });

  it("puts one year's payments in a claim file (Skatteverket's rule), the next year's in the next file", async () => {
    const c = await customer();
    const rot = { basis: "lines", buyers: [{ personalNumber: P2, sharePercent: 100 }], property: house, hours: 2 };
    const december = await send((await draft({ customerId: c.id, lines: [labour(2, 500)], rot })).id);
    const january = await send((await draft({ customerId: c.id, lines: [labour(2, 500)], rot })).id);
    await pay(december.id, december.totals.toPayOre, "2026-11-21");
    clock = new Date("2027-01-11T09:00:00Z");
    try {
      await pay(january.id, january.totals.toPayOre, "2027-01-11");
      const first = await call("GET", "/api/admin/rot/claims.xml");
      expect(first.statusCode, first.body).toBe(200);
      const firstIds = String(first.headers["x-invoice-ids"]).split(",").map(Number);
      expect(firstIds).toContain(december.id);
      expect(firstIds).not.toContain(january.id);
      expect(first.body).not.toContain("<BetalningsDatum>2027-01-11</BetalningsDatum>");
      expect((await call("POST", "/api/admin/rot/claims", { invoiceIds: firstIds })).statusCode).toBe(200);
      const second = await call("GET", "/api/admin/rot/claims.xml");
      expect(second.statusCode, second.body).toBe(200);
      expect(String(second.headers["x-invoice-ids"]).split(",").map(Number)).toEqual([january.id]);
      expect(second.body).toContain("<BetalningsDatum>2027-01-11</BetalningsDatum>");
      expect((await call("POST", "/api/admin/rot/claims", { invoiceIds: [january.id] })).statusCode).toBe(200);
    } finally {
      clock = NOW;
    }
  });

  it("shows identity numbers masked in the API and never puts them in e-mails", async () => {
    const c = await customer();
    const sent = await send((await draft({ customerId: c.id, lines: [labour(1, 1_000)], rot: rotFor([{ personalNumber: P3, sharePercent: 100 }]) })).id);
    const json = (await call("GET", `/api/admin/invoices/${sent.id}`)).body;
    expect(json).not.toContain(P3);
    expect(json).toContain("19850612-****");
    const token = sent.customerUrl.split("/faktura/")[1];
    expect((await call("GET", `/api/invoices/${token}`, undefined, null)).body).not.toMatch(/19850612/);
    const emails = await queryRows<{ text: string; html: string }>(database, sql`select text, coalesce(html, '') as html from email_outbox`);
    for (const e of emails) expect(`${e.text}${e.html}`).not.toMatch(/8506123457|850612-3457/);
  });
});

describe("from a completed visit", () => {
  it("prefills the lines from the service report; an unfinished visit is refused", async () => {
    const booked = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: bookingPayload({ serviceType: "installation", date: "2026-12-08", timeSlot: "08:00-10:00", email: "installera@exempel.se" }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().id ?? booked.json().booking?.id;
    expect((await call("GET", `/api/admin/invoices/from-booking/${bookingId}`)).statusCode).toBe(400);
    await database.db
      .update(bookings)
      .set({ status: "completed" })
      .where(sql`${bookings.id} = ${bookingId}`);
    const [row] = await database.db
      .select()
      .from(bookings)
      .where(sql`${bookings.id} = ${bookingId}`);
    await database.db.insert(serviceHistory).values({
      customerId: row.customerId!,
      bookingId,
      serviceDate: new Date(),
      serviceType: "installation",
      actions: "Monterade innedel och utedel",
      parts: "Väggkonsol",
    });
    const prefill = await call("GET", `/api/admin/invoices/from-booking/${bookingId}`);
    expect(prefill.statusCode, prefill.body).toBe(200);
    expect(prefill.json()).toMatchObject({ bookingId, customerId: row.customerId, rotSuggested: true, workDate: row.date });
    expect(prefill.json().lines[0]).toMatchObject({ labour: true, vatRate: 25 });
    expect(prefill.json().lines[0].description).toContain("Monterade innedel och utedel");
    expect(prefill.json().lines[1].description).toContain("Väggkonsol");
    const other = await customer();
    const wrong = await call("POST", "/api/admin/invoices", { customerId: other.id, bookingId, lines: [material(1)] });
    expect(wrong.statusCode).toBe(400);
    // Sent, it shows on the customer's booking page with its own link; a draft does not.
    const linkToken = booked.json().manageUrl.split("/").pop();
    const invoiceDraft = await draft({ ...prefill.json(), rot: null });
    expect((await call("GET", `/api/booking-links/${linkToken}`, undefined, null)).json().invoices).toEqual([]);
    const sent = await send(invoiceDraft.id);
    const page = (await call("GET", `/api/booking-links/${linkToken}`, undefined, null)).json();
    expect(page.invoices).toEqual([
      {
        number: sent.number,
        kind: "invoice",
        status: "sent",
        issueDate: "2026-11-22",
        dueDate: sent.dueDate,
        toPayOre: sent.totals.toPayOre,
        url: `/faktura/${sent.customerUrl.split("/faktura/")[1]}`,
      },
    ]);
  });
});

describe("bookkeeping export (SIE 4I)", () => {
  it("books every invoice, payment and ROT payout of the period in vouchers that balance to zero", async () => {
    const response = await call("GET", "/api/admin/exports/sie?from=2026-01-01&to=2026-12-31");
    expect(response.statusCode, response.body).toBe(200);
    const parsed = parseSie(response.rawPayload);
    expect(parsed.vouchers.length).toBeGreaterThan(10);
    for (const voucher of parsed.vouchers) {
      expect(
        voucher.transactions.reduce((sum, t) => sum + t.amountOre, 0),
        voucher.text,
      ).toBe(0);
    }
    const [{ n }] = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from invoices where status <> 'draft' and issue_date between '2026-01-01' and '2026-12-31'`,
    );
    const [{ p }] = await queryRows<{ p: number }>(
      database,
      sql`select count(*)::int as p from invoice_payments where paid_on between '2026-01-01' and '2026-12-31'`,
    );
    const [{ d }] = await queryRows<{ d: number }>(
      database,
      sql`select count(*)::int as d from invoices where rot_approved_ore > 0 and rot_decided_on between '2026-01-01' and '2026-12-31'`,
    );
    expect(parsed.vouchers.length).toBe(n + p + d);
    expect((await call("GET", "/api/admin/exports/sie?from=2026-12-31&to=2026-01-01")).statusCode).toBe(400);
  });
});

describe("who may see invoices", () => {
  it("refuses technicians and anonymous callers every admin invoice route", async () => {
    for (const url of ["/api/admin/invoices", "/api/admin/invoices/1", "/api/admin/rot/claims.xml", "/api/admin/exports/sie?from=2026-01-01&to=2026-12-31"]) {
      expect((await call("GET", url, undefined, tekla)).statusCode, url).toBe(403);
      expect((await call("GET", url, undefined, null)).statusCode, url).toBe(401);
    }
    expect((await call("POST", "/api/admin/invoices", { customerId: 1, lines: [material(1)] }, tekla)).statusCode).toBe(403);
  });

  it("lists overdue invoices first and filters by status and search", async () => {
    const c = await customer("Olle Förfallen");
    const overdue = await send((await draft({ customerId: c.id, lines: [material(100)] })).id);
    clock = new Date("2027-03-01T09:00:00Z");
    try {
      const list = (await call("GET", "/api/admin/invoices")).json();
      expect(list.invoices[0].overdue).toBe(true);
      const filtered = (await call("GET", `/api/admin/invoices?status=overdue&q=${encodeURIComponent("olle förf")}`)).json();
      expect(filtered.invoices.map((i: { id: number }) => i.id)).toEqual([overdue.id]);
      expect((await call("GET", "/api/admin/invoices/overdue")).json().count).toBeGreaterThan(0);
      // The admin overview says how many are overdue and what is left to pay on them.
      const overview = (await call("GET", "/api/admin/overview")).json();
      const [{ n, left }] = await queryRows<{ n: number; left: number }>(
        database,
        sql`select count(*)::int as n, coalesce(sum(to_pay_ore - paid_ore), 0)::float8 as left from invoices where status = 'sent' and kind = 'invoice' and due_date < '2027-03-01' and paid_ore < to_pay_ore`,
      );
      expect(n).toBeGreaterThan(0);
      expect(overview.attention.overdueInvoices).toEqual({ count: n, leftOre: left });
      const byNumber = (await call("GET", `/api/admin/invoices?q=${overdue.number}`)).json();
      expect(byNumber.invoices.map((i: { id: number }) => i.id)).toContain(overdue.id);
      // One payment reminder, once, the days after due the settings say.
      const ran = await app.jobs["invoice-reminders"].run();
      void ran;
      const again = await app.jobs["invoice-reminders"].run();
      void again;
      const reminders = await queryRows<{ n: number }>(
        database,
        sql`select count(*)::int as n from email_outbox where subject like ${`Påminnelse: faktura ${overdue.number} %`}`,
      );
      expect(reminders[0].n).toBe(1);
    } finally {
      clock = NOW;
    }
  });
});
