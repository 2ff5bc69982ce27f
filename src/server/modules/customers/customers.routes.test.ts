import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { searchesAtOnce } from "./customers.repository";
import { NOW, bookingPayload, phonePhotoDataUrl } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The customer register (issue 12; SPEC §2 Customer register, §7 /api/customers): search with typos
// forgiven, Swedish sorting by full, first or last name or city, pages; the detail; create; delete,
// or GDPR erasure for a customer with history; export of everything stored; every export and erasure
// recorded.

let database: Database;
let app: FastifyInstance;
let admin: string;
let technician: string;

const CUSTOMERS = [
  ["Åsa Öberg", "asa@exempel.se", "070-111 11 11", "Storgatan 1", "Uppsala", "753 20"],
  ["Lars von Essen", "lars@exempel.se", "070-222 22 22", "Kungsgatan 5", "Stockholm", "111 22"],
  ["Anna-Karin Lindqvist", "annakarin@exempel.se", "08-123 45 67", "Björkvägen 9", "Örebro", "702 10"],
  ["Erik Andersson", "erik@exempel.se", "073-333 33 33", "Ängsvägen 3", "Västerås", "722 15"],
  ["Zlatan Berg", "zlatan@exempel.se", "076-444 44 44", "Idrottsgatan 10", "Malmö", "211 20"],
] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  await createUser(database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  technician = await loginAs(app, "tekniker", "Tekniker1234");
  for (const [name, email, phone, address, city, postalCode] of CUSTOMERS) {
    const res = await send("POST", "/api/customers", { name, email, phone, address, city, postalCode });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function send(method: "GET" | "POST" | "DELETE", url: string, payload?: unknown, cookie: string | null = admin) {
  return app.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });
}
const names = async (query: string) => ((await send("GET", `/api/customers?${query}`)).json().items as { name: string }[]).map((c) => c.name);

