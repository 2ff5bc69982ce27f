import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodObject, ZodType } from "zod";
import type { RegisteredRoute } from "./app";
import { accessFor } from "./plugins/auth-guards";
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
  "POST /api/booking-links/:token/reschedule",
  "GET /api/booking-links/:token/calendar.ics",
  // Booking images: staff by their session, customers by their link token, checked per image.
  "POST /api/booking/images",
  "DELETE /api/booking/images/:imageId",
  "GET /api/booking/images/:id/file",
  "POST /api/chatbot/troubleshoot", // ServiceBot, for every visitor (rate-limited per address)
  // The customer's installation protocol behind its unguessable 128-bit id (DECISIONS 10).
  "GET /api/protocols/:publicId",
  "POST /api/protocols/:publicId/customer-sign",
  "GET /api/protocols/:publicId/pdf",
  // Staff calendar feeds behind their unguessable 256-bit token (DECISIONS 12): calendar apps send no cookies.
  "GET /api/calendar/:token.ics",
  // A service reminder's links, behind its unguessable 256-bit token (issue 12): the prefilled
  // booking form, and the one-click unsubscribe page and its POST (RFC 8058: mail apps send no cookies).
  "GET /api/service-reminders/offer/:token",
  "GET /api/service-reminders/unsubscribe/:token",
  "POST /api/service-reminders/unsubscribe/:token",
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

function expectSwedishClientError(res: { statusCode: number; body: string; headers?: Record<string, unknown> }, what: string) {
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
    const publicRoutes = apiRoutes().filter((r) => accessFor(r.method, r.url) === "public").map(key).sort();
    expect(publicRoutes).toEqual(REVIEWED_PUBLIC_ROUTES);
  });

  it("declares a response schema on every API route, so client and server contracts cannot drift", () => {
    const missing = apiRoutes().filter((r) => !r.schema?.response).map(key);
    expect(missing).toEqual([]);
  });

  it("answers 401 to anonymous callers on every route that is not public, before reading the body", async () => {
    for (const route of apiRoutes().filter((r) => !REVIEWED_PUBLIC_ROUTES.includes(key(r)))) {
      const res = await t.app.inject({ method: route.method as "GET", url: urlFor(route), headers: { ...SAME_ORIGIN, ...jsonType(route) }, payload: "{ inte json" });
      expect(res.statusCode, key(route)).toBe(401);
      expect(res.json().message, key(route)).toBe("Du måste logga in.");
    }
  });

  it("answers 403 to technicians on every admin route", async () => {
    const adminOnly = apiRoutes().filter((r) => accessFor(r.method, r.url) === "admin");
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const route of adminOnly) {
      const res = await t.app.inject({ method: route.method as "GET", url: urlFor(route), headers: { ...SAME_ORIGIN, ...jsonType(route), cookie: technicianCookie }, payload: "{}" });
      expect(res.statusCode, key(route)).toBe(403);
    }
  });

  it("answers 401, not 404, for unknown paths under the staff prefixes, however the path is written", async () => {
    for (const url of ["/api/admin/finns-inte", "/api/admin", "/api/technician/x/y", "/api/%61dmin/me", "/API/ADMIN/me", "/api//admin/me", "/api/admin/me?x=1"]) {
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
  ["multipart", "--gräns\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--gräns--\r\n", "multipart/form-data; boundary=gräns"],
  ["NUL in every field", JSON.stringify({ name: "a\u0000", username: "a\u0000", password: "a\u0000", description: "a\u0000" }), "application/json"],
];

const HOSTILE_PARAMS = ["0", "-1", "99999999999", "abc", "../../etc/passwd", "%00", "%", "x".repeat(5000)];
const WRONG_TYPES: unknown[] = [12345, true, {}, [], null, "x".repeat(3000), -1];

const jsonType = (route: RegisteredRoute): Record<string, string> => (["POST", "PUT", "PATCH", "DELETE"].includes(route.method) ? { "content-type": "application/json" } : {});

function bodyFields(route: RegisteredRoute): string[] {
  const body = route.schema?.body as ZodType | undefined;
  const shape = (body as ZodObject | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

describe.each([
  ["an anonymous caller", () => ({})],
  ["an admin", () => ({ cookie: adminCookie })],
])("hostile requests from %s", (_who, auth) => {
  it("never get a 5xx or an English message, on any route", async () => {
    for (const route of apiRoutes()) {
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
  });
});
