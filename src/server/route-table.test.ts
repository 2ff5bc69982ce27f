import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodObject, ZodType } from "zod";
import { integrationsText } from "@/common/schemas/integrations";
import type { RegisteredRoute } from "./app";
import { accessFor } from "./plugins/auth-guards";
import { pngDataUrl } from "./test-support/booking-fixtures";
import { SAME_ORIGIN, createTestApp, createUser, loginAs, type TestApp } from "./test-support/test-app";

// The route-table guardrail (issue 7). It walks every route the app registers, so a new route is
// covered by being registered. Anonymous callers get 401 everywhere except the reviewed public
// routes below; technicians get 403 on admin routes; and a battery of hostile requests never gets
// a 5xx or an English message. Adding a public route means adding it here, on purpose, with the
// reason in docs/decisions/0003-public-routes.md.

/** Reviewed list of API routes anyone may call. */
const REVIEWED_PUBLIC_ROUTES = [
  "GET /api/public/config", // demo credentials in demo mode only
  "POST /api/auth/login", // the login form
  "POST /api/admin/login", // the admin portal's login form
  "GET /api/auth/user", // answers 401 to anonymous callers itself: the client reads "not logged in" from it
  "POST /api/auth/logout", // ends the caller's own session, if any
  "GET /api/availability", // the booking wizard
  "GET /api/availability/day",
  "GET /api/availability/range",
  "POST /api/bookings", // customers book without an account
  // The customer's own booking page and its self-service, behind the unguessable link token.
  "GET /api/booking-links/:token",
  "POST /api/booking-links/:token/cancel",
  "POST /api/booking-links/:token/confirm",
  "POST /api/booking-links/:token/reschedule",
  "GET /api/booking-links/:token/calendar.ics",
  "GET /api/booking-links/:token/refrigerant-report/:year.pdf", // the customer's yearly refrigerant report (issue 26)
  // Booking images: staff by their session, customers by their link token, checked per image.
  "POST /api/booking/images",
  "DELETE /api/booking/images/:imageId",
  "GET /api/booking/images/:id/file",
  "POST /api/chatbot/troubleshoot", // ServiceBot, for every visitor (rate-limited per address)
  // The customer's installation protocol behind its unguessable 128-bit id (rules D10).
  "GET /api/protocols/:publicId",
  "POST /api/protocols/:publicId/customer-sign",
  "GET /api/protocols/:publicId/pdf",
  // The customer's copy of a sent invoice and its PDF, behind its unguessable 192-bit token (issue 25).
  "GET /api/invoices/:token",
  "GET /api/invoices/:token/pdf",
  // The customer's service agreement: read and accept it (once), behind its unguessable 192-bit token (issue 26).
  "GET /api/agreements/:token",
  "POST /api/agreements/:token/accept",
  // Staff calendar feeds behind their unguessable 256-bit token (rules D12): calendar apps send no cookies.
  "GET /api/calendar/:token.ics",
  // A service reminder's links, behind its unguessable 256-bit token (issue 12): the prefilled
  // booking form, and the one-click unsubscribe page and its POST (RFC 8058: mail apps send no cookies).
  "GET /api/service-reminders/offer/:token",
  "GET /api/service-reminders/unsubscribe/:token",
  "POST /api/service-reminders/unsubscribe/:token",
  // Load balancers' and orchestrators' probes (issue 24): no session, nothing secret in the answer.
  "GET /api/health/live",
  "GET /api/health/ready",
  "GET /api/metrics", // behind METRICS_TOKEN (a bearer token, not a session); 404 when it is not set
].sort();

let t: TestApp;
let adminCookie: string;
let technicianCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database, { username: "admin", password: "Admin1234", role: "admin" });
  await createUser(t.database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
  adminCookie = await loginAs(t.app, "admin", "Admin1234", "admin");
  technicianCookie = await loginAs(t.app, "tekniker", "Tekniker1234");
});
afterAll(() => t.close());

