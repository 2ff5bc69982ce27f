import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { NOW, bookingPayload, phonePhotoDataUrl } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The customer register (issue 12; rules §2 Customer register, §7 /api/customers): search with typos
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

function send(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, cookie: string | null = admin) {
  return app.inject({
    method,
    url,
    headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
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

  /**
   * How many of twelve searches sent together the app ran in the database at the same moment; all must
   * be answered. Each search is held inside the executor until `limit` of them are in (5 s at most),
   * and 100 ms more before any goes on: how fast the first searches finish must not decide the count
   * (on a quick PostgreSQL the first was done before the fourth arrived, and 3 were seen at once), and
   * a search let in beyond the limit has those 100 ms to show itself while none has left.
   */
  async function mostSearchesAtOnce(limit: number, config: Parameters<typeof testConfig>[0] = {}): Promise<number> {
    let inside = 0;
    let most = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const atMost = setTimeout(release, 5_000);
    const observed: Database = {
      ...database,
      sql: {
        ...database.sql,
        async onOneConnection(work) {
          most = Math.max(most, ++inside);
          if (inside >= limit) setTimeout(release, 100);
          try {
            await released;
            return await database.sql.onOneConnection(work);
          } finally {
            inside -= 1;
          }
        },
      },
    };
    const other = await buildApp(testConfig(config), { database: observed, now: () => NOW });
    await other.ready();
    try {
      const otherAdmin = await loginAs(other, "chef", "Chef12345", "admin");
      const searches = ["lindqvist", "Lindkvist", "exempel", "070", "Li", "Uppsala", "Öberg", "zz", "Andersson", "753", "Berg", "von"];
      const answers = await Promise.all(
        searches.map((q) => other.inject({ method: "GET", url: `/api/customers?q=${encodeURIComponent(q)}`, headers: { cookie: otherAdmin } })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(searches.map(() => 200));
      expect(answers[0].json().items.map((c: { name: string }) => c.name)).toEqual(["Anna-Karin Lindqvist"]);
      return most;
    } finally {
      clearTimeout(atMost);
      await other.close();
    }
  }

  it("runs at most four searches in the database at once; the others wait their turn and are all answered", async () => {
    expect(await mostSearchesAtOnce(4)).toBe(4);
  });

  it("runs as many at once as CUSTOMER_SEARCHES_AT_ONCE says (config.customerSearchesAtOnce)", async () => {
    expect(await mostSearchesAtOnce(2, { customerSearchesAtOnce: 2 })).toBe(2);
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
    const email = await send("POST", "/api/customers", {
      name: "Fel Post",
      email: "inte-en-adress",
      phone: "070-1234567",
      address: "Gatan 1",
      city: "Ort",
      postalCode: "12345",
    });
    expect(email.json().message).toBe("Ogiltig e-postadress");
    const twice = await send("POST", "/api/customers", {
      name: "Åsa Igen",
      email: "ASA@exempel.se",
      phone: "070-1234567",
      address: "Gatan 1",
      city: "Ort",
      postalCode: "12345",
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("Det finns redan en kund med den e-postadressen.");
    // What the form sends after its own parsing (empty notes as null) is accepted too.
    const withNullNotes = await send("POST", "/api/customers", {
      name: "Utan Anteckning",
      email: "utan.anteckning@exempel.se",
      phone: "070-1234567",
      address: "Gatan 1",
      city: "Ort",
      postalCode: "12345",
      notes: null,
    });
    expect(withNullNotes.statusCode, withNullNotes.body).toBe(201);
    await send("DELETE", `/api/customers/${withNullNotes.json().id}`);
  });
});

describe("PUT /api/customers/:id (issue 23 point 8)", () => {
  const person = {
    name: "Redigerad Kund",
    email: "redigerad@exempel.se",
    phone: "070-500 00 01",
    address: "Ändragatan 2",
    city: "Uppsala",
    postalCode: "753 21",
  };
  async function created(overrides: Partial<typeof person> = {}): Promise<number> {
    const res = await send("POST", "/api/customers", { ...person, ...overrides });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  const changesOf = async (id: number) =>
    (await send("GET", `/api/customers/${id}`)).json().changes as {
      at: string;
      userName: string;
      changes: { field: string; from: string | null; to: string | null }[];
    }[];

  it("saves a changed phone and notes, and records who changed which fields from what to what, and when", async () => {
    const id = await created();
    const res = await send("PUT", `/api/customers/${id}`, { ...person, phone: "070-500 00 99", notes: "Ring efter 16." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, phone: "070-500 00 99", notes: "Ring efter 16.", name: person.name });
    expect((await send("GET", `/api/customers/${id}`)).json().customer).toMatchObject({ phone: "070-500 00 99", notes: "Ring efter 16." });
    // Found by the new phone number: the register's search keys follow the edit.
    expect(await names(`q=${encodeURIComponent("500 00 99")}`)).toEqual([person.name]);

    const [change] = await changesOf(id);
    expect(change).toMatchObject({
      userName: "Chefen Anna",
      changes: [
        { field: "phone", from: "070-500 00 01", to: "070-500 00 99" },
        { field: "notes", from: null, to: "Ring efter 16." },
      ],
    });
    expect(Date.parse(change.at)).not.toBeNaN();

    // The same values again change nothing and record nothing; the next edit comes first.
    expect((await send("PUT", `/api/customers/${id}`, { ...person, phone: "070-500 00 99", notes: "Ring efter 16." })).statusCode).toBe(200);
    expect(await changesOf(id)).toHaveLength(1);
    expect((await send("PUT", `/api/customers/${id}`, { ...person, phone: "070-500 00 99", notes: "", city: "Knivsta" })).statusCode).toBe(200);
    expect((await changesOf(id)).map((c) => c.changes)).toEqual([
      [
        { field: "city", from: "Uppsala", to: "Knivsta" },
        { field: "notes", from: "Ring efter 16.", to: null },
      ],
      [
        { field: "phone", from: "070-500 00 01", to: "070-500 00 99" },
        { field: "notes", from: null, to: "Ring efter 16." },
      ],
    ]);
    // The export holds the history too (GDPR art. 15).
    expect((await send("GET", `/api/customers/${id}/export`)).json().changes).toHaveLength(2);
    await send("DELETE", `/api/customers/${id}`);
  });

  it("validates an edit as a create, in Swedish, and changes nothing on a refusal", async () => {
    const id = await created({ email: "validering@exempel.se" });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...person, email: "inte-en-adress" }, "Ogiltig e-postadress"],
      [{ ...person, phone: "070" }, "Telefonnummer måste vara minst 6 tecken"],
      [{ ...person, postalCode: "123" }, "Postnumret måste vara minst 5 tecken"],
      [{ ...person, name: " " }, "Kundens namn måste vara minst 2 tecken"],
      [{ ...person, notes: "x".repeat(2001) }, "Anteckningen får vara högst 2000 tecken"],
      [{ name: person.name }, "Ogiltig e-postadress"],
    ];
    for (const [payload, message] of cases) {
      const res = await send("PUT", `/api/customers/${id}`, payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload).slice(0, 80)).toEqual([400, message]);
    }
    expect((await send("GET", `/api/customers/${id}`)).json()).toMatchObject({
      customer: { email: "validering@exempel.se", phone: person.phone },
      changes: [],
    });
    const missing = await send("PUT", "/api/customers/999999", person);
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: "Kunden finns inte." }]);
    expect((await send("PUT", `/api/customers/${id}`, person, technician)).statusCode).toBe(403);
    expect((await send("PUT", `/api/customers/${id}`, person, null)).statusCode).toBe(401);
    await send("DELETE", `/api/customers/${id}`);
  });

  it("refuses an e-mail another customer has, in any case, and takes the customer's own in another case", async () => {
    const id = await created({ email: "egen@exempel.se" });
    const taken = await send("PUT", `/api/customers/${id}`, { ...person, email: "LARS@exempel.se" });
    expect([taken.statusCode, taken.json()]).toEqual([409, { message: "Det finns redan en kund med den e-postadressen." }]);
    expect((await send("GET", `/api/customers/${id}`)).json()).toMatchObject({ customer: { email: "egen@exempel.se" }, changes: [] });
    const ownInCaps = await send("PUT", `/api/customers/${id}`, { ...person, email: "Egen@Exempel.se" });
    expect(ownInCaps.statusCode, ownInCaps.body).toBe(200);
    expect((await changesOf(id))[0].changes).toEqual([{ field: "email", from: "egen@exempel.se", to: "Egen@Exempel.se" }]);
    await send("DELETE", `/api/customers/${id}`);
  });

  it("gives an e-mail to one customer when edits of two customers and a create race for it, from two instances", async () => {
    const a = await created({ email: "kapplopp.a@exempel.se" });
    const b = await created({ email: "kapplopp.b@exempel.se" });
    const other = await buildApp(testConfig(), { database, now: () => NOW });
    await other.ready();
    try {
      const otherAdmin = await loginAs(other, "chef", "Chef12345", "admin");
      const target = (i: number) => (i % 3 === 0 ? "SAMMA@kapplopp-edit.se" : "samma@kapplopp-edit.se");
      const request = (i: number) => {
        const viaOther = i % 2 === 1;
        const [method, url] = i % 3 === 2 ? (["POST", "/api/customers"] as const) : (["PUT", `/api/customers/${i % 3 === 0 ? a : b}`] as const);
        return (viaOther ? other : app).inject({
          method,
          url,
          headers: { ...SAME_ORIGIN, cookie: viaOther ? otherAdmin : admin },
          payload: { ...person, email: target(i) },
        });
      };
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => request(i)));
      const codes = answers.map((r) => r.statusCode);
      // The edits and creates that lost are refused in Swedish; one edit of the winner's own row may
      // repeat (same e-mail, its own) and is fine.
      expect(
        codes.every((c) => c === 200 || c === 201 || c === 409),
        codes.join(),
      ).toBe(true);
      for (const refused of answers.filter((r) => r.statusCode === 409))
        expect(refused.json()).toEqual({ message: "Det finns redan en kund med den e-postadressen." });
      const rows = await queryRows<{ id: number }>(database, sql`select id from customers where lower(email) = 'samma@kapplopp-edit.se'`);
      expect(rows).toHaveLength(1);
      // Exactly one of the three records won it; the other two keep their own e-mails.
      const emails = await queryRows<{ email: string }>(database, sql`select lower(email) as email from customers where id in (${a}, ${b}) order by id`);
      expect(emails.filter((e) => e.email === "samma@kapplopp-edit.se").length + (codes.includes(201) ? 1 : 0)).toBe(1);
    } finally {
      await other.close();
    }
  });

  it("refuses to edit an erased customer", async () => {
    const booked = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: bookingPayload({ email: "raderas.sen@exempel.se", name: "Raderas Sen", timeSlot: "12:00-14:00" }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [{ id }] = await queryRows<{ id: number }>(database, sql`select id from customers where email = 'raderas.sen@exempel.se'`);
    expect((await send("PUT", `/api/customers/${id}`, { ...person, email: "raderas.sen@exempel.se", phone: "070-999 99 99" })).statusCode).toBe(200);
    expect((await send("DELETE", `/api/customers/${id}`)).json().result).toBe("anonymized");
    const res = await send("PUT", `/api/customers/${id}`, { ...person, email: "tillbaka@exempel.se" });
    expect([res.statusCode, res.json()]).toEqual([409, { message: "Kundens uppgifter är raderade och kan inte ändras." }]);
    // The history keeps who changed which fields, and when, without the values.
    const [change] = await changesOf(id);
    expect(change).toMatchObject({ userName: "Chefen Anna" });
    expect(change.changes.map((c) => c.field).sort()).toEqual(["address", "name", "phone", "postalCode"]);
    expect(change.changes.every((c) => c.from === null && c.to === null)).toBe(true);
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
      const booking = app.inject({
        method: "POST",
        url: "/api/bookings",
        payload: bookingPayload({ email: "Samtidig@kapplopp.se", name: "Samtidig Kund", timeSlot: "10:00-12:00" }),
      });
      const [booked, ...answers] = await Promise.all([booking, ...Array.from({ length: 20 }, (_, i) => create(i))]);
      expect(booked.statusCode, booked.body).toBe(201);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes.filter((code) => code === 201).length).toBeLessThanOrEqual(1);
      expect(
        codes.every((code) => code === 201 || code === 409),
        codes.join(),
      ).toBe(true);
      const rows = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from customers where lower(email) = 'samtidig@kapplopp.se'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe("detail, delete, erasure and export", () => {
  it("deletes a customer without bookings or history, recorded", async () => {
    const created = await send("POST", "/api/customers", {
      name: "Kort Besök",
      email: "kort@exempel.se",
      phone: "070-1234567",
      address: "Gatan 1",
      city: "Ort",
      postalCode: "12345",
    });
    const id = created.json().id;
    const res = await send("DELETE", `/api/customers/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe("deleted");
    expect((await send("GET", `/api/customers/${id}`)).statusCode).toBe(404);
    expect((await send("DELETE", `/api/customers/${id}`)).statusCode).toBe(404);
    expect(await queryRows(database, sql`select action, user_name from customer_data_events where customer_id = ${id}`)).toEqual([
      { action: "delete", user_name: "Chefen Anna" },
    ]);
  });

  it("exports everything stored about a customer as one JSON file, images and e-mails included, and records it", async () => {
    const booked = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: bookingPayload({ email: "gdpr@exempel.se", name: "Greta Dataskydd", images: [await phonePhotoDataUrl()] }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [{ id }] = await queryRows<{ id: number }>(database, sql`select id from customers where email = 'gdpr@exempel.se'`);
    // Her heat pump, its installation protocol (photo and signatures) and a service visit.
    const product = await send("POST", "/api/products", {
      customerId: id,
      type: "luftvärmepump",
      brand: "Nibe",
      model: "F2120",
      serialNumber: "GDPR-1",
      installationDate: "2024-05-02",
    });
    expect(product.statusCode, product.body).toBe(201);
    const photoUrl = await phonePhotoDataUrl();
    await database.db
      .execute(sql`insert into installation_protocols (public_id, customer_id, installation_date, customer_name, customer_email, installed_model, protocol_images, technician_signature, customer_signature)
      values ('gdpr-protokoll-0001', ${id}, '2024-05-02', 'Greta Dataskydd', 'gdpr@exempel.se', 'F2120', ${JSON.stringify({ condenseDrainPipe: [photoUrl], serialNumbers: [], completedInstallation: [] })}::jsonb, 'data:image/png;base64,dGVrbmlrZXI=', 'data:image/png;base64,a3VuZA==')`);
    await database.db.execute(sql`insert into service_history (customer_id, product_id, service_date, service_type, technician, issues, actions, parts, cost)
      values (${id}, ${product.json().id}, '2025-05-02T08:00:00Z', 'maintenance', 'Tekla', 'Svag värme', 'Rengjorde filter', 'Filter', 1800)`);
    const detail = (await send("GET", `/api/customers/${id}`)).json();
    expect(detail.customer).toMatchObject({ name: "Greta Dataskydd", bookingCount: 1, productCount: 1, anonymized: false });
    expect(detail.bookings).toHaveLength(1);
    expect(detail.products).toEqual([
      { id: product.json().id, brand: "Nibe", model: "F2120", type: "luftvärmepump", serialNumber: "GDPR-1", installDate: "2024-05-02", warrantyEnd: null },
    ]);
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
      {
        publicId: "gdpr-protokoll-0001",
        installedModel: "F2120",
        technicianSignature: "data:image/png;base64,dGVrbmlrZXI=",
        customerSignature: "data:image/png;base64,a3VuZA==",
        protocolImages: { condenseDrainPipe: [photoUrl] },
      },
    ]);
    expect(data.exportedBy).toBe("Chefen Anna");
    // The photo kept no GPS position (rules D20), in the export either.
    const photo = Buffer.from(data.images[0].dataUrl.split(",")[1], "base64");
    expect(photo.includes(Buffer.from("GPS"))).toBe(false);
    expect(await queryRows(database, sql`select action from customer_data_events where customer_id = ${id}`)).toEqual([{ action: "export" }]);
  });

  it("shows the visits ahead, and an erasure cancels them in its transaction, recorded as cancelled because of it; nothing is sent", async () => {
    const email = "framtid@exempel.se";
    const book = async (date: string, timeSlot: string) => {
      const res = await app.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ email, name: "Fredrik Framtid", date, timeSlot }) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const [confirmed, moved, started, done, cancelledBefore, past] = [
      await book("2026-12-07", "12:00-14:00"),
      await book("2026-12-08", "15:30-17:30"),
      await book("2026-12-09", "15:30-17:30"),
      await book("2026-12-10", "15:30-17:30"),
      await book("2026-12-11", "15:30-17:30"),
      await book("2026-12-14", "12:00-14:00"),
    ];
    await database.db.execute(sql`update bookings set status = 'rescheduled' where id = ${moved}`);
    await database.db.execute(sql`update bookings set status = 'in_progress' where id = ${started}`);
    await database.db.execute(sql`update bookings set status = 'completed' where id = ${done}`);
    await database.db.execute(sql`update bookings set status = 'cancelled' where id = ${cancelledBefore}`);
    // A visit whose day has passed (never marked done) is history, not a visit ahead.
    await database.db.execute(sql`update bookings set date = '2026-11-20' where id = ${past}`);
    const [{ customer_id: id }] = await queryRows<{ customer_id: number }>(database, sql`select customer_id from bookings where id = ${confirmed}`);

    // The erase dialog lists what the erasure will cancel: date, time and service, soonest first.
    const detail = (await send("GET", `/api/customers/${id}`)).json();
    expect(detail.bookings).toHaveLength(6);
    expect(detail.visitsAhead).toEqual([
      { id: confirmed, date: "2026-12-07", timeSlot: "12:00-14:00", serviceType: "service", status: "confirmed" },
      { id: moved, date: "2026-12-08", timeSlot: "15:30-17:30", serviceType: "service", status: "rescheduled" },
      { id: started, date: "2026-12-09", timeSlot: "15:30-17:30", serviceType: "service", status: "in_progress" },
    ]);
    const free = async () =>
      (await app.inject({ method: "GET", url: "/api/availability?date=2026-12-07&timeSlot=12:00-14:00&serviceType=service" })).json().available;
    expect(await free()).toBe(false);

    const res = await send("DELETE", `/api/customers/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: "anonymized", cancelledVisits: 3 });
    expect(res.json().message).toMatch(/3 kommande besök är avbokade\.$/);
    const statuses = await queryRows<{ id: number; status: string }>(database, sql`select id, status from bookings where customer_id = ${id} order by id`);
    expect(statuses).toEqual([
      { id: confirmed, status: "cancelled" },
      { id: moved, status: "cancelled" },
      { id: started, status: "cancelled" },
      { id: done, status: "completed" },
      { id: cancelledBefore, status: "cancelled" },
      { id: past, status: "confirmed" },
    ]);
    // Each in its history, by the admin, because of the erasure; the others untouched.
    for (const [bookingId, from] of [
      [confirmed, "confirmed"],
      [moved, "rescheduled"],
      [started, "in_progress"],
    ] as const) {
      const history = (await send("GET", `/api/admin/bookings/${bookingId}`)).json().history;
      expect(history.at(-1)).toMatchObject({
        actor: "admin",
        actorName: "Chefen Anna",
        kind: "cancelled",
        from,
        to: "cancelled",
        note: "Kunden raderades ur kundregistret",
      });
    }
    for (const bookingId of [done, cancelledBefore, past]) {
      expect(await queryRows(database, sql`select id from booking_events where booking_id = ${bookingId} and kind = 'cancelled'`)).toHaveLength(0);
    }
    // The time is free again at once (the shared availability answers were cleared), and no e-mail
    // is queued to the address being erased nor to its replacement.
    expect(await free()).toBe(true);
    expect(await queryRows(database, sql`select id from email_outbox where "to" in (${email}, ${`raderad-${id}@raderad.invalid`})`)).toHaveLength(0);
    expect((await send("GET", `/api/customers/${id}`)).json().visitsAhead).toEqual([]);
  });

  it("erases the personal data of a customer with history but keeps the bookkeeping, recorded", async () => {
    const [{ id }] = await queryRows<{ id: number }>(database, sql`select id from customers where email = 'gdpr@exempel.se'`);
    await database.db.execute(
      sql`insert into service_history (customer_id, service_date, service_type, actions, cost) values (${id}, now(), 'maintenance', 'Filterbyte', 2500)`,
    );
    const [booking] = await queryRows<{ id: number }>(database, sql`select id from bookings where customer_id = ${id}`);
    const res = await send("DELETE", `/api/customers/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe("anonymized");
    expect(res.json().message).toMatch(/personuppgifterna är raderade/);

    const detail = (await send("GET", `/api/customers/${id}`)).json();
    expect(detail.customer).toMatchObject({ name: `Raderad kund #${id}`, phone: "", address: "", anonymized: true });
    expect(detail.serviceHistory).toMatchObject([
      { actions: "Filterbyte", cost: 2500 },
      { actions: "Rengjorde filter", cost: 1800 },
    ]);
    const [row] = await queryRows<Record<string, string>>(
      database,
      sql`select contact_name, contact_email, contact_phone, address, description from bookings where id = ${booking.id}`,
    );
    expect(row).toEqual({
      contact_name: `Raderad kund #${id}`,
      contact_email: `raderad-${id}@raderad.invalid`,
      contact_phone: "",
      address: "",
      description: "",
    });
    expect(await queryRows(database, sql`select id from booking_images where booking_id = ${booking.id}`)).toHaveLength(0);
    expect(await queryRows(database, sql`select id from shared_booking_links where booking_id = ${booking.id} and is_active`)).toHaveLength(0);
    expect(await queryRows(database, sql`select id from email_outbox where "to" = 'gdpr@exempel.se'`)).toHaveLength(0);
    // Nothing of the name is found any more, not even by a typo: the words of the name are gone too.
    expect(await names("q=Greta")).toEqual([]);
    expect(await queryRows(database, sql`select word from customer_search_words where word in ('greta', 'dataskydd')`)).toEqual([]);
    expect(await names("q=Gretta")).toEqual([]);
    expect(
      (await queryRows<{ action: string }>(database, sql`select action from customer_data_events where customer_id = ${id} order by id`)).map((r) => r.action),
    ).toEqual(["export", "erase"]);
  });
});
