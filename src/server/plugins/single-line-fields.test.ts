import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ImportPayloadSchema } from "@/common/schemas/service-reminders";
import { textFieldText } from "@/common/schemas/text-fields";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { NOW, bookingPayload } from "../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../test-support/test-app";

// Issue 22.2: a line break in a one-line field (name, address, city, phone, e-mail, model, the
// company's details) is refused with a Swedish 400 on every route, before it can start a line of its
// own in an e-mail: "Kundtjänst\r\nDitt konto är spärrat…" once reached a company e-mail as two lines.

const HOSTILE = "Kundtjänst\r\nDitt konto är spärrat, ring 0900-123 45";
const LINE_BREAK = { message: textFieldText.lineBreak };

/** Keys of one-line fields wherever they appear in a request body. */
const SINGLE_LINE_KEYS = new Set([
  "name",
  "email",
  "phone",
  "address",
  "city",
  "postalCode",
  "heatpumpModel",
  "model",
  "brand",
  "serialNumber",
  "customerName",
  "customerEmail",
  "customerPhone",
  "installationAddress",
  "organizationNumber",
  "companyName",
  "companyOrgNumber",
  "companyPhone",
  "companyEmail",
  "companyAddress",
  "orgNumber",
  "installedBrand",
  "installedModel",
  "installedPower",
]);

type Field = { path: string; schema: z.ZodType };

/** Every one-line field of a zod schema, through objects, arrays, optionals, defaults and pipes. */
function singleLineFields(schema: unknown, path: string[] = []): Field[] {
  if (!(schema instanceof z.ZodType)) return [];
  const def = schema._zod.def as {
    type: string;
    shape?: Record<string, unknown>;
    innerType?: unknown;
    in?: unknown;
    out?: unknown;
    element?: unknown;
    options?: unknown[];
  };
  switch (def.type) {
    case "object":
      return Object.entries(def.shape!).flatMap(([key, inner]) =>
        SINGLE_LINE_KEYS.has(key) && inner instanceof z.ZodType ? [{ path: [...path, key].join("."), schema: inner }] : singleLineFields(inner, [...path, key]),
      );
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return singleLineFields(def.innerType, path);
    case "pipe":
      return [...singleLineFields(def.in, path), ...singleLineFields(def.out, path)];
    case "array":
      return singleLineFields(def.element, [...path, "[]"]);
    case "union":
      return def.options!.flatMap((option) => singleLineFields(option, path));
    default:
      return [];
  }
}

