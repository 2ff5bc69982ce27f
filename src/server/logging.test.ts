import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import type { Database } from "./db/client";
import { serializeError } from "./lib/error-log";
import { bookingPayload, NOW } from "./test-support/booking-fixtures";
import { freePort } from "./test-support/smtp";
import { SAME_ORIGIN, createTestDatabase, testConfig } from "./test-support/test-app";

type LogLine = { level: number; msg: string; reqId?: string; err?: Record<string, unknown> & { cause?: Record<string, unknown> } };

/** Every line the app logs, as written (JSON text) and parsed. */
class LogCapture extends Writable {
  text = "";
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += String(chunk);
    done();
  }
  get lines(): LogLine[] {
    return this.text
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  }
}

let database: Database;
let app: FastifyInstance;
const log = new LogCapture();
beforeAll(async () => {
  database = await createTestDatabase();
  // ServiceBot's model is unreachable, so a question makes its service log a warning through app.log.
  const llm = { baseUrl: `http://127.0.0.1:${await freePort()}/v1`, apiKey: "nyckel", model: "test-modell", timeoutMs: 2_000 };
  app = await buildApp(testConfig({ logLevel: "info", llm }), { database, now: () => NOW, logStream: log });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("error logs hold no personal data", () => {
  it("a failed insert logs its SQLSTATE, constraint and table, never the values written", async () => {
    // A constraint the schema does not have, so that a booking's insert fails in the database.
    await database.db.execute(sql`create unique index test_one_booking_per_address on bookings (address)`);
    try {
      const marker = { name: "Markör Persson", email: "markor.4711@exempel.se", phone: "070-471 14 71", address: "Markörvägen 4711" };
      const first = await app.inject({
        method: "POST",
        url: "/api/bookings",
        headers: SAME_ORIGIN,
        payload: bookingPayload({ ...marker, timeSlot: "08:00-10:00" }),
      });
      expect(first.statusCode, first.body).toBe(201);
      const before = log.lines.length;
      const second = await app.inject({
        method: "POST",
        url: "/api/bookings",
        headers: SAME_ORIGIN,
        payload: bookingPayload({ ...marker, timeSlot: "10:00-12:00" }),
      });
      expect(second.statusCode).toBe(500);
      expect(second.json()).toEqual({ message: "Ett internt fel uppstod. Försök igen senare." });

      const written = log.lines.slice(before);
      const failure = written.find((line) => line.msg === "request failed")!;
      expect(failure.err).toMatchObject({
        type: "DrizzleQueryError",
        cause: { type: "DatabaseError", code: "23505", constraint: "test_one_booking_per_address", table: "bookings", routine: expect.any(String) },
      });
      expect(failure.err!.message).toMatch(/^Failed query: insert into "bookings"/);
      expect(failure.reqId).toBe(second.headers["x-request-id"]);
      const text = JSON.stringify(written);
      for (const value of Object.values(marker)) expect(text).not.toContain(value);
      expect(text).not.toContain("4711");
    } finally {
      await database.db.execute(sql`drop index test_one_booking_per_address`);
    }
  });

  it("a failed rate-limit count logs neither the client's address nor the e-mail address in its key", async () => {
    await database.db.execute(sql`alter table rate_limit_hits add constraint test_refuse_hits check (hits < 0) not valid`);
    try {
      const before = log.lines.length;
      const res = await app.inject({
        method: "POST",
        url: "/api/bookings",
        headers: SAME_ORIGIN,
        remoteAddress: "198.51.100.47",
        payload: bookingPayload({ email: "nyckel.4712@exempel.se", timeSlot: "12:00-14:00" }),
      });
      expect(res.statusCode).toBe(500);
      const errors = log.lines.slice(before).filter((line) => line.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0].err).toMatchObject({ cause: { code: "23514", constraint: "test_refuse_hits", table: "rate_limit_hits" } });
      expect(JSON.stringify(errors)).not.toMatch(/198\.51\.100\.47|nyckel\.4712/);
    } finally {
      await database.db.execute(sql`alter table rate_limit_hits drop constraint test_refuse_hits`);
    }
  });
});

describe("request logs", () => {
  it("log the client's network, never its whole address", async () => {
    const before = log.lines.length;
    const res = await app.inject({ method: "GET", url: "/api/public/config", remoteAddress: "203.0.113.77" });
    expect(res.statusCode).toBe(200);
    const written = log.text.split("\n").slice(before).join("\n");
    expect(written).toContain('"remoteAddress":"203.0.113.0"');
    expect(written).not.toContain("203.0.113.77");
  });
});

describe("the error serializer", () => {
  it("masks e-mail addresses (an SMTP refusal names its recipients) and keeps only named fields", () => {
    const refused = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <lars.andersson@exempel.se>: Recipient address rejected"),
      {
        code: "EENVELOPE",
        responseCode: 550,
        command: "RCPT TO",
        rejected: ["lars.andersson@exempel.se"],
        response: "550 5.1.1 <lars.andersson@exempel.se>: Recipient address rejected",
      },
    );
    const logged = serializeError(refused);
    expect(logged).toMatchObject({ type: "Error", code: "EENVELOPE", responseCode: 550, command: "RCPT TO" });
    expect(logged.message).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 <…@…>: Recipient address rejected");
    expect(JSON.stringify(logged)).not.toContain("lars.andersson");
  });

  it("cuts the values out of a data error's message (class 22 quotes what was written)", () => {
    const invalid = Object.assign(new Error('invalid input syntax for type integer: "070-123 45 67"'), {
      code: "22P02",
      severity: "ERROR",
      routine: "pg_strtoint32_safe",
    });
    expect(serializeError(invalid)).toMatchObject({ type: "DatabaseError", code: "22P02", message: 'invalid input syntax for type integer: "…"' });
  });
});

