import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { buildApp } from "../../app";
import { DEFAULT_SYSTEM_SETTINGS } from "@/common/schemas/settings";
import type { Database } from "../../db/client";
import { NOW, bookingPayload, signatureDataUrl } from "../../test-support/booking-fixtures";
import { TestSmtpServer, allDelivered, freePort } from "../../test-support/smtp";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Erasure proven by search, not by a list (issue 22 point 3; GDPR art. 17): a customer with a name,
// e-mail, phone and street found nowhere else books, moves the visit through the link, uploads a
// photo, gets e-mails, a heat pump with a service agreement they accept, a service reminder, a visit
// reminder and a signed installation protocol. After "DELETE /api/customers/:id" every text, JSON,
// array and bytea column of every table in every schema (pg-boss's too, read from
// information_schema, so a table added later is searched as well) is searched for the four values,
// as typed and in their other spellings. The only finds allowed are what the erase dialog says is
// kept: the installation protocol's customer name and installation address, for the F-gas record
// (and the sent invoices, for bookkeeping). The kept protocol is no longer open through its link.

const NAME = "Ottilia Zwickerberg";
const EMAIL = "ottilia.zwickerberg@radera-prov.se";
const PHONE = "070-913 57 24";
const STREET = "Gnejsgränd 47";
const VALUES = { name: NAME, email: EMAIL, phone: PHONE, street: STREET } as const;
type Value = keyof typeof VALUES;

/** How each value may be spelled where it is kept: as typed, by its words, folded, lower case, digits only, in base64. */
const SPELLINGS: Record<Value, string[]> = {
  name: [NAME, "Ottilia", "Zwickerberg"],
  email: [EMAIL, "ottilia.zwickerberg", "radera-prov"],
  phone: [PHONE, "913 57 24", "9135724"],
  // "Gnejsgr" also finds the street folded (gnejsgrand) and as a sort key (gnejsgr{nd).
  street: [STREET, "Gnejsgr"],
};

/** What the erase dialog says stays (src/client/features/admin/customers/text.ts). */
const KEPT = new Set([
  "public.installation_protocols.customer_name:name",
  "public.installation_protocols.installation_address:street",
  // Sent invoices: bookkeeping keeps them seven years (issue 25), with the name and address they were issued to.
  "public.invoices.customer_name:name",
  "public.invoices.search_key:name",
  "public.invoices.customer_address:street",
  "public.invoices.lines:name",
  "public.invoices.lines:street",
]);

let database: Database;
let app: FastifyInstance;
let smtp: TestSmtpServer;
let admin: string;
let tekla: string;
let clock = NOW;

