import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { SAME_ORIGIN, createTestDatabase, testConfig } from "../test-support/test-app";

// Issue 22.8: no secret reaches the log. Every route of the app with a parameter in its path that
// is not a numeric id, or a token-like parameter in its query, is requested with a recognisable
// secret there, through the real logger; the logged request must show the URL with "…" in its
// place. A new route with a secret the redaction does not know fails here.

const SECRET = "HemligNyckel0123456789abcdefXYZ_-";
/** Path parameters that are numbers (`/api/admin/bookings/:id`, a report's `:year`): nothing secret to hide. */
const NUMERIC_PARAMS = new Set(["id", "imageId", "absenceId", "year"]);
/** Query parameters that carry a secret. */
const SECRET_QUERY_KEYS = ["token", "code", "state"];

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig({ logLevel: "info" }), { database, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** The URL of a route pattern with SECRET in every non-numeric path parameter and secret query key. */
function urlWithSecrets(pattern: string, querystring: unknown): { url: string; secret: boolean } {
  let secret = false;
  const path = pattern.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    if (NUMERIC_PARAMS.has(name)) return "1";
    secret = true;
    return SECRET;
  });
  const keys = querystring instanceof z.ZodObject ? Object.keys(querystring.shape).filter((key) => SECRET_QUERY_KEYS.includes(key)) : [];
  if (keys.length > 0) secret = true;
  return { url: keys.length > 0 ? `${path}?${keys.map((key) => `${key}=${SECRET}`).join("&")}` : path, secret };
}

/** The request lines logged while `work` ran. */
async function logged(work: () => Promise<unknown>): Promise<{ raw: string; urls: string[] }> {
  const from = lines.length;
  await work();
  const raw = lines.slice(from).join("");
  const urls = lines
    .slice(from)
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
  return { raw, urls };
}

describe("secrets in URLs are never logged", () => {
  it("redacts every API route's secret path and query parameters", async () => {
    const walked: string[] = [];
    for (const route of app.routeTable) {
      if (route.method === "HEAD") continue;
      const { url, secret } = urlWithSecrets(route.url, route.schema?.querystring);
      if (!secret) continue;
      walked.push(`${route.method} ${route.url}`);
      const { raw, urls } = await logged(() =>
        app.inject({
          method: route.method as "GET",
          url,
          headers: route.method === "GET" ? {} : SAME_ORIGIN,
          ...(route.method === "GET" ? {} : { payload: {} }),
        }),
      );
      expect(raw, `${route.method} ${route.url}`).not.toContain(SECRET);
      expect(urls, `${route.method} ${route.url}`).toContain(url.replaceAll(SECRET, "…"));
    }
    // The walk reached the routes the audit named, and the others with a customer's secret.
    expect(walked).toEqual(
      expect.arrayContaining([
        "GET /api/service-reminders/offer/:token",
        "GET /api/service-reminders/unsubscribe/:token",
        "POST /api/service-reminders/unsubscribe/:token",
        "GET /api/booking-links/:token",
        "POST /api/booking-links/:token/reschedule",
        "GET /api/booking-links/:token/refrigerant-report/:year.pdf",
        "GET /api/calendar/:token.ics",
        "GET /api/protocols/:publicId",
        "GET /api/booking/images/:id/file",
        "DELETE /api/booking/images/:imageId",
      ]),
    );
  });

  it.each([
    ["the booking page from a service reminder", `/booking?service=service&erbjudande=${SECRET}`, "/booking?service=service&erbjudande=…"],
    ["the customer's booking page", `/booking/shared/${SECRET}`, "/booking/shared/…"],
    ["the protocol signing page", `/protocol/${SECRET}`, "/protocol/…"],
  ])("redacts %s", async (_page, url, expected) => {
    const { raw, urls } = await logged(() => app.inject({ method: "GET", url }));
    expect(raw).not.toContain(SECRET);
    expect(urls).toContain(expected);
  });
});
