import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW, bookingPayload } from "../../test-support/booking-fixtures";
import { pdfText } from "../../test-support/pdf-text";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The operator's yearly refrigerant report from the customer's booking link (issue 26): the link's
// page lists the years the customer has a report for, and each year's PDF is the admin's report of
// that customer, never another's. Today is 2026-11-22 (NOW): the page offers 2026 and the five years
// before it (2024/573 Art. 7(2)) in which a unit with a leak-check duty was in service.
//   Karin: Nibe F2120 SN-KARIN-1, R410A 3.2 kg (6.68 t: every 12 months), installed 2024-05-02,
//          checked 2026-03-10 (certificate KARIN-CERT); and Nibe F2040 SN-KARIN-2, R32 1.2 kg (no duty).
//          → 2026, 2025, 2024.
//   Olle:  Thermia Atlas SN-OLLE-9, R407C 6 kg (10.6 t), installed 2015-04-01, checked 2026-05-05
//          (certificate OLLE-CERT). → 2026 back to 2021, not 2020.
//   Nils:  Nibe F2040 SN-NILS-3, R32 1.2 kg: no duty. → none.
//   Tove:  no products. → none.

const INVALID = { message: "Denna länk har upphört att gälla eller tagits bort." };
const BAD_YEAR = { message: "Ange ett år mellan 2000 och 2100" };

let database: Database;
let app: FastifyInstance;
let admin: string;

type Customer = { bookingId: number; customerId: number; token: string };
const people: Record<"karin" | "olle" | "nils" | "tove", Customer> = {} as never;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");

  people.karin = await book("Karin Kyla", "karin@exempel.se", "2026-12-07");
  people.olle = await book("Olle Ohlsson", "olle@exempel.se", "2026-12-14");
  people.nils = await book("Nils Nilsson", "nils@exempel.se", "2026-12-21");
  people.tove = await book("Tove Tom", "tove@exempel.se", "2027-01-11");

  const karin1 = await unit(people.karin, { brand: "Nibe", model: "F2120", serialNumber: "SN-KARIN-1", installationDate: "2024-05-02" }, "R410A", 3.2);
  await unit(people.karin, { brand: "Nibe", model: "F2040", serialNumber: "SN-KARIN-2", installationDate: "2020-01-01" }, "R32", 1.2);
  await leakCheck(karin1, "2026-03-10", "KARIN-CERT");
  const olle = await unit(people.olle, { brand: "Thermia", model: "Atlas", serialNumber: "SN-OLLE-9", installationDate: "2015-04-01" }, "R407C", 6);
  await leakCheck(olle, "2026-05-05", "OLLE-CERT");
  await unit(people.nils, { brand: "Nibe", model: "F2040", serialNumber: "SN-NILS-3", installationDate: "2020-01-01" }, "R32", 1.2);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** A public booking by a new customer; the link token comes from the answer's manageUrl. */
async function book(name: string, email: string, date: string): Promise<Customer> {
  const res = await app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ name, email, date }) });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const [{ customerId }] = await queryRows<{ customerId: number }>(database, sql`select customer_id as "customerId" from bookings where id = ${body.id}`);
  return { bookingId: body.id, customerId, token: body.manageUrl.split("/").pop() };
}