const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith("/api") && r.method !== "HEAD");

/** A URL for the route with every path parameter filled in. */
const urlFor = (route: RegisteredRoute, param = "1") => route.url.replace(/:[A-Za-z]+/g, param);

/** Words that give away an English (library) message or an echoed URL. */
const ENGLISH = /\b(invalid|expected|required|received|route|not found|error|must|unexpected|body|undefined)\b/i;

/** Routes that answer people, not the client: their refusals are Swedish pages, not JSON. */
const HTML_PAGE_ROUTES = ["/api/service-reminders/unsubscribe/"];

/** Google Calendar without its OAuth client answers 503 with the spec's text (rules D12): the server's state, not the input. */
const NOT_CONFIGURED = { paths: ["/api/admin/google/"], message: integrationsText.googleNotConfigured };

function expectSwedishClientError(res: { statusCode: number; body: string; headers?: Record<string, unknown> }, what: string) {
  if (res.statusCode === 503 && NOT_CONFIGURED.paths.some((path) => what.includes(path))) {
    expect(JSON.parse(res.body), what).toEqual({ message: NOT_CONFIGURED.message });
    return;
  }
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode < 400) return;
  if (HTML_PAGE_ROUTES.some((path) => what.includes(path)) && String(res.headers?.["content-type"]).startsWith("text/html")) {
    expect(res.body, what).toContain('<html lang="sv">');
    expect(res.body, what).toContain("Länken fungerar inte");
    return;
  }
  const body = JSON.parse(res.body) as { message?: unknown };
  expect(typeof body.message, what).toBe("string");
  expect(body.message, what).not.toMatch(ENGLISH);
  expect(body.message as string, what).not.toMatch(/\/api\//);
}

describe("route table", () => {
  it("registers routes, and the public ones are exactly the reviewed list", () => {
    expect(apiRoutes().length).toBeGreaterThanOrEqual(REVIEWED_PUBLIC_ROUTES.length);
    const publicRoutes = apiRoutes()
      .filter((r) => accessFor(r.method, r.url) === "public")
      .map(key)
      .sort();
    expect(publicRoutes).toEqual(REVIEWED_PUBLIC_ROUTES);
  });

  it("declares a response schema on every API route, so client and server contracts cannot drift", () => {
    const missing = apiRoutes()
      .filter((r) => !r.schema?.response)
      .map(key);
    expect(missing).toEqual([]);
  });

  it("answers 401 to anonymous callers on every route that is not public, before reading the body", async () => {
    for (const route of apiRoutes().filter((r) => !REVIEWED_PUBLIC_ROUTES.includes(key(r)))) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: urlFor(route),
        headers: { ...SAME_ORIGIN, ...jsonType(route) },
        payload: "{ inte json",
      });
      expect(res.statusCode, key(route)).toBe(401);
      expect(res.json().message, key(route)).toBe("Du måste logga in.");
    }
  });

  it("answers 403 to technicians on every admin route", async () => {
    const adminOnly = apiRoutes().filter((r) => accessFor(r.method, r.url) === "admin");
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const route of adminOnly) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: urlFor(route),
        headers: { ...SAME_ORIGIN, ...jsonType(route), cookie: technicianCookie },
        payload: "{}",
      });
      expect(res.statusCode, key(route)).toBe(403);
    }
  });

  it("answers 401, not 404, for unknown paths under the staff prefixes, however the path is written", async () => {
    for (const url of [
      "/api/admin/finns-inte",
      "/api/admin",
      "/api/technician/x/y",
      "/api/%61dmin/me",
      "/API/ADMIN/me",
      "/api//admin/me",
      "/api/admin/me?x=1",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(401);
    }
    const admin = await t.app.inject({ method: "GET", url: "/api/admin/finns-inte", headers: { cookie: adminCookie } });
    expect(admin.statusCode).toBe(404);
    expect(admin.json()).toEqual({ message: "Resursen hittades inte." });
  });
});