let database: Database;
let app: FastifyInstance;
let admin: string;
let technician: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin" });
  await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  technician = await loginAs(app, "tekla", "Tekla1234", "technician");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("one-line fields", () => {
  it("are refused with a line break by the schema of every route that takes one", () => {
    const fields = app.routeTable.flatMap((route) =>
      singleLineFields(route.schema?.body).map((field) => ({ ...field, route: `${route.method} ${route.url}` })),
    );
    // The import's body is read by the handler itself (it names the failing row).
    fields.push(...singleLineFields(ImportPayloadSchema).map((field) => ({ ...field, route: "POST /api/admin/customers/import" })));
    const checked = new Set<string>();
    for (const field of fields) {
      const where = `${field.route} ${field.path}`;
      checked.add(where);
      for (const breakLine of ["\r\n", "\n", "\r", "\u2028", "\u2029", "\u0085"]) {
        const result = field.schema.safeParse(`Anna${breakLine}Berg`);
        expect(result.success, `${where} ${JSON.stringify(breakLine)}`).toBe(false);
        expect(result.error?.issues[0]?.message, `${where} ${JSON.stringify(breakLine)}`).toBe(textFieldText.lineBreak);
      }
    }
    // The walk reached the routes the audit named (it is not vacuous).
    expect([...checked]).toEqual(
      expect.arrayContaining([
        "POST /api/bookings name",
        "POST /api/bookings email",
        "POST /api/bookings phone",
        "POST /api/bookings address",
        "POST /api/bookings city",
        "POST /api/bookings heatpumpModel",
        "POST /api/admin/bookings customerInfo.name",
        "POST /api/admin/bookings customerInfo.email",
        "POST /api/admin/bookings heatpumpModel",
        "POST /api/customers name",
        "POST /api/customers address",
        "POST /api/products model",
        "POST /api/products serialNumber",
        "PUT /api/customers/:id name",
        "PUT /api/customers/:id email",
        "PUT /api/customers/:id address",
        "PUT /api/products/:id model",
        "PUT /api/products/:id brand",
        "PUT /api/products/:id serialNumber",
        "POST /api/admin/users name",
        "POST /api/admin/users phone",
        "PUT /api/admin/settings companyName",
        "PUT /api/admin/settings companyAddress",
        "PUT /api/admin/settings companyPhone",
        "POST /api/technician/protocols customerName",
        "POST /api/technician/protocols customerEmail",
        "POST /api/technician/protocols installationAddress",
        "POST /api/admin/customers/import customers.[].name",
        "POST /api/admin/customers/import customers.[].products.[].model",
      ]),
    );
  });

  it("are refused through the API with the Swedish 400, and nothing is written or e-mailed", async () => {
    const counts = async () =>
      (
        await queryRows<{ bookings: number; customers: number; outbox: number; products: number; users: number; protocols: number }>(
          database,
          sql`select (select count(*)::int from bookings) as bookings, (select count(*)::int from customers) as customers, (select count(*)::int from email_outbox) as outbox,
                     (select count(*)::int from products) as products, (select count(*)::int from users) as users, (select count(*)::int from installation_protocols) as protocols`,
        )
      )[0];
    const before = await counts();
    const customerInfo = { name: "Anna Berg", email: "anna@exempel.se", phone: "070-123 45 67", address: "Storgatan 1", city: "Uppsala", postalCode: "753 20" };
    const settings = (await app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie: admin } })).json();
    const requests: { what: string; method: "POST" | "PUT"; url: string; cookie?: string; payload: object }[] = [
      ...(["name", "email", "phone", "address", "city", "heatpumpModel"] as const).map((field) => ({
        what: `public booking ${field}`,
        method: "POST" as const,
        url: "/api/bookings",
        payload: bookingPayload({ [field]: field === "email" ? "anna@exempel.se\r\nBcc: alla@exempel.se" : HOSTILE }),
      })),
      ...(["name", "address", "city", "phone"] as const).map((field) => ({
        what: `admin booking ${field}`,
        method: "POST" as const,
        url: "/api/admin/bookings",
        cookie: admin,
        payload: { customerInfo: { ...customerInfo, [field]: HOSTILE }, serviceType: "service", date: "2026-12-07", timeSlot: "08:00-10:00" },
      })),
      { what: "customer name", method: "POST", url: "/api/customers", cookie: admin, payload: { ...customerInfo, name: HOSTILE } },
      { what: "product model", method: "POST", url: "/api/products", cookie: admin, payload: { customerId: 1, type: "luftvärmepump", model: HOSTILE } },
      {
        what: "user name",
        method: "POST",
        url: "/api/admin/users",
        cookie: admin,
        payload: { username: "ny", name: HOSTILE, password: "Lösen1234", role: "technician" },
      },
      { what: "company name", method: "PUT", url: "/api/admin/settings", cookie: admin, payload: { ...settings, companyName: HOSTILE } },
      { what: "company address", method: "PUT", url: "/api/admin/settings", cookie: admin, payload: { ...settings, companyAddress: HOSTILE } },
      {
        what: "protocol customer",
        method: "POST",
        url: "/api/technician/protocols",
        cookie: technician,
        payload: { installationDate: "2026-11-20", customerName: HOSTILE, customerEmail: "anna@exempel.se" },
      },
      {
        what: "import row",
        method: "POST",
        url: "/api/admin/customers/import",
        cookie: admin,
        payload: { customers: [{ ...customerInfo, city: HOSTILE, products: [{ model: "Nibe F2120", installDate: "2024-01-01" }] }] },
      },
    ];
    for (const request of requests) {
      const res = await app.inject({
        method: request.method,
        url: request.url,
        headers: request.cookie ? { ...SAME_ORIGIN, cookie: request.cookie } : {},
        payload: request.payload,
      });
      expect(res.statusCode, `${request.what}: ${res.body}`).toBe(400);
      // The import names the row its problem is in.
      expect(res.json(), request.what).toEqual(request.what === "import row" ? { message: `Rad 1: ${textFieldText.lineBreak}` } : LINE_BREAK);
    }
    expect(await counts()).toEqual(before);
    expect((await app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie: admin } })).json().companyName).toBe(settings.companyName);
  });

  it("are refused in an edit of a customer or a product (issue 23 point 8), which changes and records nothing", async () => {
    const headers = { ...SAME_ORIGIN, cookie: admin };
    const customerInfo = {
      name: "Rad Ändras",
      email: "rad.andras@exempel.se",
      phone: "070-123 45 67",
      address: "Storgatan 1",
      city: "Uppsala",
      postalCode: "753 20",
    };
    const customer = await app.inject({ method: "POST", url: "/api/customers", headers, payload: customerInfo });
    expect(customer.statusCode, customer.body).toBe(201);
    const customerId = customer.json().id as number;
    const productInput = { customerId, type: "luftvärmepump", brand: "Nibe", model: "F2120", serialNumber: "RAD-1" };
    const product = await app.inject({ method: "POST", url: "/api/products", headers, payload: productInput });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json().id as number;
    const edits = [
      ...(["name", "address", "city", "phone"] as const).map((field) => ({
        url: `/api/customers/${customerId}`,
        payload: { ...customerInfo, [field]: HOSTILE },
      })),
      { url: `/api/customers/${customerId}`, payload: { ...customerInfo, email: "rad.andras@exempel.se\r\nBcc: alla@exempel.se" } },
      ...(["brand", "model", "serialNumber"] as const).map((field) => ({ url: `/api/products/${productId}`, payload: { ...productInput, [field]: HOSTILE } })),
    ];
    for (const edit of edits) {
      const res = await app.inject({ method: "PUT", url: edit.url, headers, payload: edit.payload });
      expect([res.statusCode, res.json()], JSON.stringify(edit.payload)).toEqual([400, LINE_BREAK]);
    }
    const changes = await queryRows<{ n: number }>(
      database,
      sql`select ((select count(*) from customer_changes) + (select count(*) from product_changes))::int as n`,
    );
    expect(changes[0].n).toBe(0);
    expect((await app.inject({ method: "GET", url: `/api/customers/${customerId}`, headers })).json().customer).toMatchObject({
      name: "Rad Ändras",
      city: "Uppsala",
    });
    expect((await app.inject({ method: "GET", url: `/api/products/${productId}`, headers })).json()).toMatchObject({
      brand: "Nibe",
      model: "F2120",
      serialNumber: "RAD-1",
    });
  });

  it("still take the same text on one line, and trim line breaks around it", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: bookingPayload({ name: "\r\nKundtjänst Ditt konto\n", address: "Storgatan 1\r\n" }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customer).toMatchObject({ name: "Kundtjänst Ditt konto", address: "Storgatan 1" });
  });
});