/** One of the customer's units with its refrigerant set by an admin. */
async function unit(owner: Customer, fields: Record<string, string>, refrigerant: string, chargeKg: number): Promise<number> {
  const headers = { ...SAME_ORIGIN, cookie: admin };
  const created = await app.inject({
    method: "POST",
    url: "/api/products",
    headers,
    payload: { customerId: owner.customerId, type: "bergvärmepump", ...fields },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const set = await app.inject({
    method: "PUT",
    url: `/api/admin/products/${id}/refrigerant`,
    headers,
    payload: { refrigerant, chargeKg, leakDetection: false },
  });
  expect(set.statusCode, set.body).toBe(200);
  return id;
}

/** A leak check as the register keeps it (the technician's service report is refrigerant-report.test.ts's). */
async function leakCheck(productId: number, checkedOn: string, certificate: string) {
  await database.db.execute(
    sql`insert into leak_checks (product_id, checked_on, method, result, technician_name, certificate) values (${productId}, ${checkedOn}, 'direct', 'tight', 'Tekla Tekniker', ${certificate})`,
  );
}

const view = (token: string) => app.inject({ method: "GET", url: `/api/booking-links/${token}` });
const report = (token: string, year: number | string) => app.inject({ method: "GET", url: `/api/booking-links/${token}/refrigerant-report/${year}.pdf` });

async function reportText(who: Customer, year: number): Promise<string> {
  const res = await report(who.token, year);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

describe("the yearly refrigerant report on the customer's booking link", () => {
  it("lists in the link's answer the years the customer has a report for, newest first", async () => {
    expect((await view(people.karin.token)).json().refrigerantReportYears).toEqual([2026, 2025, 2024]);
    expect((await view(people.olle.token)).json().refrigerantReportYears).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
    // A unit without a check duty gives no report; nor does a customer without units.
    expect((await view(people.nils.token)).json().refrigerantReportYears).toEqual([]);
    expect((await view(people.tove.token)).json().refrigerantReportYears).toEqual([]);
  });

  it("gives the link's customer's own report as a PDF download that no cache keeps", async () => {
    const res = await report(people.karin.token, 2026);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="koldmedierapport-2026-kund-${people.karin.customerId}.pdf"`);
    // No cache may keep it (plugins/security.ts makes every /api answer "no-store" in the end).
    expect(res.headers["cache-control"]).toMatch(/\bno-store\b/);
    expect(res.headers["cache-control"]).not.toMatch(/public|max-age/);
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      "Köldmedierapport 2026",
      "Karin Kyla",
      "Nibe F2120, serienr SN-KARIN-1",
      "Nibe F2040, serienr SN-KARIN-2",
      "2026-03-10",
      "KARIN-CERT",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("never shows another customer's equipment, checks or name, either way round", async () => {
    const karin = await reportText(people.karin, 2026);
    const olle = await reportText(people.olle, 2026);
    expect(olle).toContain("Olle Ohlsson");
    expect(olle).toContain("Thermia Atlas, serienr SN-OLLE-9");
    expect(olle).toContain("OLLE-CERT");
    for (const other of ["Olle Ohlsson", "SN-OLLE-9", "Thermia", "OLLE-CERT", "2026-05-05", "R407C"]) expect(karin).not.toContain(other);
    for (const other of ["Karin Kyla", "SN-KARIN", "F2120", "KARIN-CERT", "2026-03-10", "R410A"]) expect(olle).not.toContain(other);
    // An earlier year has the units in service then, without this year's checks.
    const karin2024 = await reportText(people.karin, 2024);
    expect(karin2024).toContain("Köldmedierapport 2024");
    expect(karin2024).toContain("SN-KARIN-1");
    expect(karin2024).not.toContain("KARIN-CERT");
  });

  it("answers 404 with a Swedish message for a year the page does not offer", async () => {
    const cases: [Customer, number][] = [
      [people.karin, 2023], // before the unit with a duty was installed
      [people.karin, 2027], // not yet
      [people.olle, 2020], // further back than the records are kept
      [people.nils, 2026], // no unit with a check duty
      [people.tove, 2026], // no units at all
    ];
    for (const [who, year] of cases) {
      const res = await report(who.token, year);
      expect(res.statusCode, `${year}`).toBe(404);
      expect(res.json()).toEqual({ message: `Det finns ingen köldmedierapport för ${year}.` });
    }
  });

  it("refuses a year that is not a four-digit year from 2000 to 2100 with a Swedish 400", async () => {
    for (const year of ["26", "1999", "2101", "02026", "2026.5", "-2026", "år", "2026%20"]) {
      const res = await report(people.karin.token, year);
      expect(res.statusCode, year).toBe(400);
      expect(res.json(), year).toEqual(BAD_YEAR);
    }
  });

  it("answers a wrong, altered, malformed, expired or deactivated token with the link page's own 404", async () => {
    const { token, bookingId } = people.karin;
    const altered = token.slice(0, 10) + (token[10] === "a" ? "b" : "a") + token.slice(11);
    for (const [what, wrong] of [
      ["wrong", randomBytes(32).toString("base64url")],
      ["altered (one character)", altered],
      ["one character short", token.slice(0, -1)],
      ["malformed", "abc"],
    ]) {
      const res = await report(wrong, 2026);
      expect(res.statusCode, what).toBe(404);
      expect(res.json(), what).toEqual(INVALID);
    }
    // A year a report exists for, asked through another customer's link: nothing of Karin's.
    expect((await report(people.nils.token, 2024)).json()).toEqual({ message: "Det finns ingen köldmedierapport för 2024." });

    // Expired: a report is read-only, like the page and the .ics file, and goes with them.
    await database.db.execute(sql`update shared_booking_links set expires_at = now() - interval '1 second' where booking_id = ${bookingId}`);
    expect((await view(token)).json()).toEqual(INVALID);
    expect((await report(token, 2026)).json()).toEqual(INVALID);
    await database.db.execute(sql`update shared_booking_links set expires_at = now() + interval '30 days' where booking_id = ${bookingId}`);
    expect((await report(token, 2026)).statusCode).toBe(200);

    // Deactivated by staff.
    const off = await app.inject({
      method: "PATCH",
      url: `/api/admin/bookings/${bookingId}/link`,
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { isActive: false },
    });
    expect(off.json()).toMatchObject({ isActive: false });
    const deactivated = await report(token, 2026);
    expect(deactivated.statusCode).toBe(404);
    expect(deactivated.json()).toEqual(INVALID);
    expect(deactivated.headers["content-type"]).not.toContain("pdf");
  });
});
