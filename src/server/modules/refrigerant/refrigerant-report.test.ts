import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW } from "../../test-support/booking-fixtures";
import { pdfText } from "../../test-support/pdf-text";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The operator's yearly refrigerant report (issue 26; SFS 2016:1128 15 §, EU 2024/573 art. 7) as a
// PDF, read back with pdf.js as a viewer would, against a case worked out by hand. The operator,
// Bergs Fastigheter AB, has five units:
//   A  R410A 3.200 kg, installed 2024-05-02: 3 200 g × 2 087.5 = 6 680 000 g CO2e = 6.680 t → every 12 months.
//      2026: a leak repaired on 03-10 (0.400 kg added), its follow-up on 03-20 (tight).
//   E  R410A 2.396 kg, installed 2019-03-01: 2 396 × 2 087.5 = 5 001 650 g = 5.001 t → every 12 months. No checks.
//   B  R407C 6.000 kg with a leak detection system, installed 2026-06-01: 6 000 × 1 773.85 = 10 643 100 g
//      = 10.643 t → every 24 months. 2026: 09-01 a leak not repaired, 0.750 kg recovered.
//   C  R32 1.200 kg, installed 2020-01-01: 1 200 × 675 = 810 000 g = 0.810 t → no duty.
//   D  R32 8.000 kg, installed 2027-02-01: not in service in 2026 or 2025, so in neither report.
// Totals 2026 per refrigerant: R32 1.200 kg, 0.810 t; R410A 3.200 + 2.396 = 5.596 kg, 5 596 × 2 087.5 =
// 11 681 650 g = 11.681 t, 0.400 kg added; R407C 6.000 kg, 10.643 t, 0.750 kg recovered.
// The 14 t of 15 §, counting units with a check duty only (C never counts): on 1 January 2026 A + E =
// 11 681 650 g, 11.681 t; from 1 June A + E + B = 22 324 750 g, 22.324 t ≥ 14 t → the report for 2026 is
// due by 2027-03-31. In 2025 only A + E: 11.681 t < 14 t → no report.

let database: Database;
let app: FastifyInstance;
let admin: string;
let tekla: string;
let teklaId: number;
let customerId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  teklaId = (await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" })).id;
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  tekla = await loginAs(app, "tekla", "Tekla1234");
  [{ id: customerId }] = await queryRows<{ id: number }>(
    database,
    sql`insert into customers (name, email, phone, address, city, postal_code) values ('Bergs Fastigheter AB', 'drift@bergs.se', '021-12 34 56', 'Industrigatan 5', 'Västerås', '721 30') returning id`,
  );
  const units: [string, string, string, number, boolean, string][] = [
    ["A", "F2120", "R410A", 3.2, false, "2024-05-02"],
    ["E", "Fighter 2010", "R410A", 2.396, false, "2019-03-01"],
    ["B", "S2125", "R407C", 6, true, "2026-06-01"],
    ["C", "F2040", "R32", 1.2, false, "2020-01-01"],
    ["D", "S735", "R32", 8, false, "2027-02-01"],
  ];
  for (const [name, model, refrigerant, chargeKg, leakDetection, installationDate] of units) {
    const created = await call("POST", "/api/products", {
      customerId,
      type: "bergvärmepump",
      brand: "Nibe",
      model,
      serialNumber: `SN-${name}`,
      installationDate,
    });
    expect(created.statusCode, created.body).toBe(201);
    ids[name] = created.json().id;
    const set = await call("PUT", `/api/admin/products/${ids[name]}/refrigerant`, { refrigerant, chargeKg, leakDetection });
    expect(set.statusCode, set.body).toBe(200);
  }
  await check("A", "2026-03-10", { method: "detector", result: "repaired", addedKg: 0.4 });
  await check("A", "2026-03-20", { method: "direct", result: "tight" });
  await check("B", "2026-09-01", { method: "detection-system", result: "not-repaired", recoveredKg: 0.75 });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const ids: Record<string, number> = {};
const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, cookie = admin) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

let visitDay = 0;
/** A leak check recorded by Tekla with the service report of a visit to the unit, on `date`. */
async function check(unit: string, date: string, leakCheck: Record<string, unknown>) {
  const day = new Date(Date.UTC(2027, 0, 4 + visitDay++)).toISOString().slice(0, 10);
  const [{ id: bookingId }] = await queryRows<{ id: number }>(
    database,
    sql`insert into bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city, assigned_technician_id, product_id)
        values (${customerId}, 'service', ${day}, '08:00-10:00', '08:00', '10:00', 'in_progress', 'Bergs Fastigheter AB', 'drift@bergs.se', '021-12 34 56', 'Industrigatan 5', '721 30', 'Västerås', ${teklaId}, ${ids[unit]})
        returning id`,
  );
  const res = await call(
    "POST",
    "/api/technician/service-history",
    {
      bookingId,
      actions: "Läckagekontroll",
      serviceDate: `${date}T10:00:00+01:00`,
      leakCheck: { checked: true, certificate: "INCERT-4711", addedKg: 0, recoveredKg: 0, ...leakCheck },
    },
    tekla,
  );
  expect(res.statusCode, res.body).toBe(201);
}