// --- Hostile requests ---------------------------------------------------------------------------

const nested = (depth: number): unknown => (depth === 0 ? "botten" : { a: nested(depth - 1) });

const HOSTILE_BODIES: [string, string, string][] = [
  ["null", "null", "application/json"],
  ["array", "[]", "application/json"],
  ["string", '"x"', "application/json"],
  ["number", "1", "application/json"],
  ["empty object", "{}", "application/json"],
  ["malformed JSON", '{ "a": ', "application/json"],
  ["20 levels deep", JSON.stringify(nested(20)), "application/json"],
  ["1 MB string", JSON.stringify({ name: "x".repeat(1024 * 1024), username: "x".repeat(1024 * 1024) }), "application/json"],
  ["text/plain", "hej", "text/plain"],
  ["multipart", '--gräns\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--gräns--\r\n', "multipart/form-data; boundary=gräns"],
  ["NUL in every field", JSON.stringify({ name: "a\u0000", username: "a\u0000", password: "a\u0000", description: "a\u0000" }), "application/json"],
];

const HOSTILE_PARAMS = ["0", "-1", "99999999999", "abc", "../../etc/passwd", "%00", "%", "x".repeat(5000)];
const WRONG_TYPES: unknown[] = [12345, true, {}, [], null, "x".repeat(3000), -1];

const jsonType = (route: RegisteredRoute): Record<string, string> =>
  ["POST", "PUT", "PATCH", "DELETE"].includes(route.method) ? { "content-type": "application/json" } : {};

