import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The service-reminder screen's import and pending products (issue 12; rules §3, §5, §7, §9): every
// accepted key spelling, all or nothing, no duplicates on a second import; pending = installed 24 or
// more months (of 30 days) ago.

let database: Database;
let app: FastifyInstance;
let admin: string;
let technician: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin" });
  await createUser(database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  technician = await loginAs(app, "tekniker", "Tekniker1234");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const importCustomers = (payload: unknown, cookie = admin) =>
  app.inject({
    method: "POST",
    url: "/api/admin/customers/import",
    headers: { ...SAME_ORIGIN, cookie, "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
const count = async (table: "customers" | "products") => (await queryRows<{ n: number }>(database, sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n;

// NOW is 22 November 2026: 720 days before is 2 December 2024.
const snake = {
  name: "Sune Snake",
  email: "sune@exempel.se",
  phone: "070-1",
  address: "Gatan 1",
  city: "Luleå",
  postal_code: "972 31",
  products: [{ model: "Nibe F1255", type: "bergvarmepump", serial_number: "N-1", install_date: "2024-12-01" }],
};
const camel = {
  name: "Cecilia Camel",
  email: "cecilia@exempel.se",
  phone: "070-2",
  address: "Vägen 2",
  city: "Umeå",
  postalCode: "903 25",
  products: [{ model: "Panasonic Etherea", type: "luftvarmepump", serialNumber: null, installDate: "2025-01-01" }],
};

describe("POST /api/admin/customers/import", () => {
  it("imports rows in either key spelling and answers importedCount with what was new", async () => {
    const res = await importCustomers({ customers: [snake, camel] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ importedCount: 2, newCustomers: 2, newProducts: 2 });
    const rows = await queryRows<Record<string, unknown>>(
      database,
      sql`select c.postal_code, p.serial_number, p.install_date::text as install_date from customers c join products p on p.customer_id = c.id order by c.id`,
    );
    expect(rows).toEqual([
      { postal_code: "972 31", serial_number: "N-1", install_date: "2024-12-01" },
      { postal_code: "903 25", serial_number: null, install_date: "2025-01-01" },
    ]);
  });

  it("accepts the pasted array itself (rules §5) as well as { customers }", async () => {
    expect((await importCustomers([snake])).json()).toEqual({ importedCount: 1, newCustomers: 0, newProducts: 0 });
  });

  it("creates no duplicate customer or product when the same file is imported again", async () => {
    const [customersBefore, productsBefore] = [await count("customers"), await count("products")];
    expect((await importCustomers({ customers: [snake, { ...camel, email: "CECILIA@exempel.se" }] })).json()).toEqual({
      importedCount: 2,
      newCustomers: 0,
      newProducts: 0,
    });
    // The serial number as typed another time (case, spaces) is the same unit.
    const retyped = { ...snake, products: [{ ...snake.products[0], serial_number: " n-1 " }] };
    expect((await importCustomers([retyped])).json()).toEqual({ importedCount: 1, newCustomers: 0, newProducts: 0 });
    expect([await count("customers"), await count("products")]).toEqual([customersBefore, productsBefore]);
  });

  it("refuses, naming the row, a serial number another customer's unit has, and imports nothing", async () => {
    const before = [await count("customers"), await count("products")];
    const newcomer = { ...camel, email: "ny.kund@exempel.se", name: "Ny Kund" };
    const thief = {
      ...camel,
      email: "annan.kund@exempel.se",
      name: "Annan Kund",
      products: [{ model: "Nibe F1255", serialNumber: "n-1", installDate: "2024-12-01" }],
    };
    const res = await importCustomers({ customers: [newcomer, thief] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Rad 2: Serienumret n-1 finns redan registrerat (Sune Snake).");
    expect([await count("customers"), await count("products")]).toEqual(before);
  });

  it("imports nothing when one row is invalid, and names the row", async () => {
    const before = [await count("customers"), await count("products")];
    const valid = { ...snake, email: "ny@exempel.se", products: [{ model: "X", install_date: "2020-01-01" }] };
    const res = await importCustomers({ customers: [valid, { ...camel, email: "annan@exempel.se", phone: "" }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Rad 2: Alla fält måste fyllas i för varje kund");
    expect([await count("customers"), await count("products")]).toEqual(before);
  });

  it.each([
    [{ customers: "inte en lista" }, "Fel JSON-format"],
    ["bara text", "Fel JSON-format"],
    [42, "Fel JSON-format"],
    [{ customers: [] }, "Lägg till minst en kund"],
    [{ customers: [{ ...snake, products: [] }] }, "Rad 1: Alla fält måste fyllas i för varje kund"],
    [{ customers: [{ ...snake, products: [{ model: "X", install_date: "igår" }] }] }, "Rad 1: Ange installationsdatum som ÅÅÅÅ-MM-DD"],
    [{ customers: [{ ...snake, email: "fel" }] }, "Rad 1: Ogiltig e-postadress"],
    [{ customers: [{ ...snake, products: [{ model: "X", type: "solcell", install_date: "2020-01-01" }] }] }, "Rad 1: Okänd typ av värmepump"],
  ])("refuses %j with a Swedish 400", async (payload, message) => {
    const res = await importCustomers(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a body that is not JSON, and callers who are not admins", async () => {
    const broken = await app.inject({
      method: "POST",
      url: "/api/admin/customers/import",
      headers: { ...SAME_ORIGIN, cookie: admin, "content-type": "application/json" },
      payload: "{[",
    });
    expect(broken.statusCode).toBe(400);
    expect((await importCustomers({ customers: [snake] }, technician)).statusCode).toBe(403);
  });
});

describe("GET /api/admin/service-reminders/pending", () => {
  it("lists products installed 720 or more days ago, not 700, with their customer", async () => {
    await importCustomers({
      customers: [
        { ...snake, email: "gammal@exempel.se", name: "Gunnel Gammal", products: [{ model: "Gammal 721", install_date: "2024-12-01" }] },
        { ...snake, email: "ny2@exempel.se", name: "Nils Ny", products: [{ model: "Ny 700", install_date: "2024-12-22" }] },
      ],
    });
    const res = await app.inject({ method: "GET", url: "/api/admin/service-reminders/pending", headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const models = res.json().map((p: { model: string }) => p.model);
    expect(models).toContain("Gammal 721");
    expect(models).toContain("Nibe F1255"); // 2024-12-01 too
    expect(models).not.toContain("Ny 700");
    expect(models).not.toContain("Panasonic Etherea"); // 2025-01-01
    expect(res.json().find((p: { model: string }) => p.model === "Gammal 721")).toMatchObject({
      installDate: "2024-12-01",
      customer: { name: "Gunnel Gammal", city: "Luleå", email: "gammal@exempel.se" },
    });
  });

  it("lists a product installed exactly 720 days ago, not one of 719 (the boundary of 24 months)", async () => {
    await importCustomers({
      customers: [
        { ...snake, email: "grans720@exempel.se", name: "Greta Gräns", products: [{ model: "Gräns 720", install_date: "2024-12-02" }] },
        { ...snake, email: "grans719@exempel.se", name: "Gustav Gräns", products: [{ model: "Gräns 719", install_date: "2024-12-03" }] },
      ],
    });
    const res = await app.inject({ method: "GET", url: "/api/admin/service-reminders/pending", headers: { cookie: admin } });
    const models = res.json().map((p: { model: string }) => p.model);
    expect(models).toContain("Gräns 720");
    expect(models).not.toContain("Gräns 719");
  });

  it("leaves out a product reminded of in the last 24 months", async () => {
    const [product] = await queryRows<{ id: number; customer_id: number }>(database, sql`select id, customer_id from products where model = 'Gammal 721'`);
    await database.db.execute(
      sql`insert into reminders (customer_id, product_id, reminder_type, due_date, created_at, token) values (${product.customer_id}, ${product.id}, 'service', '2026-11-29', '2026-11-20T10:00:00Z', 'test-token-1')`,
    );
    const res = await app.inject({ method: "GET", url: "/api/admin/service-reminders/pending", headers: { cookie: admin } });
    expect(res.json().map((p: { model: string }) => p.model)).not.toContain("Gammal 721");
  });
});