describe("request ids", () => {
  it("keeps a well-formed incoming X-Request-Id, answers with it and logs every line of the request with it", async () => {
    const id = "lb-7f3a.eu-north-1:42_a";
    const res = await app.inject({ method: "GET", url: "/api/public/config", headers: { "x-request-id": id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-request-id"]).toBe(id);
    const lines = log.lines.filter((line) => line.reqId === id);
    expect(lines.map((line) => line.msg)).toEqual(["incoming request", "request completed"]);
  });

  it.each([
    ["with spaces", "not a good id"],
    ["too long", "a".repeat(129)],
    ["with a quote", 'x"}{"level":60'],
    ["empty", ""],
  ])("makes a random id instead of an incoming one %s", async (_case, incoming) => {
    const res = await app.inject({ method: "GET", url: "/api/public/config", headers: { "x-request-id": incoming } });
    expect(res.headers["x-request-id"]).toMatch(UUID);
    expect(log.text).not.toContain(`"reqId":"${incoming}"`);
  });

  it("makes a new random id for each request that brings none", async () => {
    const [a, b] = await Promise.all([app.inject({ method: "GET", url: "/api/public/config" }), app.inject({ method: "GET", url: "/api/public/config" })]);
    expect(a.headers["x-request-id"]).toMatch(UUID);
    expect(b.headers["x-request-id"]).toMatch(UUID);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });

  it("puts the id on lines a service logs through the app's logger during the request, and on no other request's", async () => {
    // Over a real socket: the body arrives in the socket's events, outside the request's own context.
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const ask = (id: string) =>
      fetch(`${address}/api/chatbot/troubleshoot`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": id },
        body: JSON.stringify({ question: "Värmepumpen värmer inte" }),
      });
    const [first, second] = await Promise.all([ask("fraga-1"), ask("fraga-2")]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    for (const id of ["fraga-1", "fraga-2"]) {
      const lines = log.lines.filter((line) => line.reqId === id);
      expect(lines.map((line) => line.msg)).toEqual(["incoming request", "LLM svarade inte; svaret kommer från kunskapsbasen", "request completed"]);
    }
    // Outside a request a line has no id.
    app.log.info("utanför en förfrågan");
    expect(log.lines.find((line) => line.msg === "utanför en förfrågan")).not.toHaveProperty("reqId");
  });

  it("answers a request Fastify refuses before routing with its id too", async () => {
    const res = await app.inject({ method: "GET", url: "/api/%", headers: { "x-request-id": "trasig-url-1" } });
    expect(res.statusCode).toBe(400);
    expect(res.headers["x-request-id"]).toBe("trasig-url-1");
  });
});