function bodyFields(route: RegisteredRoute): string[] {
  const body = route.schema?.body as ZodType | undefined;
  const shape = (body as ZodObject | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Ends the caller's session: the admin's battery leaves it out, so every later route meets a logged-in admin. */
const LOGOUT = "POST /api/auth/logout";

describe.each([
  ["an anonymous caller", () => ({})],
  ["an admin", () => ({ cookie: adminCookie })],
])("hostile requests from %s", (_who, auth) => {
  it("never get a 5xx or an English message, on any route", async () => {
    const loggedIn = "cookie" in auth();
    for (const route of apiRoutes().filter((r) => !(loggedIn && key(r) === LOGOUT))) {
      const method = route.method as "GET";
      const headers = { ...SAME_ORIGIN, ...auth() };
      const hasBody = ["POST", "PUT", "PATCH", "DELETE"].includes(route.method);
      if (hasBody) {
        for (const [name, payload, type] of HOSTILE_BODIES) {
          const res = await t.app.inject({ method, url: urlFor(route), headers: { ...headers, "content-type": type }, payload });
          expectSwedishClientError(res, `${key(route)} with ${name}`);
        }
        for (const field of bodyFields(route)) {
          for (const value of WRONG_TYPES) {
            const res = await t.app.inject({ method, url: urlFor(route), headers, payload: { [field]: value } as object });
            expectSwedishClientError(res, `${key(route)} with ${field}=${JSON.stringify(value)?.slice(0, 20)}`);
          }
        }
      }
      if (route.url.includes(":")) {
        for (const param of HOSTILE_PARAMS) {
          const res = await t.app.inject({ method, url: urlFor(route, param), headers, ...(hasBody ? { payload: {} } : {}) });
          expectSwedishClientError(res, `${key(route)} with param ${param.slice(0, 20)}`);
        }
      }
      for (const query of ["?date=9999-12-31&from=9999-12-01&to=9999-12-31&serviceType=service", "?date=%00", "?from=2026-01-01&to=1999-01-01", "?x[y][z]=1"]) {
        const res = await t.app.inject({ method, url: urlFor(route) + query, headers, ...(hasBody ? { payload: {} } : {}) });
        expectSwedishClientError(res, `${key(route)} with query ${query}`);
      }
    }
    const after = await t.app.inject({ method: "GET", url: "/api/public/config" });
    expect(after.statusCode).toBe(200);
    // The battery ran as the caller it claims to: an admin's session outlived every request.
    if (loggedIn) expect((await t.app.inject({ method: "GET", url: "/api/admin/me", headers: auth() })).statusCode).toBe(200);
  });
});

// --- Ids (issue 22, point 4) ----------------------------------------------------------------------
// Every id column is PostgreSQL's `integer`: an id past 2 147 483 647 that reached a query was a 500
// ("out of range"). The shared id schemas (src/common/schemas/common.ts) refuse it with a 400. The
// walk below finds every id field the route table declares (path parameters, query strings, bodies),
// so a new route's ids are attacked by being registered.

/** Values no id may take, as a client writes them in a URL or a form field, and in JSON. */
const HOSTILE_ID_TEXTS = ["0", "-1", "2147483648", "1e20", "1.5", "12abc", "0x10", ""];
const HOSTILE_ID_NUMBERS: unknown[] = [0, -1, 2147483648, 1e20, 1.5, "12abc", "12"];

/** Fields named like an id that are not numbers: the protocol's public id is a random string (rules D10). */
const STRING_IDS = ["publicId"];
const ID_NAME = /^(id|[a-z][A-Za-z]*Ids?)$/;

type Def = { type: string; innerType?: ZodType; in?: ZodType; out?: ZodType; shape?: Record<string, ZodType>; element?: ZodType };
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default and the like; a pipe by what it gives. */
function unwrap(schema: ZodType): ZodType {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === "pipe" && def.out && defOf(def.out).type !== "transform") return unwrap(def.out);
  return schema;
}

type IdField = { path: string[]; inArray: boolean; schema: ZodType };

/** The id fields of an object schema (nested objects included), with the schema each value meets. */
function idFieldsOf(schema: ZodType | undefined, path: string[] = []): IdField[] {
  if (!schema) return [];
  const def = defOf(unwrap(schema));
  if (def.type !== "object" || !def.shape) return [];
  return Object.entries(def.shape).flatMap(([name, field]): IdField[] => {
    const inner = unwrap(field);
    const innerDef = defOf(inner);
    if (innerDef.type === "object") return idFieldsOf(inner, [...path, name]);
    if (!ID_NAME.test(name)) return [];
    if (innerDef.type === "array" && innerDef.element) return [{ path: [...path, name], inArray: true, schema: innerDef.element }];
    return [{ path: [...path, name], inArray: false, schema: field }];
  });
}

const numericIds = (fields: IdField[]) => fields.filter((f) => defOf(unwrap(f.schema)).type === "number");

/** The message the field's own schema gives for a value: what the API must answer with. */
function messageFor(field: IdField, value: unknown): string {
  const result = field.schema.safeParse(value);
  if (result.success) throw new Error(`${field.path.join(".")} accepts ${JSON.stringify(value)}`);
  return result.error.issues[0].message;
}

function withValue(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  return { ...base, [head]: rest.length === 0 ? value : withValue((base[head] ?? {}) as Record<string, unknown>, rest, value) };
}

const protocolSample = { installationDate: "2026-12-07", customerName: "Lars Andersson", customerEmail: "lars.andersson@exempel.se", bookingId: 1 };
const customerInfo = {
  name: "Lars Andersson",
  email: "lars.andersson@exempel.se",
  phone: "070-123 45 67",
  address: "Storgatan 12",
  city: "Uppsala",
  postalCode: "753 20",
};

/**
 * A request each route accepts but for its ids, so a hostile id is the only fault and the answer is
 * the id's own message. A route with an id in its query or body needs one here (the test says so).
 */
const ID_SAMPLES: Record<string, { query?: string; body?: Record<string, unknown>; multipart?: true }> = {
  "GET /api/bookings": { query: "from=2026-12-07&to=2026-12-13" },
  "POST /api/products": { body: { customerId: 1, type: "luftvärmepump", model: "Nibe F2120" } },
  "PUT /api/products/:id": { body: { customerId: 1, type: "luftvärmepump", model: "Nibe F2120" } },
  "POST /api/admin/bookings": { body: { customerId: 1, customerInfo, serviceType: "service", date: "2026-12-07", timeSlot: "08:00-10:00" } },
  "PUT /api/admin/bookings/:id/technician": { body: { technicianId: 1 } },
  "POST /api/admin/service-reminders/create": { body: { productIds: [1] } },
  "POST /api/technician/service-history": { body: { bookingId: 1, productId: 1, actions: "Rengjorde filtret." } },
  "POST /api/technician/protocols": { body: protocolSample },
  "PATCH /api/technician/protocols/:id": { body: protocolSample },
  "POST /api/booking/images": { multipart: true },
  "POST /api/admin/invoices": {
    body: { customerId: 1, bookingId: 1, lines: [{ description: "Service", quantity: 1, unit: "st", unitPriceOre: 100, vatRate: 25 }] },
  },
  "PUT /api/admin/invoices/:id": {
    body: { customerId: 1, bookingId: 1, lines: [{ description: "Service", quantity: 1, unit: "st", unitPriceOre: 100, vatRate: 25 }] },
  },
  "POST /api/admin/rot/claims": { body: { invoiceIds: [1] } },
  "GET /api/admin/agreements": {},
  "POST /api/admin/agreements": {
    body: { customerId: 1, productId: 1, startDate: "2027-01-01", yearlyPriceOre: 240_000, visitsPerYear: 1, visitMonth: 4, repairDiscountPercent: 10 },
  },
};

/** A browser's multipart upload: a small PNG and the text fields. */
async function multipartWith(fields: Record<string, string>) {
  const boundary = "----vpsRouteTable";
  const png = Buffer.from((await pngDataUrl()).split(",")[1], "base64");
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const file = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="bild.png"\r\nContent-Type: image/png\r\n\r\n`);
  return {
    payload: Buffer.concat([...parts, file, png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

type IdProbe = { what: string; field: IdField; value: unknown; send: () => Promise<{ statusCode: number; body: string }> };
type IdValue = { text: string } | { json: unknown };

/**
 * Every request that puts one value into one id of one route, the rest of the request valid: a
 * text value into path parameters, query strings and multipart fields, a JSON value into JSON bodies.
 */
function idProbes(route: RegisteredRoute, value: IdValue, cookie: string): IdProbe[] {
  const method = route.method as "GET";
  const headers = { ...SAME_ORIGIN, cookie };
  const sample = ID_SAMPLES[key(route)] ?? {};
  const body = ["POST", "PUT", "PATCH", "DELETE"].includes(route.method) ? { payload: sample.body ?? {} } : {};
  const probes: IdProbe[] = [];
  const probe = (what: string, field: IdField, probed: unknown, send: IdProbe["send"]) =>
    probes.push({ what: `${key(route)} with ${what}`, field, value: probed, send });
  if ("text" in value) {
    const { text } = value;
    for (const field of idFieldsOf(route.schema?.params as ZodType | undefined)) {
      const url = route.url.replace(`:${field.path[0]}`, encodeURIComponent(text)).replace(/:[A-Za-z]+/g, "1");
      probe(`${field.path[0]}=${text}`, field, text, () => t.app.inject({ method, url, headers, ...body }));
    }
    for (const field of idFieldsOf(route.schema?.querystring as ZodType | undefined)) {
      const url = `${urlFor(route)}?${sample.query ? `${sample.query}&` : ""}${field.path[0]}=${encodeURIComponent(text)}`;
      probe(`?${field.path[0]}=${text}`, field, text, () => t.app.inject({ method, url, headers, ...body }));
    }
    if (sample.multipart) {
      for (const field of idFieldsOf(route.schema?.body as ZodType | undefined)) {
        probe(`${field.path[0]}=${text} (multipart)`, field, text, async () => {
          const form = await multipartWith({ [field.path[0]]: text });
          return t.app.inject({ method, url: urlFor(route), headers: { ...headers, ...form.headers }, payload: form.payload });
        });
      }
    }
  } else if (!sample.multipart) {
    for (const field of idFieldsOf(route.schema?.body as ZodType | undefined)) {
      const payload = withValue(sample.body ?? {}, field.path, field.inArray ? [value.json] : value.json);
      probe(`${field.path.join(".")}=${JSON.stringify(value.json)}`, field, value.json, () => t.app.inject({ method, url: urlFor(route), headers, payload }));
    }
  }
  return probes.filter((p) => numericIds([p.field]).length > 0);
}

describe("ids", () => {
  it("finds the ids of the route table, and every id field named like one is a number", () => {
    const fields = apiRoutes().flatMap((route) =>
      (["params", "querystring", "body"] as const).flatMap((part) =>
        idFieldsOf(route.schema?.[part] as ZodType | undefined).map((f) => ({ route: key(route), part, field: f })),
      ),
    );
    const notNumbers = fields.filter(({ field }) => defOf(unwrap(field.schema)).type !== "number" && !STRING_IDS.includes(field.path.at(-1)!));
    expect(notNumbers.map(({ route, field }) => `${route} ${field.path.join(".")}`)).toEqual([]);
    // The ones the audit named are among them.
    const names = new Set(fields.map(({ route, part, field }) => `${route} ${part} ${field.path.join(".")}`));
    for (const expected of [
      "GET /api/bookings querystring technicianId",
      "POST /api/products body customerId",
      "PUT /api/products/:id body customerId",
      "PUT /api/products/:id params id",
      "POST /api/admin/bookings body customerId",
      "PUT /api/admin/bookings/:id/technician body technicianId",
      "PUT /api/admin/bookings/:id/technician params id",
      "POST /api/admin/service-reminders/create body productIds",
      "POST /api/technician/service-history body bookingId",
    ]) {
      expect(names, expected).toContain(expected);
    }
  });

  it("has a valid sample request for every route with an id in its query or body", () => {
    const needing = apiRoutes().filter(
      (route) => numericIds([...idFieldsOf(route.schema?.querystring as ZodType), ...idFieldsOf(route.schema?.body as ZodType)]).length > 0,
    );
    expect(needing.map(key).sort()).toEqual(Object.keys(ID_SAMPLES).sort());
  });

  it("refuses an id that is not a whole number from 1 to 2 147 483 647 with the id's Swedish 400, on every route", async () => {
    let sent = 0;
    for (const route of apiRoutes()) {
      const values: IdValue[] = [...HOSTILE_ID_TEXTS.map((text) => ({ text })), ...HOSTILE_ID_NUMBERS.map((json) => ({ json }))];
      for (const probe of values.flatMap((value) => idProbes(route, value, adminCookie))) {
        const res = await probe.send();
        expect(res.statusCode, probe.what).toBe(400);
        expect(JSON.parse(res.body), probe.what).toEqual({ message: messageFor(probe.field, probe.value) });
        expectSwedishClientError(res, probe.what);
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(100);
  });

  it("lets the largest id through to the database, which answers without a 5xx", async () => {
    for (const route of apiRoutes()) {
      for (const probe of [...idProbes(route, { text: "2147483647" }, adminCookie), ...idProbes(route, { json: 2147483647 }, adminCookie)]) {
        const res = await probe.send();
        expect(res.statusCode, probe.what).toBeLessThan(500);
        // Not refused as an id: validation let it through to the route.
        if (res.statusCode === 400) expect(JSON.parse(res.body).message, probe.what).not.toBe(messageFor(probe.field, "x"));
      }
    }
  });
});
