import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { DEFAULT_DATABASE_POOL_SIZE } from "../../config";
import type { Database } from "../../db/client";
import { enqueueEmail } from "../../jobs/outbox";
import { bookingPayload, NOW } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, testConfig } from "../../test-support/test-app";

// Issue 24: GET /api/metrics in Prometheus's text format, behind METRICS_TOKEN.

const TOKEN = "d3c0b1a0f9e8d7c6b5a4f3e2d1c0b9a8";
const AUTH = { authorization: `Bearer ${TOKEN}` };

let database: Database;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig({ metricsToken: TOKEN }), { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

// The text exposition format (https://prometheus.io/docs/instrumenting/exposition_formats/): comment
// lines, and samples `name{label="value",…} number`; Prometheus reads NaN and Inf in any case
// (prom-client writes a NaN as "Nan").
const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL_VALUE = '"(?:[^"\\\\\\n]|\\\\["\\\\n])*"';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:[a-zA-Z_][a-zA-Z0-9_]*=${LABEL_VALUE},?)*)\\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-][Ii]nf)$`);
const COMMENT = new RegExp(`^# (?:HELP ${NAME} .*|TYPE ${NAME} (?:counter|gauge|histogram|summary|untyped))$`);

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Every sample of a scrape; fails on any line that is not the text format. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n").filter(Boolean)) {
    if (line.startsWith("#")) {
      expect(line, "comment line").toMatch(COMMENT);
      continue;
    }
    const match = SAMPLE.exec(line);
    expect(match, `sample line: ${line}`).not.toBeNull();
    const labels = Object.fromEntries([...(match![2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    samples.push({ name: match![1], labels, value: Number(match![3]) });
  }
  return samples;
}

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await get("/api/metrics", AUTH);
  expect(res.statusCode, res.body).toBe(200);
  return { text: res.body, samples: parse(res.body) };
}

/** The value of the one sample of `name` with (at least) these labels; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

describe("access", () => {
  it("answers 404 without METRICS_TOKEN configured, exactly as a path that does not exist", async () => {
    const other = await buildApp(testConfig(), { database });
    try {
      const metrics = await other.inject({ method: "GET", url: "/api/metrics", headers: AUTH });
      const missing = await other.inject({ method: "GET", url: "/api/finns-inte", headers: AUTH });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.json()).toEqual({ message: "Resursen hittades inte." });
      expect(metrics.body).toBe(missing.body);
      expect(metrics.headers["www-authenticate"]).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it("answers 401 with a bearer challenge to a missing, wrong or mangled token, and 200 to the right one", async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: "" },
      { authorization: "Bearer" },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` }, // one character off
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` }, // one character short
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN} ${TOKEN}` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}` },
      { authorization: TOKEN },
      { cookie: admin }, // an admin's session is not the token
    ];
    for (const headers of wrong) {
      const res = await get("/api/metrics", headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ message: "Fel eller saknad token för mätvärdena." });
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain(TOKEN);
    }
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `Bearer  ${TOKEN} `]) {
      const res = await get("/api/metrics", { authorization });
      expect(res.statusCode, authorization).toBe(200);
      expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("is not rate-limited: a scraper polling fast is answered every time", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => get("/api/metrics", AUTH)));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
  });
});

describe("the figures", () => {
  it("are the text format, with the process's memory and event-loop delay", async () => {
    const { samples } = await scrape();
    for (const name of ["process_resident_memory_bytes", "nodejs_heap_size_used_bytes", "nodejs_eventloop_lag_p99_seconds", "nodejs_eventloop_lag_seconds"]) {
      expect(valueOf(samples, name), name).toBeGreaterThanOrEqual(0);
    }
  });

  it("count bookings created by source, once per booking", async () => {
    const before = (await scrape()).samples;
    const publicBefore = valueOf(before, "bookings_created_total", { source: "public" })!;
    const staffBefore = valueOf(before, "bookings_created_total", { source: "staff" })!;

    const booked = await app.inject({ method: "POST", url: "/api/bookings", headers: SAME_ORIGIN, payload: bookingPayload({ timeSlot: "08:00-10:00" }) });
    expect(booked.statusCode, booked.body).toBe(201);
    // Refused (the time is taken): not counted.
    const taken = await app.inject({
      method: "POST",
      url: "/api/bookings",
      headers: SAME_ORIGIN,
      payload: bookingPayload({ timeSlot: "08:00-10:00", email: "annan@exempel.se" }),
    });
    expect(taken.statusCode).toBe(409);
    const byStaff = await app.inject({
      method: "POST",
      url: "/api/admin/bookings",
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: {
        customerInfo: {
          name: "Gunnar Telefon",
          email: "gunnar@exempel.se",
          phone: "070-222 33 44",
          address: "Telefonvägen 8",
          city: "Enköping",
          postalCode: "745 31",
        },
        serviceType: "service",
        date: "2026-11-23",
        timeSlot: "16:00-18:00",
        description: "Ringde in.",
      },
    });
    expect(byStaff.statusCode, byStaff.body).toBe(201);

    const after = (await scrape()).samples;
    expect(valueOf(after, "bookings_created_total", { source: "public" })).toBe(publicBefore + 1);
    expect(valueOf(after, "bookings_created_total", { source: "staff" })).toBe(staffBefore + 1);
  });

  it("show the outbox's queued and failed messages and how long the oldest queued one has waited", async () => {
    const before = (await scrape()).samples;
    const queuedBefore = valueOf(before, "outbox_messages", { status: "queued" })!;
    const failedBefore = valueOf(before, "outbox_messages", { status: "failed" })!;

    const queued = await enqueueEmail(database.db, { to: "kund@exempel.se", subject: "Väntar", text: "x" }, { customerId: null });
    const failed = await enqueueEmail(database.db, { to: "kund@exempel.se", subject: "Misslyckat", text: "x" }, { customerId: null });
    await database.db.execute(sql`update email_outbox set created_at = now() - interval '2 hours' where id = ${queued}`);
    await database.db.execute(sql`update email_outbox set status = 'failed', attempts = 20, last_error = 'Anslutningen nekades' where id = ${failed}`);

    const after = (await scrape()).samples;
    expect(valueOf(after, "outbox_messages", { status: "queued" })).toBe(queuedBefore + 1);
    expect(valueOf(after, "outbox_messages", { status: "failed" })).toBe(failedBefore + 1);
    expect(valueOf(after, "outbox_oldest_message_age_seconds", { status: "queued" })).toBeGreaterThanOrEqual(7200);
  });

  it("label requests by the route's pattern, never the URL with its token; unknown paths share one label", async () => {
    const booked = await app.inject({
      method: "POST",
      url: "/api/bookings",
      headers: SAME_ORIGIN,
      payload: bookingPayload({ timeSlot: "10:00-12:00", email: "lank@exempel.se" }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const token = (booked.json() as { manageUrl: string }).manageUrl.split("/").pop()!;
    expect(token.length).toBeGreaterThan(20);
    expect((await get(`/api/booking-links/${token}`)).statusCode).toBe(200);
    expect((await get("/api/booking-links/hemlig-token-som-inte-finns")).statusCode).toBe(404);
    expect((await get("/api/finns-inte/hemlig-sokvag-4711")).statusCode).toBe(404);

    const { text, samples } = await scrape();
    expect(text).not.toContain(token);
    expect(text).not.toContain("hemlig");
    const link = { method: "GET", route: "/api/booking-links/:token" };
    expect(valueOf(samples, "http_requests_total", { ...link, status_code: "200" })).toBe(1);
    expect(valueOf(samples, "http_requests_total", { ...link, status_code: "404" })).toBe(1);
    expect(valueOf(samples, "http_request_duration_seconds_count", { ...link, status_code: "200" })).toBe(1);
    expect(valueOf(samples, "http_request_duration_seconds_bucket", { ...link, status_code: "200", le: "+Inf" })).toBe(1);
    expect(valueOf(samples, "http_requests_total", { method: "GET", route: "unmatched", status_code: "404" })).toBeGreaterThanOrEqual(1);
    const routes = new Set(samples.filter((s) => s.name === "http_requests_total").map((s) => s.labels.route));
    for (const route of routes) expect(route === "unmatched" || app.routeTable.some((r) => r.url === route), route).toBe(true);
  });

  it("show the PostgreSQL pool in use and waiting; the embedded database has no pool and shows none", async () => {
    const { samples } = await scrape();
    const names = ["db_pool_connections_in_use", "db_pool_connections_idle", "db_pool_waiting_requests", "db_pool_connections_max"];
    if (database.kind === "pglite") {
      for (const name of names) expect(valueOf(samples, name), name).toBeUndefined();
      return;
    }
    expect(valueOf(samples, "db_pool_connections_max")).toBe(DEFAULT_DATABASE_POOL_SIZE);
    expect(valueOf(samples, "db_pool_waiting_requests")).toBe(0);
    expect(valueOf(samples, "db_pool_connections_in_use")).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, "db_pool_connections_idle")).toBeGreaterThanOrEqual(1);
  });
});

describe("jobs, and a scrape while the database is down", () => {
  it("count each job's runs and failures; with the database closed the scrape still answers, without the outbox's figures", async () => {
    const own = await createTestDatabase();
    const other = await buildApp(testConfig({ metricsToken: TOKEN }), { database: own, now: () => NOW, settingsCacheMs: 0 });
    let closed = false;
    try {
      await other.ready();
      const scrapeOther = async () => {
        const res = await other.inject({ method: "GET", url: "/api/metrics", headers: AUTH });
        expect(res.statusCode, res.body).toBe(200);
        return parse(res.body);
      };
      const first = await scrapeOther();
      for (const job of Object.keys(other.jobs)) {
        expect(valueOf(first, "job_runs_total", { job }), job).toBe(0);
        expect(valueOf(first, "job_failures_total", { job }), job).toBe(0);
      }

      await other.jobs["purge-expired"].run();
      await other.jobs["purge-expired"].run();
      await own.close();
      closed = true;
      await expect(other.jobs["purge-expired"].run()).rejects.toThrow();

      const after = await scrapeOther();
      expect(valueOf(after, "job_runs_total", { job: "purge-expired" })).toBe(3);
      expect(valueOf(after, "job_failures_total", { job: "purge-expired" })).toBe(1);
      expect(valueOf(after, "job_runs_total", { job: "visit-reminders" })).toBe(0);
      // The database did not answer: no outbox figures rather than stale or invented ones.
      expect(valueOf(after, "outbox_messages", { status: "queued" })).toBeUndefined();
      expect(valueOf(after, "outbox_oldest_message_age_seconds", { status: "queued" })).toBeUndefined();
      expect(valueOf(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    } finally {
      await other.close();
      if (!closed) await own.close();
    }
  });
});
