import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { SAME_ORIGIN, createTestApp, createUser, loginAs, queryRows, testConfig, type TestApp } from "../../test-support/test-app";

// Products and service history (issue 12; rules §2, §7): list with search, create with the §7 fields
// (validated in Swedish, nothing half-written), detail; admins only.

let t: TestApp;
let admin: string;
let technician: string;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  await createUser(t.database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
  admin = await loginAs(t.app, "chef", "Chef12345", "admin");
  technician = await loginAs(t.app, "tekniker", "Tekniker1234");
  const [row] = await queryRows<{ id: number }>(
    t.database,
    sql`insert into customers (name, email, phone, address, city, postal_code) values ('Maja Pump', 'maja@exempel.se', '070-1', 'Gatan 1', 'Gävle', '802 22') returning id`,
  );
  customerId = row.id;
});
afterAll(() => t.close());

const send = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, cookie: string | null = admin) =>
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
    expect(res.json()).toMatchObject({
      customerName: "Maja Pump",
      customerCity: "Gävle",
      type: "luftvärmepump",
      installationDate: "2023-05-10",
      warrantyExpiry: "2028-05-10",
    });
    for (const q of ["F2120", "SN-4455", "maja", "Gävle"]) {
      const list = await send("GET", `/api/products?q=${encodeURIComponent(q)}`);
      expect(
        list.json().map((p: { model: string }) => p.model),
        q,
      ).toEqual(["F2120"]);
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
    [
      { customerId: 1, type: "bergvärmepump", model: "X", installationDate: "2024-01-01", warrantyExpiry: "2023-01-01" },
      "Garantin kan inte sluta före installationen",
    ],
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

describe("PUT /api/products/:id (issue 23 point 8)", () => {
  const unit = { type: "bergvärmepump", brand: "Nibe", model: "F1155", serialNumber: "EDIT-1", installationDate: "2022-04-01", warrantyExpiry: "2027-04-01" };
  async function created(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await send("POST", "/api/products", { customerId, ...unit, ...overrides });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  type Detail = { changes: { userName: string; at: string; changes: { field: string; from: string | null; to: string | null }[] }[] } & Record<string, unknown>;
  const detailOf = async (id: number) => (await send("GET", `/api/products/${id}`)).json() as Detail;

  it("saves an edit and records who changed which fields from what to what; a move names both customers", async () => {
    const id = await created();
    const res = await send("PUT", `/api/products/${id}`, { customerId, ...unit, model: "F1255", warrantyExpiry: "2029-04-01" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, model: "F1255", warrantyExpiry: "2029-04-01", customerName: "Maja Pump" });
    expect(res.json().changes).toMatchObject([
      {
        userName: "Chefen Anna",
        changes: [
          { field: "model", from: "F1155", to: "F1255" },
          { field: "warrantyExpiry", from: "2027-04-01", to: "2029-04-01" },
        ],
      },
    ]);
    expect((await send("GET", "/api/products?q=F1255")).json().map((p: { id: number }) => p.id)).toContain(id);

    // Registered on the wrong customer: moved, the history names both by the register's names.
    const [other] = await queryRows<{ id: number }>(
      t.database,
      sql`insert into customers (name, email, phone, address, city, postal_code) values ('Rätt Ägare', 'ratt@exempel.se', '070-2', 'Vägen 2', 'Sandviken', '811 30') returning id`,
    );
    const moved = await send("PUT", `/api/products/${id}`, { customerId: other.id, ...unit, model: "F1255", warrantyExpiry: "2029-04-01", brand: "" });
    expect(moved.statusCode, moved.body).toBe(200);
    const detail = await detailOf(id);
    expect(detail).toMatchObject({ customerId: other.id, customerName: "Rätt Ägare", brand: null });
    expect(detail.changes[0].changes).toEqual([
      { field: "customerId", from: "Maja Pump", to: "Rätt Ägare" },
      { field: "brand", from: "Nibe", to: null },
    ]);
    // Nothing changed: nothing recorded.
    expect(
      (await send("PUT", `/api/products/${id}`, { customerId: other.id, ...unit, model: "F1255", warrantyExpiry: "2029-04-01", brand: null })).statusCode,
    ).toBe(200);
    expect((await detailOf(id)).changes).toHaveLength(2);
    // Stored by ids, so the name of a customer is nowhere in the history itself.
    const stored = await queryRows<{ changes: unknown }>(t.database, sql`select changes from product_changes where product_id = ${id} order by id`);
    expect(JSON.stringify(stored)).not.toMatch(/Maja|Rätt/);
  });

  it.each([
    [{ type: "luftvärmepump", model: "X" }, "Välj en kund"],
    [{ customerId: 1, type: "solpanel", model: "X" }, "Välj typ av värmepump"],
    [{ customerId: 1, type: "bergvärmepump", model: " " }, "Modell krävs"],
    [{ customerId: 1, type: "bergvärmepump", model: "X", installationDate: "2023-13-40" }, "Ange datumet som ÅÅÅÅ-MM-DD"],
    [
      { customerId: 1, type: "bergvärmepump", model: "X", installationDate: "2024-01-01", warrantyExpiry: "2023-01-01" },
      "Garantin kan inte sluta före installationen",
    ],
  ])("refuses the edit %j with the create's Swedish 400, changing nothing", async (payload, message) => {
    const id = await created({ serialNumber: null });
    const res = await send("PUT", `/api/products/${id}`, payload);
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect(await detailOf(id)).toMatchObject({ model: unit.model, changes: [] });
  });

  it("refuses a serial number another product has (any case), keeps its own, and refuses unknown products and customers", async () => {
    const first = await created({ serialNumber: "EGET-1" });
    const second = await created({ serialNumber: "EGET-2" });
    const taken = await send("PUT", `/api/products/${second}`, { customerId, ...unit, serialNumber: " eget-1 " });
    expect([taken.statusCode, taken.json()]).toEqual([409, { message: "Serienumret eget-1 finns redan registrerat (Maja Pump)." }]);
    expect((await send("PUT", `/api/products/${first}`, { customerId, ...unit, serialNumber: "eget-1", model: "Ny modell" })).statusCode).toBe(200);
    const noCustomer = await send("PUT", `/api/products/${first}`, { customerId: 999999, ...unit });
    expect([noCustomer.statusCode, noCustomer.json()]).toEqual([422, { message: "Kunden finns inte." }]);
    const missing = await send("PUT", "/api/products/999999", { customerId, ...unit });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: "Produkten finns inte." }]);
    expect((await send("PUT", `/api/products/${first}`, { customerId, ...unit }, technician)).statusCode).toBe(403);
    expect((await send("GET", `/api/products/${first}`, undefined, technician)).statusCode).toBe(403);
  });

  it("gives a serial number to one unit when edits of two products and creates race for it, from two instances", async () => {
    const a = await created({ serialNumber: "KAPP-A" });
    const b = await created({ serialNumber: "KAPP-B" });
    const other = await buildApp(testConfig(), { database: t.database });
    await other.ready();
    try {
      const otherAdmin = await loginAs(other, "chef", "Chef12345", "admin");
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const viaOther = i % 2 === 1;
          const [method, url] = i % 3 === 2 ? (["POST", "/api/products"] as const) : (["PUT", `/api/products/${i % 3 === 0 ? a : b}`] as const);
          return (viaOther ? other : t.app).inject({
            method,
            url,
            headers: { ...SAME_ORIGIN, cookie: viaOther ? otherAdmin : admin },
            payload: { customerId, ...unit, serialNumber: i % 4 ? "SAMMA-SN" : "samma-sn" },
          });
        }),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(
        codes.every((c) => c === 200 || c === 201 || c === 409),
        codes.join(),
      ).toBe(true);
      const rows = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from products where upper(trim(serial_number)) = 'SAMMA-SN'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe("service history", () => {
  it("lists entries newest first with customer and product, searches the work done, and shows one", async () => {
    const [product] = await queryRows<{ id: number }>(t.database, sql`select id from products where model = 'F2120'`);
    await t.database.db
      .execute(sql`insert into service_history (customer_id, product_id, service_date, service_type, technician, issues, actions, parts, follow_up_needed, cost)
      values (${customerId}, ${product.id}, '2025-03-01T09:00:00Z', 'maintenance', 'Tekla', 'Dålig värme', 'Bytte filter', 'Filter F2120', true, 2500),
             (${customerId}, null, '2024-02-01T09:00:00Z', 'repair', 'Oskar', 'Läcka', 'Tätade rör', null, false, null)`);
    const list = (await send("GET", "/api/service-history")).json();
    expect(list.map((e: { actions: string }) => e.actions)).toEqual(["Bytte filter", "Tätade rör"]);
    expect(list[0]).toMatchObject({
      customerName: "Maja Pump",
      product: "Nibe F2120",
      issues: "Dålig värme",
      actions: "Bytte filter",
      parts: "Filter F2120",
      followUpNeeded: true,
      cost: 2500,
    });
    expect((await send("GET", "/api/service-history?q=filter%20f2120")).json().map((e: { parts: string }) => e.parts)).toEqual(["Filter F2120"]);
    expect((await send("GET", "/api/service-history?q=läcka")).json().map((e: { technician: string }) => e.technician)).toEqual(["Oskar"]);
    expect((await send("GET", `/api/service-history/${list[1].id}`)).json()).toMatchObject({ issues: "Läcka", cost: null, product: null });
    expect((await send("GET", "/api/service-history/99999")).statusCode).toBe(404);
  });

  it("finds entries by place: the visit's street, postal code or city, or the customer's (issue 23 point 8)", async () => {
    // A customer who moved: the visit was at the old address (the booking's own copy), the register has the new one.
    const [moved] = await queryRows<{ id: number }>(
      t.database,
      sql`insert into customers (name, email, phone, address, city, postal_code) values ('Flyttad Kund', 'flyttad@exempel.se', '070-3', 'Nyvägen 4', 'Hudiksvall', '824 30') returning id`,
    );
    const [visit] = await queryRows<{ id: number }>(
      t.database,
      sql`insert into bookings (customer_id, contact_name, contact_email, contact_phone, address, postal_code, city, service_type, date, time_slot, start_time, end_time, status)
          values (${moved.id}, 'Flyttad Kund', 'flyttad@exempel.se', '070-3', 'Gamla Bruksgatan 9', '826 40', 'Söderhamn', 'service', '2025-06-02', '08:00-10:00', '08:00', '10:00', 'completed') returning id`,
    );
    await t.database.db.execute(
      sql`insert into service_history (customer_id, booking_id, service_date, service_type, actions) values (${moved.id}, ${visit.id}, '2025-06-02T07:00:00Z', 'maintenance', 'Rengjorde utedelen')`,
    );
    await t.database.db.execute(
      sql`insert into service_history (customer_id, service_date, service_type, actions) values (${moved.id}, '2025-08-01T07:00:00Z', 'inspection', 'Kontroll i nya huset')`,
    );
    const actionsFor = async (q: string) =>
      ((await send("GET", `/api/service-history?q=${encodeURIComponent(q)}`)).json() as { actions: string }[]).map((e) => e.actions);

    for (const q of ["Söderhamn", "826 40", "Bruksgatan"]) expect(await actionsFor(q), q).toEqual(["Rengjorde utedelen"]);
    for (const q of ["Hudiksvall", "824 30", "Nyvägen 4"]) expect(await actionsFor(q), q).toEqual(["Kontroll i nya huset", "Rengjorde utedelen"]);
    expect(await actionsFor("Gävle")).toEqual(["Bytte filter", "Tätade rör"]);
    const [newest, older] = (await send("GET", `/api/service-history?q=Hudiksvall`)).json();
    expect([newest.place, older.place]).toEqual(["Nyvägen 4, 824 30 Hudiksvall", "Gamla Bruksgatan 9, 826 40 Söderhamn"]);
  });
});