async function reportText(year: number): Promise<string> {
  const res = await call("GET", `/api/admin/customers/${customerId}/refrigerant-report/${year}.pdf`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  expect(res.headers["content-disposition"]).toBe(`inline; filename="koldmedierapport-${year}-kund-${customerId}.pdf"`);
  expect(res.headers["cache-control"]).toContain("no-store");
  return pdfText(res.rawPayload);
}

describe("the yearly refrigerant report", () => {
  it("lists each unit in service with its charge, CO2e, interval and the year's checks, as worked out by hand", async () => {
    const text = await reportText(2026);
    for (const expected of [
      "Köldmedierapport 2026",
      "Värmepumpsservice",
      "Verksamhetsutövare Bergs Fastigheter AB Industrigatan 5, 721 30 Västerås",
      // A
      "Nibe F2120, serienr SN-A Köldmedium R410A · Mängd 3,200 kg · 6,680 ton CO2e",
      "Kontrollintervall: Var 12:e månad · Läcksökningssystem: Nej · Hermetiskt sluten: Nej Installerad 2024-05-02",
      "Datum Resultat Metod Certifikat (tekniker) Påfyllt Återvunnet",
      "2026-03-10 Läcka åtgärdad Läcksökare INCERT-4711 (Tekla Tekniker) 0,400 kg 0,000 kg",
      "2026-03-20 Tät (uppföljning) Direkt metod INCERT-4711 (Tekla Tekniker) 0,000 kg 0,000 kg",
      // E
      "Nibe Fighter 2010, serienr SN-E Köldmedium R410A · Mängd 2,396 kg · 5,001 ton CO2e",
      "Installerad 2019-03-01 Inga läckagekontroller 2026.",
      // B
      "Nibe S2125, serienr SN-B Köldmedium R407C · Mängd 6,000 kg · 10,643 ton CO2e",
      "Kontrollintervall: Var 24:e månad · Läcksökningssystem: Ja · Hermetiskt sluten: Nej",
      "2026-09-01 Läcka ej åtgärdad Elektroniskt läcksökningssystem INCERT-4711 (Tekla Tekniker) 0,000 kg 0,750 kg",
      // C
      "Nibe F2040, serienr SN-C Köldmedium R32 · Mängd 1,200 kg · 0,810 ton CO2e Kontrollintervall: Ingen kontrollplikt",
      // Totals per refrigerant, in the register's order.
      "Summa per köldmedium Köldmedium Mängd CO2e Påfyllt 2026 Återvunnet 2026",
      "R32 1,200 kg 0,810 ton CO2e 0,000 kg 0,000 kg R410A 5,596 kg 11,681 ton CO2e 0,400 kg 0,000 kg R407C 6,000 kg 10,643 ton CO2e 0,000 kg 0,750 kg",
    ]) {
      expect(text).toContain(expected);
    }
    // D was installed in 2027.
    expect(text).not.toContain("SN-D");
    expect(text).not.toContain("8,000 kg");
  });

  it("says the report under SFS 2016:1128 15 § is due, with its deadline, when the units with a duty held 14 t at once", async () => {
    const text = await reportText(2026);
    expect(text).toContain("Rapportplikt enligt SFS 2016:1128 15 § Ja: Köldmedierapport för 2026 senast 2027-03-31.");
    expect(text).toContain("Som mest 22,324 ton CO2e samtidigt i utrustning med läckagekontrollplikt under 2026 (gränsen för årsrapport är 14 ton CO2e).");
    expect(text).toContain("Sida 1 av");
  });

  it("says no report is due for a year below 14 t, and shows only that year's units and checks", async () => {
    const text = await reportText(2025);
    expect(text).toContain("Rapportplikt enligt SFS 2016:1128 15 § Nej: under 14 ton CO2e i utrustning med läckagekontrollplikt under 2025.");
    expect(text).toContain("Som mest 11,681 ton CO2e samtidigt");
    expect(text).not.toContain("SN-B");
    expect(text).not.toContain("2026-03-10");
    expect(text).toContain("R32 1,200 kg 0,810 ton CO2e 0,000 kg 0,000 kg R410A 5,596 kg 11,681 ton CO2e 0,000 kg 0,000 kg");
  });

  it("refuses a year that is not one with a Swedish 400 and an unknown customer with 404", async () => {
    for (const year of ["26", "1999", "2101", "år"]) {
      const res = await call("GET", `/api/admin/customers/${customerId}/refrigerant-report/${encodeURIComponent(year)}.pdf`);
      expect(res.statusCode, year).toBe(400);
      expect(res.json()).toEqual({ message: "Ange ett år mellan 2000 och 2100" });
    }
    const missing = await call("GET", "/api/admin/customers/987654/refrigerant-report/2026.pdf");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Kunden finns inte." });
  });

  it("makes a report for a customer without refrigerant units too", async () => {
    const [{ id }] = await queryRows<{ id: number }>(
      database,
      sql`insert into customers (name, email, phone, address, city, postal_code) values ('Tom Kund', 'tom@exempel.se', '070-1', 'Gatan 1', 'Sala', '733 30') returning id`,
    );
    const res = await call("GET", `/api/admin/customers/${id}/refrigerant-report/2026.pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Inga aggregat med registrerat köldmedium.");
    expect(text).toContain("Nej: under 14 ton CO2e");
    expect(text).toContain("Som mest 0,000 ton CO2e");
  });
});