beforeAll(async () => {
  const port = await freePort();
  smtp = new TestSmtpServer(port);
  await smtp.start();
  database = await createTestDatabase();
  // The workers run (pg-boss's tables exist and are searched too); e-mails go to a real SMTP server.
  app = await buildApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true, movedEmailDelaySeconds: 0 }), {
    database,
    now: () => clock,
    settingsCacheMs: 0,
  });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  tekla = await loginAs(app, "tekla", "Tekla1234");
  // The staff hear of new bookings by e-mail too: a message about the customer to another address.
  const settings = await app.inject({
    method: "PUT",
    url: "/api/admin/settings",
    headers: { ...SAME_ORIGIN, cookie: admin },
    payload: { ...DEFAULT_SYSTEM_SETTINGS, sendTechnicianNotification: true },
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(async () => {
  await app.close();
  await database.close();
  await smtp.stop();
});

const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object, cookie?: string) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

function multipart(fields: Record<string, string>, file: { filename: string; contentType: string; data: Buffer }) {
  const boundary = `----erasure${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
    file.data,
    Buffer.from("\r\n"),
  );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A phone photo whose EXIF names the customer (the server must keep none of it). */
const photoByCustomer = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#7a9" } })
    .jpeg()
    .withExif({ IFD0: { Artist: NAME, ImageDescription: STREET } })
    .toBuffer();

// --- The search ------------------------------------------------------------------------------------

/** The spellings of a value in base64 (a data URL, an attachment), at each of the three byte alignments. */
function base64Spellings(value: string): string[] {
  const bytes = Buffer.from(value, "utf8");
  return [0, 1, 2].map((offset) => {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    // Leave out the first group when it mixes in bytes before the value, and any group after its last byte.
    return padded.toString("base64").slice(offset === 0 ? 0 : 4, Math.floor(padded.length / 3) * 4);
  });
}

type Column = { schema: string; table: string; column: string; type: string };

/** Every column that can hold text, of every table of every schema, as the database lists them now. */
const searchableColumns = () =>
  queryRows<Column>(
    database,
    sql`select c.table_schema as schema, c.table_name as table, c.column_name as column, c.data_type as type
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%'
          and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'bytea', 'USER-DEFINED')
        order by 1, 2, 3`,
  );

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** "schema.table.column:value" for every column holding a spelling of one of the four values. */
async function whereFound(): Promise<string[]> {
  const found: string[] = [];
  for (const column of await searchableColumns()) {
    const target = sql.raw(`${quoted(column.schema)}.${quoted(column.table)}`);
    const col = sql.raw(quoted(column.column));
    for (const [value, spellings] of Object.entries(SPELLINGS) as [Value, string[]][]) {
      const encoded = base64Spellings(VALUES[value]);
      // Lists go in as one JSON parameter each (an array would be spread into a record).
      const list = (words: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(words)}::jsonb))`;
      const condition =
        column.type === "bytea"
          ? sql`exists (select 1 from jsonb_array_elements_text(${JSON.stringify([...spellings, ...encoded])}::jsonb) as s(word) where position(convert_to(s.word, 'UTF8') in ${col}) > 0)`
          : sql`(${col}::text ilike any ${list(spellings.map((s) => `%${s}%`))} or ${col}::text like any ${list(encoded.map((s) => `%${s}%`))})`;
      const [{ n }] = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from ${target} where ${condition}`);
      if (n > 0) found.push(`${column.schema}.${column.table}.${column.column}:${value}`);
    }
  }
  return found;
}

// --- The customer's story ----------------------------------------------------------------------------

describe("erasing a customer", () => {
  let customerId: number;
  let bookingId: number;
  let token: string;
  let protocol: { id: number; publicId: string };
  let waiting: { id: number; publicId: string };
  let invoiceToken: string;
  let draftInvoiceId: number;
  let agreementId: number;
  let agreementToken: string;
  let productId: number;

  it("leaves the customer's name, e-mail, phone and street nowhere but in the kept installation protocol", async () => {
    // Booked on the public form, with a photo, and a description that names them.
    const photo = await photoByCustomer();
    const booked = await call(
      "POST",
      "/api/bookings",
      bookingPayload({
        name: NAME,
        email: EMAIL,
        phone: PHONE,
        address: STREET,
        city: "Sala",
        postalCode: "733 91",
        description: `Ring ${NAME} på ${PHONE} före besöket.`,
        images: [`data:image/jpeg;base64,${photo.toString("base64")}`],
      }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    bookingId = booked.json().id;
    token = booked.json().manageUrl.split("/").pop();
    [{ customerId }] = await queryRows<{ customerId: number }>(database, sql`select customer_id as "customerId" from bookings where id = ${bookingId}`);

    // Moved through the link, and a photo uploaded there with a caption that names the street.
    expect((await call("PATCH", `/api/admin/bookings/${bookingId}/link`, { allowClientUpdates: true }, admin)).statusCode).toBe(200);
    const moved = await call("POST", `/api/booking-links/${token}/reschedule`, { date: "2026-12-14", timeSlot: "10:00-12:00" });
    expect(moved.statusCode, moved.body).toBe(200);
    const form = multipart({ token, caption: `Pannrummet på ${STREET}` }, { filename: "pannrum.jpg", contentType: "image/jpeg", data: photo });
    const uploaded = await app.inject({ method: "POST", url: "/api/booking/images", payload: form.payload, headers: form.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    // Their heat pump, old enough for a service reminder: created by the daily job, sent a week later.
    const product = await call(
      "POST",
      "/api/products",
      { customerId, type: "luftvärmepump", brand: "Nibe", model: "F2120", serialNumber: "RADERA-1", installationDate: "2024-10-01" },
      admin,
    );
    expect(product.statusCode, product.body).toBe(201);
    // A service agreement for it, e-mailed to them and accepted through its link (issue 26).
    const agreement = await call(
      "POST",
      "/api/admin/agreements",
      {
        customerId,
        productId: product.json().id,
        startDate: "2027-01-01",
        yearlyPriceOre: 240_000,
        visitsPerYear: 1,
        visitMonth: 4,
        repairDiscountPercent: 10,
      },
      admin,
    );
    expect(agreement.statusCode, agreement.body).toBe(201);
    agreementId = agreement.json().id;
    agreementToken = agreement.json().customerUrl.split("/avtal/")[1];
    expect((await call("POST", `/api/agreements/${agreementToken}/accept`)).statusCode).toBe(200);
    // An admin changed their phone and street for a while and back: the change history holds both (issue 23 point 8).
    const register = { name: NAME, email: EMAIL, city: "Sala", postalCode: "733 91" };
    for (const [phone, address] of [
      ["070-000 11 22", "Tillfälliga vägen 1"],
      [PHONE, STREET],
    ]) {
      const edited = await call("PUT", `/api/customers/${customerId}`, { ...register, phone, address }, admin);
      expect(edited.statusCode, edited.body).toBe(200);
    }
    await app.jobs["service-reminders"].run();
    clock = new Date("2026-11-29T07:00:00Z");
    await app.jobs["service-reminders"].run();
    // The visit reminder the day before the visit.
    clock = new Date("2026-12-13T08:00:00Z");
    await app.jobs["visit-reminders"].run();

    // The installation protocol: sent for signing, signed by the customer, the copy e-mailed with its PDF.
    const signature = await signatureDataUrl();
    const created = await call(
      "POST",
      "/api/technician/protocols",
      {
        bookingId,
        installationDate: "2026-12-14",
        customerName: NAME,
        customerEmail: EMAIL,
        customerPhone: PHONE,
        installationAddress: `${STREET}, 733 91 Sala`,
        installedBrand: "Nibe",
        installedModel: "F2120",
        installedPower: "8 kW",
        refrigerantType: "R32",
        refrigerantAmount: 1.2,
        action: "finish",
        technicianSignature: signature,
        protocolImages: { completedInstallation: [`data:image/jpeg;base64,${photo.toString("base64")}`] },
      },
      tekla,
    );
    expect(created.statusCode, created.body).toBe(201);
    protocol = created.json();
    expect((await call("POST", `/api/technician/protocols/${protocol.id}/send-for-signing`, {}, tekla)).statusCode).toBe(200);
    const signed = await call("POST", `/api/protocols/${protocol.publicId}/customer-sign`, {
      customerSignature: signature,
      customerComments: "Mycket nöjd med installationen.",
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // A second protocol, written without the booking (found by the e-mail only), still waiting for them.
    const unlinked = await call(
      "POST",
      "/api/technician/protocols",
      {
        installationDate: "2026-12-14",
        customerName: NAME,
        customerEmail: EMAIL.toUpperCase(),
        customerPhone: PHONE,
        installationAddress: STREET,
        installedBrand: "Nibe",
        installedModel: "S735",
        installedPower: "5 kW",
        action: "finish",
        technicianSignature: signature,
      },
      tekla,
    );
    expect(unlinked.statusCode, unlinked.body).toBe(201);
    waiting = unlinked.json();
    expect((await call("POST", `/api/technician/protocols/${waiting.id}/send-for-signing`, {}, tekla)).statusCode).toBe(200);
    // Their heat pump in the refrigerant register (issue 26), and a leak check with the visit's
    // service report: the F-gas record keeps the check with the product, naming only the technician.
    productId = product.json().id;
    const refrigerant = await call("PUT", `/api/admin/products/${productId}/refrigerant`, { refrigerant: "R410A", chargeKg: 3.2 }, admin);
    expect(refrigerant.statusCode, refrigerant.body).toBe(200);
    expect((await call("PATCH", `/api/technician/booking/${bookingId}/status`, { status: "in_progress" }, tekla)).statusCode).toBe(200);
    const serviced = await call(
      "POST",
      "/api/technician/service-history",
      {
        bookingId,
        productId,
        actions: "Läcksökt köldmediekretsen",
        leakCheck: { checked: true, method: "detector", result: "repaired", addedKg: 0.4, recoveredKg: 0, certificate: "INCERT-4711" },
      },
      tekla,
    );
    expect(serviced.statusCode, serviced.body).toBe(201);
    // The repaired leak's follow-up, proposed as a visit by the next morning's job (issue 26): a
    // booking about the pump, its e-mail, and a row in leak_check_visits (which holds no personal data).
    clock = new Date("2026-12-15T07:00:00Z");
    await app.jobs["agreement-visits"].run();
    clock = new Date("2026-12-13T08:00:00Z");
    const [followUp] = await queryRows<{ state: string; description: string }>(
      database,
      sql`select v.state, b.description from leak_check_visits v join bookings b on b.id = v.booking_id where v.product_id = ${productId}`,
    );
    expect(followUp).toMatchObject({ state: "proposed", description: expect.stringMatching(/^Uppföljande läckagekontroll/) });
    // Invoiced: one invoice sent (with ROT), one left as a draft.
    const invoiceBody = {
      customerId,
      lines: [{ description: `Installation hos ${NAME}, ${STREET}`, quantity: 8, unit: "tim", unitPriceOre: 80_000, vatRate: 25, labour: true }],
      rot: {
        basis: "lines",
        buyers: [{ personalNumber: "19800101-1231", sharePercent: 100 }],
        property: { kind: "house", designation: "Sala Gnejsen 1:2" },
        hours: 8,
      },
    };
    const invoice = await call("POST", "/api/admin/invoices", invoiceBody, admin);
    expect(invoice.statusCode, invoice.body).toBe(201);
    invoiceToken = invoice.json().customerUrl.split("/faktura/")[1];
    expect((await call("POST", `/api/admin/invoices/${invoice.json().id}/send`, undefined, admin)).statusCode).toBe(200);
    const invoiceDraft = await call("POST", "/api/admin/invoices", invoiceBody, admin);
    expect(invoiceDraft.statusCode).toBe(201);
    draftInvoiceId = invoiceDraft.json().id;
    await allDelivered(database, smtp);
    const subjects = smtp.messages.map((m) => m.subject ?? "");
    for (const subject of [
      "Bokningsbekräftelse",
      "Ny bokning",
      "Ny tid för ditt besök",
      "Påminnelse:",
      "Dags för service",
      "Installationsprotokoll nr",
      "Signerat installationsprotokoll",
      "Faktura ",
      "Serviceavtal för din värmepump",
      "Läckagekontroll av din värmepump",
    ]) {
      expect(
        subjects.some((s) => s.startsWith(subject)),
        `${subject} in ${subjects.join(" | ")}`,
      ).toBe(true);
    }

    // The search finds them where they were before the erasure: it searches the right places.
    const before = await whereFound();
    for (const place of [
      "public.customers.name:name",
      "public.customers.search_key:street",
      "public.customer_search_words.word:name",
      "public.bookings.contact_phone:phone",
      "public.bookings.description:phone",
      "public.booking_events.actor_name:name",
      "public.booking_images.caption:street",
      "public.email_outbox.to:email",
      "public.email_outbox.text:street",
      "public.rate_limit_hits.key:email",
      "public.reminders.message:name",
      "public.installation_protocols.customer_phone:phone",
      "public.customer_changes.changes:phone",
      "public.customer_changes.changes:street",
      "public.invoices.customer_email:email",
      "public.invoices.lines:street",
      "public.service_agreement_events.by_name:name",
    ]) {
      expect(before, place).toContain(place);
    }

    const erased = await call("DELETE", `/api/customers/${customerId}`, undefined, admin);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({
      result: "anonymized",
      message: expect.stringContaining("med kundens namn, installationsadress och signatur men utan kontaktuppgifter"),
    });

    const after = await whereFound();
    expect(after.filter((place) => !KEPT.has(place))).toEqual([]);
    // Searched: every schema, pg-boss's job data (partitions and archive too) among them.
    const searched = (await searchableColumns()).map((c) => `${c.schema}.${c.table}.${c.column}`);
    expect(searched).toEqual(
      expect.arrayContaining([
        "pgboss.job.data",
        "pgboss.job.output",
        "public.email_outbox.attachments",
        "public.bookings.images",
        "public.booking_images.data",
      ]),
    );
  });

  it("keeps the sent invoice for bookkeeping, without the e-mail address and with its link closed, and deletes the draft", async () => {
    expect((await call("GET", `/api/invoices/${invoiceToken}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/admin/invoices/${draftInvoiceId}`, undefined, admin)).statusCode).toBe(404);
    const [kept] = await queryRows<{ n: number; pnr: string }>(
      database,
      sql`select count(*)::int as n, min(b.personal_number) as pnr from invoices i join invoice_rot_buyers b on b.invoice_id = i.id where i.customer_id = ${customerId}`,
    );
    expect(kept).toEqual({ n: 1, pnr: "198001011231" });
  });

  it("deletes the service agreement with its history and acceptance, and closes its link", async () => {
    expect((await call("GET", `/api/agreements/${agreementToken}`)).statusCode).toBe(404);
    expect((await call("POST", `/api/agreements/${agreementToken}/accept`)).statusCode).toBe(404);
    expect((await call("GET", `/api/admin/agreements/${agreementId}`, undefined, admin)).statusCode).toBe(404);
    const [{ n }] = await queryRows<{ n: number }>(
      database,
      sql`select (select count(*) from service_agreements where customer_id = ${customerId})::int
        + (select count(*) from service_agreement_events where agreement_id = ${agreementId})::int as n`,
    );
    expect(n).toBe(0);
  });

  it("shows no trace of the customer in the booking's history, and their link, reminder and photos are closed", async () => {
    const detail = await call("GET", `/api/admin/bookings/${bookingId}`, undefined, admin);
    expect(detail.statusCode).toBe(200);
    const history = detail.json().history as { actor: string; actorName: string | null; kind: string }[];
    expect(history.filter((event) => event.actor === "customer").map((event) => event.kind)).toEqual(["created", "reschedule"]);
    expect(history.every((event) => event.actorName !== NAME)).toBe(true);
    expect(JSON.stringify(detail.json())).not.toMatch(/Ottilia|Zwickerberg|Gnejsgr|9135724|913 57 24/);
    expect((await call("GET", `/api/booking-links/${token}`)).statusCode).toBe(404);
  });

  it("keeps the heat pump's leak checks with the product, as the F-gas record, under the erased name", async () => {
    const timeline = await call("GET", `/api/admin/products/${productId}/timeline`, undefined, admin);
    expect(timeline.statusCode).toBe(200);
    expect(timeline.json().entry).toMatchObject({ refrigerant: "R410A", chargeKg: 3.2, lastCheck: { result: "repaired" } });
    expect(timeline.json().events.filter((e: { kind: string }) => e.kind === "leak-check")).toHaveLength(1);
    expect(JSON.stringify(timeline.json())).not.toMatch(/Ottilia|Zwickerberg|Gnejsgr|9135724|913 57 24/);
    const report = await call("GET", `/api/admin/customers/${customerId}/refrigerant-report/2026.pdf`, undefined, admin);
    expect(report.statusCode).toBe(200);
  });

  it("keeps who changed which of the customer's fields, and when, without the values", async () => {
    const detail = (await call("GET", `/api/customers/${customerId}`, undefined, admin)).json();
    expect(detail.changes).toHaveLength(2);
    for (const change of detail.changes) {
      expect(change).toMatchObject({
        userName: "Chefen Anna",
        changes: [
          { field: "phone", from: null, to: null },
          { field: "address", from: null, to: null },
        ],
      });
    }
  });

  it("keeps the installation protocols for staff, without contact details, and closes their public page and PDF", async () => {
    expect((await call("GET", `/api/protocols/${protocol.publicId}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/protocols/${protocol.publicId}/pdf`)).statusCode).toBe(404);
    const sign = await call("POST", `/api/protocols/${protocol.publicId}/customer-sign`, { customerSignature: await signatureDataUrl() });
    expect(sign.statusCode).toBe(404);

    const staff = await call("GET", `/api/technician/protocols/${protocol.id}`, undefined, tekla);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({
      customerName: NAME,
      installationAddress: `${STREET}, 733 91 Sala`,
      customerPhone: null,
      status: "fully-signed",
      refrigerantAmount: 1.2,
    });
    expect(staff.json().customerEmail).not.toContain("zwickerberg");
    expect(staff.json().customerSignature).toMatch(/^data:image\/png;base64,/);
    const pdf = await call("GET", `/api/technician/protocols/${protocol.id}/pdf`, undefined, tekla);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");

    // The one that waited for their signature: closed to them, and no longer sent anywhere.
    expect((await call("GET", `/api/protocols/${waiting.publicId}`)).statusCode).toBe(404);
    expect((await call("POST", `/api/protocols/${waiting.publicId}/customer-sign`, { customerSignature: await signatureDataUrl() })).statusCode).toBe(404);
    const resend = await call("POST", `/api/technician/protocols/${waiting.id}/send-for-signing`, {}, tekla);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toEqual({ message: "Kundens uppgifter är raderade. Protokollet kan inte längre skickas till kunden." });
    expect((await call("GET", `/api/technician/protocols/${waiting.id}`, undefined, tekla)).json()).toMatchObject({
      customerName: NAME,
      customerPhone: null,
      status: "technician-signed",
    });
  });
});
