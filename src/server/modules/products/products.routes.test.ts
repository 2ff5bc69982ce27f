import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { SAME_ORIGIN, createTestApp, createUser, loginAs, queryRows, testConfig, type TestApp } from "../../test-support/test-app";

// Products and service history (issue 12; SPEC §2, §7): list with search, create with the §7 fields
// (validated in Swedish, nothing half-written), detail; admins only.

let t: TestApp;
let admin: string;
let technician: string;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database, { username: "chef", password: "Chef12345", role: "admin" });
  await createUser(t.database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
  admin = await loginAs(t.app, "chef", "Chef12345", "admin");
  technician = await loginAs(t.app, "tekniker", "Tekniker1234");
  const [row] = await queryRows<{ id: number }>(t.database, sql`insert into customers (name, email, phone, address, city, postal_code) values ('Maja Pump', 'maja@exempel.se', '070-1', 'Gatan 1', 'Gävle', '802 22') returning id`);
  customerId = row.id;
});
afterAll(() => t.close());

const send = (method: "GET" | "POST", url: string, payload?: unknown, cookie: string | null = admin) =>
  t.app.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe("products", () => {
  it("creates a product with the §7 fields and finds it by model, serial number or customer", async () => {
    const res = await send("POST", "/api/products", {
      customerId,
      type: "luftvärmepump",
      brand: "Nibe",
      model: "F2120",
      serialNumber: "SN-4455",
      installationDate: "2023-05-10",
      warrantyExpiry: "2028-05-10",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ customerName: "Maja Pump", customerCity: "Gävle", type: "luftvärmepump", installationDate: "2023-05-10", warrantyExpiry: "2028-05-10" });
    for (const q of ["F2120", "SN-4455", "maja", "Gävle"]) {
      const list = await send("GET", `/api/products?q=${encodeURIComponent(q)}`);
      expect(list.json().map((p: { model: string }) => p.model), q).toEqual(["F2120"]);
    }
    expect((await send("GET", `/api/products?q=finns-inte`)).json()).toEqual([]);
    expect((await send("GET", `/api/products/${res.json().id}`)).json().serialNumber).toBe("SN-4455");
    expect((await send("GET", "/api/products/99999")).statusCode).toBe(404);
  });

  it.each([
    [{ type: "luftvärmepump", model: "X" }, "Välj en kund"],
    [{ customerId: 1, type: "solpanel", model: "X" }, "Välj typ av värmepump"],
    [{ customerId: 1, type: "bergvärmepump", model: " " }, "Modell krävs"],
    [{ customerId: 1, type: "bergvärmepump", model: "X", installationDate: "2023-13-40" }, "Ange datumet som ÅÅÅÅ-MM-DD"],
    [{ customerId: 1, type: "bergvärmepump", model: "X", installationDate: "2024-01-01", warrantyExpiry: "2023-01-01" }, "Garantin kan inte sluta före installationen"],
  ])("refuses %j with a Swedish 400", async (payload, message) => {
    const before = await queryRows(t.database, sql`select id from products`);
    const res = await send("POST", "/api/products", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await queryRows(t.database, sql`select id from products`)).toHaveLength(before.length);
  });

  it("registers a serial number once, whatever its case or spaces, also when creates race from two instances", async () => {
    const first = await send("POST", "/api/products", { customerId, type: "bergvärmepump", model: "F1255", serialNumber: "DUP-77" });
    expect(first.statusCode, first.body).toBe(201);
    const again = await send("POST", "/api/products", { customerId, type: "bergvärmepump", model: "F1255", serialNumber: " dup-77 " });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Serienumret dup-77 finns redan registrerat (Maja Pump).");
    // Without a serial number two units of one model are two products.
    for (let i = 0; i < 2; i++) expect((await send("POST", "/api/products", { customerId, type: "värmepump", model: "Utan nummer" })).statusCode).toBe(201);

    const other = await buildApp(testConfig(), { database: t.database });
    await other.ready();
    try {
      const otherAdmin = await loginAs(other, "chef", "Chef12345", "admin");
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: "POST",
            url: "/api/products",
            headers: { ...SAME_ORIGIN, cookie: i % 2 ? otherAdmin : admin },
            payload: { customerId, type: "värmepump", model: "Kapplöpning", serialNumber: i % 3 ? "RACE-1" : "race-1" },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
      const rows = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from products where upper(serial_number) = 'RACE-1'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await other.close();
    }
  });

  it("refuses an unknown customer and callers who are not admins", async () => {
    const res = await send("POST", "/api/products", { customerId: 99999, type: "värmepump", model: "X" });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Kunden finns inte.");
    expect((await send("GET", "/api/products", undefined, technician)).statusCode).toBe(403);
    expect((await send("GET", "/api/products", undefined, null)).statusCode).toBe(401);
    expect((await send("GET", "/api/service-history", undefined, technician)).statusCode).toBe(403);
  });
});

describe("service history", () => {
  it("lists entries newest first with customer and product, searches the work done, and shows one", async () => {
    const [product] = await queryRows<{ id: number }>(t.database, sql`select id from products where model = 'F2120'`);
    await t.database.db.execute(sql`insert into service_history (customer_id, product_id, service_date, service_type, technician, issues, actions, parts, follow_up_needed, cost)
      values (${customerId}, ${product.id}, '2025-03-01T09:00:00Z', 'maintenance', 'Tekla', 'Dålig värme', 'Bytte filter', 'Filter F2120', true, 2500),
             (${customerId}, null, '2024-02-01T09:00:00Z', 'repair', 'Oskar', 'Läcka', 'Tätade rör', null, false, null)`);
    const list = (await send("GET", "/api/service-history")).json();
    expect(list.map((e: { actions: string }) => e.actions)).toEqual(["Bytte filter", "Tätade rör"]);
    expect(list[0]).toMatchObject({ customerName: "Maja Pump", product: "Nibe F2120", issues: "Dålig värme", actions: "Bytte filter", parts: "Filter F2120", followUpNeeded: true, cost: 2500 });
    expect((await send("GET", "/api/service-history?q=filter%20f2120")).json().map((e: { parts: string }) => e.parts)).toEqual(["Filter F2120"]);
    expect((await send("GET", "/api/service-history?q=läcka")).json().map((e: { technician: string }) => e.technician)).toEqual(["Oskar"]);
    expect((await send("GET", `/api/service-history/${list[1].id}`)).json()).toMatchObject({ issues: "Läcka", cost: null, product: null });
    expect((await send("GET", "/api/service-history/99999")).statusCode).toBe(404);
  });
});