describe("GET /api/customers", () => {
  it("sorts by full, first or last name or city, either way, in Swedish order (å ä ö after z)", async () => {
    expect(await names("sort=fullName")).toEqual(["Anna-Karin Lindqvist", "Erik Andersson", "Lars von Essen", "Zlatan Berg", "Åsa Öberg"]);
    expect(await names("sort=fullName&dir=desc")).toEqual(["Åsa Öberg", "Zlatan Berg", "Lars von Essen", "Erik Andersson", "Anna-Karin Lindqvist"]);
    // Last names: Andersson, Berg, Essen ("von" does not count), Lindqvist, Öberg.
    expect(await names("sort=lastName")).toEqual(["Erik Andersson", "Zlatan Berg", "Lars von Essen", "Anna-Karin Lindqvist", "Åsa Öberg"]);
    expect(await names("sort=firstName")).toEqual(["Anna-Karin Lindqvist", "Erik Andersson", "Lars von Essen", "Zlatan Berg", "Åsa Öberg"]);
    // Cities: Malmö, Stockholm, Uppsala, Västerås, Örebro.
    expect(await names("sort=city")).toEqual(["Zlatan Berg", "Lars von Essen", "Åsa Öberg", "Erik Andersson", "Anna-Karin Lindqvist"]);
  });

  it("finds by name, e-mail, phone, address or postal code, and forgives a typo", async () => {
    expect(await names("q=lindqvist")).toEqual(["Anna-Karin Lindqvist"]);
    expect(await names("q=zlatan%40exempel")).toEqual(["Zlatan Berg"]);
    expect(await names(`q=${encodeURIComponent("333 33")}`)).toEqual(["Erik Andersson"]);
    expect(await names(`q=${encodeURIComponent("Björkvägen")}`)).toEqual(["Anna-Karin Lindqvist"]);
    expect(await names(`q=${encodeURIComponent("753 20")}`)).toEqual(["Åsa Öberg"]);
    expect(await names("q=Anderson")).toEqual(["Erik Andersson"]); // one s missing
    expect(await names("q=Lindkvist")).toEqual(["Anna-Karin Lindqvist"]); // k for q
    // Capitals, Swedish ones too, as typed with caps lock on.
    expect(await names(`q=${encodeURIComponent("ÖBERG")}`)).toEqual(["Åsa Öberg"]);
    expect(await names(`q=${encodeURIComponent("LINDQVIST BJÖRKVÄGEN")}`)).toEqual(["Anna-Karin Lindqvist"]);
    // A typo in one word, part of a phone number in the other.
    expect(await names(`q=${encodeURIComponent("Lindkvist 08-123")}`)).toEqual(["Anna-Karin Lindqvist"]);
    // LIKE wildcards are text: "%" or "_" alone would otherwise match everyone.
    expect(await names(`q=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await names(`q=${encodeURIComponent("_")}`)).toEqual([]);
    // What contains the text wins over what only resembles it: every e-mail at exempel.se, no typo guessing.
    expect(await names("q=exempel")).toHaveLength(5);
    // Every word must be found, wherever it is: a surname and part of the city.
    expect(await names(`q=${encodeURIComponent("Lindqvist Öre")}`)).toEqual(["Anna-Karin Lindqvist"]);
    expect(await names(`q=${encodeURIComponent("Lindqvist Uppsala")}`)).toEqual([]);
    // Typed without å, ä, ö, and with a typo in each of two words.
    expect(await names(`q=${encodeURIComponent("Bjorkvagen")}`)).toEqual(["Anna-Karin Lindqvist"]);
    expect(await names(`q=${encodeURIComponent("Andersen Vasterås")}`)).toEqual(["Erik Andersson"]);
  });

  it("finds by the beginning of a first name, last name or place when a search has only one or two letters", async () => {
    // "s" is in every e-mail (exempel.se): only Stockholm begins with it.
    expect(await names("q=s")).toEqual(["Lars von Essen"]);
    expect(await names("q=Li")).toEqual(["Anna-Karin Lindqvist"]);
    // Ö begins Öberg and Örebro; å ä ö as Swedes sort them, in any case.
    expect(await names(`q=${encodeURIComponent("ö")}`)).toEqual(["Anna-Karin Lindqvist", "Åsa Öberg"]);
    expect(await names(`q=${encodeURIComponent("Å Up")}`)).toEqual(["Åsa Öberg"]);
    expect(await names("q=er")).toEqual(["Erik Andersson"]);
    expect((await send("GET", "/api/customers?q=zz")).json()).toMatchObject({ items: [], total: 0, suggestion: null });
  });

  it("runs at most four searches in the database at once; the others wait their turn and are all answered", async () => {
    // The real executor, observed: how many searches are inside it at the same moment.
    let inside = 0;
    let most = 0;
    const observed: Database = {
      ...database,
      sql: {
        ...database.sql,
        async onOneConnection(work) {
          most = Math.max(most, ++inside);
          try {
            return await database.sql.onOneConnection(work);
          } finally {
            inside -= 1;
          }
        },
      },
    };
    const other = await buildApp(testConfig(), { database: observed, now: () => NOW });
    await other.ready();
    try {
      const otherAdmin = await loginAs(other, "chef", "Chef12345", "admin");
      const searches = ["lindqvist", "Lindkvist", "exempel", "070", "Li", "Uppsala", "Öberg", "zz", "Andersson", "753", "Berg", "von"];
      const answers = await Promise.all(searches.map((q) => other.inject({ method: "GET", url: `/api/customers?q=${encodeURIComponent(q)}`, headers: { cookie: otherAdmin } })));
      expect(answers.map((a) => a.statusCode)).toEqual(searches.map(() => 200));
      expect(answers[0].json().items.map((c: { name: string }) => c.name)).toEqual(["Anna-Karin Lindqvist"]);
      expect(most).toBe(4);
    } finally {
      await other.close();
    }
  });

  it("reads CUSTOMER_SEARCHES_AT_ONCE as a whole number from 1, and 4 for anything else rather than failing at start", () => {
    expect(["8", " 2 ", "1"].map(searchesAtOnce)).toEqual([8, 2, 1]);
    expect([undefined, "", "abc", "0", "-3", "2.5", "Infinity"].map(searchesAtOnce)).toEqual([4, 4, 4, 4, 4, 4, 4]);
  });

  it("says which corrected search it shows, and nothing for a word like no customer's", async () => {
    const typo = (await send("GET", "/api/customers?q=Lindkvist")).json();
    expect(typo).toMatchObject({ total: 1, suggestion: "lindqvist" });
    const exact = (await send("GET", "/api/customers?q=Lindqvist")).json();
    expect(exact).toMatchObject({ total: 1, suggestion: null });
    const nothing = (await send("GET", "/api/customers?q=Xyzzyplugh")).json();
    expect(nothing).toMatchObject({ total: 0, items: [], suggestion: null });
  });

  it("answers in pages with the total, and refuses bad queries in Swedish", async () => {
    const res = await send("GET", "/api/customers?sort=fullName&page=1");
    expect(res.json()).toMatchObject({ total: 5, page: 1, pageSize: 24 });
    // A page past the last one is empty but still says how many there are: the register, a search, a corrected search.
    expect((await send("GET", "/api/customers?page=2")).json()).toMatchObject({ items: [], total: 5 });
    expect((await send("GET", "/api/customers?q=exempel&page=2")).json()).toMatchObject({ items: [], total: 5 });
    expect((await send("GET", "/api/customers?q=Lindkvist&page=2")).json()).toMatchObject({ items: [], total: 1, suggestion: "lindqvist" });
    for (const bad of ["sort=age", "dir=up", "page=0", "page=abc"]) {
      const answer = await send("GET", `/api/customers?${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().message).toMatch(/Ogiltig/);
    }
  });

  it("is for admins only", async () => {
    expect((await send("GET", "/api/customers", undefined, technician)).statusCode).toBe(403);
    expect((await send("GET", "/api/customers", undefined, null)).statusCode).toBe(401);
    expect((await send("POST", "/api/customers", { name: "X" }, technician)).statusCode).toBe(403);
    expect((await send("DELETE", "/api/customers/1", undefined, technician)).statusCode).toBe(403);
    expect((await send("GET", "/api/customers/1/export", undefined, technician)).statusCode).toBe(403);
  });
});

describe("POST /api/customers", () => {
  it("refuses missing or invalid fields and a second customer with the same e-mail, in Swedish", async () => {
    const missing = await send("POST", "/api/customers", { name: "Utan Adress", email: "utan@exempel.se", phone: "070-1234567" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Adressen måste vara minst 2 tecken|Ogiltig/);
    const email = await send("POST", "/api/customers", { name: "Fel Post", email: "inte-en-adress", phone: "070-1234567", address: "Gatan 1", city: "Ort", postalCode: "12345" });
    expect(email.json().message).toBe("Ogiltig e-postadress");
    const twice = await send("POST", "/api/customers", { name: "Åsa Igen", email: "ASA@exempel.se", phone: "070-1234567", address: "Gatan 1", city: "Ort", postalCode: "12345" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("Det finns redan en kund med den e-postadressen.");
    // What the form sends after its own parsing (empty notes as null) is accepted too.
    const withNullNotes = await send("POST", "/api/customers", { name: "Utan Anteckning", email: "utan.anteckning@exempel.se", phone: "070-1234567", address: "Gatan 1", city: "Ort", postalCode: "12345", notes: null });
    expect(withNullNotes.statusCode, withNullNotes.body).toBe(201);
    await send("DELETE", `/api/customers/${withNullNotes.json().id}`);
  });
});

describe("one customer per e-mail address under parallel requests", () => {
  it("makes one customer when twenty creates and a public booking of one address race, from two instances", async () => {
    const other = await buildApp(testConfig(), { database, now: () => NOW });
    await other.ready();
    try {
      const otherAdmin = await loginAs(other, "chef", "Chef12345", "admin");
      const person = { name: "Samtidig Kund", phone: "070-1234567", address: "Kapplöpningsvägen 1", city: "Uppsala", postalCode: "75320" };
      const create = (i: number) =>
        (i % 2 ? other : app).inject({
          method: "POST",
          url: "/api/customers",
          headers: { ...SAME_ORIGIN, cookie: i % 2 ? otherAdmin : admin },
          payload: { ...person, email: i % 3 ? "samtidig@kapplopp.se" : "SAMTIDIG@Kapplopp.se" },
        });
      const booking = app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ email: "Samtidig@kapplopp.se", name: "Samtidig Kund", timeSlot: "10:00-12:00" }) });
      const [booked, ...answers] = await Promise.all([booking, ...Array.from({ length: 20 }, (_, i) => create(i))]);
      expect(booked.statusCode, booked.body).toBe(201);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes.filter((code) => code === 201).length).toBeLessThanOrEqual(1);
      expect(codes.every((code) => code === 201 || code === 409), codes.join()).toBe(true);
      const rows = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from customers where lower(email) = 'samtidig@kapplopp.se'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe("detail, delete, erasure and export", () => {
  it("deletes a customer without bookings or history, recorded", async () => {
    const created = await send("POST", "/api/customers", { name: "Kort Besök", email: "kort@exempel.se", phone: "070-1234567", address: "Gatan 1", city: "Ort", postalCode: "12345" });
    const id = created.json().id;
    const res = await send("DELETE", `/api/customers/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe("deleted");
    expect((await send("GET", `/api/customers/${id}`)).statusCode).toBe(404);
    expect((await send("DELETE", `/api/customers/${id}`)).statusCode).toBe(404);
    expect(await queryRows(database, sql`select action, user_name from customer_data_events where customer_id = ${id}`)).toEqual([{ action: "delete", user_name: "Chefen Anna" }]);
  });

  it("exports everything stored about a customer as one JSON file, images and e-mails included, and records it", async () => {
    const booked = await app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ email: "gdpr@exempel.se", name: "Greta Dataskydd", images: [await phonePhotoDataUrl()] }) });
    expect(booked.statusCode, booked.body).toBe(201);
    const [{ id }] = await queryRows<{ id: number }>(database, sql`select id from customers where email = 'gdpr@exempel.se'`);
    // Her heat pump, its installation protocol (photo and signatures) and a service visit.
    const product = await send("POST", "/api/products", { customerId: id, type: "luftvärmepump", brand: "Nibe", model: "F2120", serialNumber: "GDPR-1", installationDate: "2024-05-02" });
    expect(product.statusCode, product.body).toBe(201);
    const photoUrl = await phonePhotoDataUrl();
    await database.db.execute(sql`insert into installation_protocols (public_id, customer_id, installation_date, customer_name, customer_email, installed_model, protocol_images, technician_signature, customer_signature)
      values ('gdpr-protokoll-0001', ${id}, '2024-05-02', 'Greta Dataskydd', 'gdpr@exempel.se', 'F2120', ${JSON.stringify({ condenseDrainPipe: [photoUrl], serialNumbers: [], completedInstallation: [] })}::jsonb, 'data:image/png;base64,dGVrbmlrZXI=', 'data:image/png;base64,a3VuZA==')`);
    await database.db.execute(sql`insert into service_history (customer_id, product_id, service_date, service_type, technician, issues, actions, parts, cost)
      values (${id}, ${product.json().id}, '2025-05-02T08:00:00Z', 'maintenance', 'Tekla', 'Svag värme', 'Rengjorde filter', 'Filter', 1800)`);
    const detail = (await send("GET", `/api/customers/${id}`)).json();
    expect(detail.customer).toMatchObject({ name: "Greta Dataskydd", bookingCount: 1, productCount: 1, anonymized: false });
    expect(detail.bookings).toHaveLength(1);
    expect(detail.products).toEqual([{ id: product.json().id, brand: "Nibe", model: "F2120", type: "luftvärmepump", serialNumber: "GDPR-1", installDate: "2024-05-02", warrantyEnd: null }]);
    expect(detail.serviceHistory).toMatchObject([{ serviceType: "maintenance", technician: "Tekla", actions: "Rengjorde filter", cost: 1800 }]);

    const res = await send("GET", `/api/customers/${id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="kunddata-${id}.json"`);
    const data = res.json();
    expect(data.customer).toMatchObject({ name: "Greta Dataskydd", email: "gdpr@exempel.se" });
    expect(data.bookings).toHaveLength(1);
    expect(data.images).toHaveLength(1);
    expect(data.images[0].dataUrl).toMatch(/^data:image\/jpeg;base64,/);
    expect(data.emails.map((e: { subject: string }) => e.subject)).toEqual([expect.stringMatching(/^Bokningsbekräftelse/)]);
    expect(data.products).toMatchObject([{ model: "F2120", serialNumber: "GDPR-1" }]);
    expect(data.serviceHistory).toMatchObject([{ issues: "Svag värme", actions: "Rengjorde filter", parts: "Filter" }]);
    expect(data.installationProtocols).toMatchObject([
      { publicId: "gdpr-protokoll-0001", installedModel: "F2120", technicianSignature: "data:image/png;base64,dGVrbmlrZXI=", customerSignature: "data:image/png;base64,a3VuZA==", protocolImages: { condenseDrainPipe: [photoUrl] } },
    ]);
    expect(data.exportedBy).toBe("Chefen Anna");
    // The photo kept no GPS position (DECISIONS 20), in the export either.
    const photo = Buffer.from(data.images[0].dataUrl.split(",")[1], "base64");
    expect(photo.includes(Buffer.from("GPS"))).toBe(false);
    expect(await queryRows(database, sql`select action from customer_data_events where customer_id = ${id}`)).toEqual([{ action: "export" }]);
  });

  it("erases the personal data of a customer with history but keeps the bookkeeping, recorded", async () => {
    const [{ id }] = await queryRows<{ id: number }>(database, sql`select id from customers where email = 'gdpr@exempel.se'`);
    await database.db.execute(sql`insert into service_history (customer_id, service_date, service_type, actions, cost) values (${id}, now(), 'maintenance', 'Filterbyte', 2500)`);
    const [booking] = await queryRows<{ id: number }>(database, sql`select id from bookings where customer_id = ${id}`);
    const res = await send("DELETE", `/api/customers/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe("anonymized");
    expect(res.json().message).toMatch(/personuppgifterna är raderade/);

    const detail = (await send("GET", `/api/customers/${id}`)).json();
    expect(detail.customer).toMatchObject({ name: `Raderad kund #${id}`, phone: "", address: "", anonymized: true });
    expect(detail.serviceHistory).toMatchObject([{ actions: "Filterbyte", cost: 2500 }, { actions: "Rengjorde filter", cost: 1800 }]);
    const [row] = await queryRows<Record<string, string>>(database, sql`select contact_name, contact_email, contact_phone, address, description from bookings where id = ${booking.id}`);
    expect(row).toEqual({ contact_name: `Raderad kund #${id}`, contact_email: `raderad-${id}@raderad.invalid`, contact_phone: "", address: "", description: "" });
    expect(await queryRows(database, sql`select id from booking_images where booking_id = ${booking.id}`)).toHaveLength(0);
    expect(await queryRows(database, sql`select id from shared_booking_links where booking_id = ${booking.id} and is_active`)).toHaveLength(0);
    expect(await queryRows(database, sql`select id from email_outbox where "to" = 'gdpr@exempel.se'`)).toHaveLength(0);
    // Nothing of the name is found any more, not even by a typo: the words of the name are gone too.
    expect(await names("q=Greta")).toEqual([]);
    expect(await queryRows(database, sql`select word from customer_search_words where word in ('greta', 'dataskydd')`)).toEqual([]);
    expect(await names("q=Gretta")).toEqual([]);
    expect((await queryRows<{ action: string }>(database, sql`select action from customer_data_events where customer_id = ${id} order by id`)).map((r) => r.action)).toEqual(["export", "erase"]);
  });
});
