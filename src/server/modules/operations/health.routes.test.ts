import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { migrationsFolder, openDatabase, type Database } from "../../db/client";
import { NOW } from "../../test-support/booking-fixtures";
import { cleanupAfterEach, emptyPostgresDatabase, scratchFolder } from "../../test-support/scratch";
import { freePort } from "../../test-support/smtp";
import { emptyDatabaseDump } from "../../test-support/templates";
import { createTestDatabase, createUser, loginAs, testConfig } from "../../test-support/test-app";

// Issue 24: GET /api/health/live and /api/health/ready, as a load balancer calls them.

const defer = cleanupAfterEach();
const serverUrl = process.env.TEST_DATABASE_URL;

const READY = { status: "ready", checks: { shutdown: "ok", database: "ok", migrations: "ok" }, failed: [] };

/** An app on `database` (closed by the test's cleanup, after the app). */
async function appOn(
  database: Database,
  overrides: Parameters<typeof testConfig>[0] = {},
  logStream?: { write(line: string): void },
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), { database, now: () => NOW, settingsCacheMs: 0, ...(logStream ? { logStream } : {}) });
  await app.ready();
  defer(() => app.close());
  return app;
}

/** A fresh migrated test database, closed after the test unless the test closes it first. */
async function testDatabase(): Promise<{ database: Database; close(): Promise<void> }> {
  const database = await createTestDatabase();
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= database.close());
  defer(close);
  return { database, close };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

describe("GET /api/health/live", () => {
  it("answers 200 while the database is closed, also to a caller with a session cookie (it never reads the session)", async () => {
    const { database, close } = await testDatabase();
    const app = await appOn(database);
    await createUser(database, { username: "chef", password: "Chef12345", role: "admin" });
    const cookie = await loginAs(app, "chef", "Chef12345", "admin");
    await close();

    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const res = await get(app, "/api/health/live", headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });
});

describe("GET /api/health/ready", () => {
  it("answers 200 when the database answers and has every migration, the same to many probes at once", async () => {
    const { database } = await testDatabase();
    const app = await appOn(database);
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(app, "/api/health/ready")));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(READY);
    }
  });

  it("answers 503 naming the database when it has been closed; live still answers", async () => {
    const { database, close } = await testDatabase();
    const app = await appOn(database);
    expect((await get(app, "/api/health/ready")).statusCode).toBe(200);
    await close();

    const res = await get(app, "/api/health/ready");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: "unavailable",
      checks: { shutdown: "ok", database: "failed", migrations: "skipped" },
      failed: ["database"],
      message: "Databasen svarar inte.",
    });
    expect((await get(app, "/api/health/live")).statusCode).toBe(200);
  });

  it("answers 503 naming the database when nothing listens at DATABASE_URL", async () => {
    const port = await freePort();
    const database = await openDatabase({ databaseUrl: `postgres://app:hemligt@127.0.0.1:${port}/vps`, dataDir: null });
    defer(() => database.close());
    const app = await appOn(database);

    const res = await get(app, "/api/health/ready");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { database: "failed" }, failed: ["database"] });
    // Nothing about the database's address or credentials.
    expect(res.body).not.toMatch(/hemligt|127\.0\.0\.1|5432|ECONNREFUSED/);
    expect((await get(app, "/api/health/live")).statusCode).toBe(200);
  });

  it("answers 503 'timeout' when the database takes connections but never answers, instead of hanging", { timeout: 30_000 }, async () => {
    // A server that accepts TCP connections and says nothing: a database stuck or cut off mid-way.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket.on("error", () => {})));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const database = await openDatabase({
      databaseUrl: `postgres://app@127.0.0.1:${port}/vps`,
      dataDir: null,
      databaseTimeouts: { statementMs: 15_000, lockMs: 5_000, acquireMs: 20_000 },
    });
    defer(async () => {
      await database.close();
      await new Promise((resolve) => silent.close(resolve));
    });
    defer(() => {
      for (const socket of sockets) socket.destroy();
    });
    const app = await appOn(database);

    const res = await get(app, "/api/health/ready");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: "unavailable",
      checks: { shutdown: "ok", database: "timeout", migrations: "skipped" },
      failed: ["database"],
      message: "Databasen svarade inte inom 2 s.",
    });
    expect(sockets.size).toBeGreaterThan(0);
  });

  it("answers 503 naming the migrations on a database that lacks the newest one, and keeps a positive answer", async () => {
    // This version's migrations but the newest.
    const older = scratchFolder("vps-migrations-", defer);
    cpSync(migrationsFolder, older, { recursive: true });
    const journalFile = join(older, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] };
    journal.entries.pop();
    writeFileSync(journalFile, JSON.stringify(journal));

    let database: Database;
    if (serverUrl) {
      const scratch = await emptyPostgresDatabase(serverUrl);
      defer(() => scratch.drop());
      database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, migrationsDir: older });
    } else {
      // A new database (a copy of one before any migration, test-support/templates.ts) migrated by the older version.
      database = await openDatabase({ dataDir: null, migrationsDir: older, startFrom: emptyDatabaseDump() });
    }
    defer(() => database.close());
    await database.migrate();
    const app = await appOn(database);

    const res = await get(app, "/api/health/ready");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: "unavailable",
      checks: { shutdown: "ok", database: "ok", migrations: "pending" },
      failed: ["migrations"],
      message: "Databasen saknar en migrering; starta om servern så att de körs.",
    });

    // The newest migration arrives (another instance of this version migrated): ready.
    await migrateFully(database);
    expect((await get(app, "/api/health/ready")).json()).toEqual(READY);
    // Migrations never go backwards on a running database: the answer is kept, not asked again.
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    expect((await get(app, "/api/health/ready")).json()).toEqual(READY);
  });

  it("answers 503 at once while the instance drains, without asking the database, while live and other requests are still served", async () => {
    const { database, close } = await testDatabase();
    const app = await appOn(database);
    expect((await get(app, "/api/health/ready")).statusCode).toBe(200);

    app.readiness.beginDrain();
    const draining = {
      status: "unavailable",
      checks: { shutdown: "draining", database: "skipped", migrations: "skipped" },
      failed: ["shutdown"],
      message: "Instansen stängs ner och tar inte emot nya förfrågningar.",
    };
    const res = await get(app, "/api/health/ready");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(draining);
    expect((await get(app, "/api/health/live")).statusCode).toBe(200);
    expect((await get(app, "/api/public/config")).statusCode).toBe(200);

    // The answer does not come from the database: with it closed, still "draining", not "failed".
    await close();
    expect((await get(app, "/api/health/ready")).json()).toEqual(draining);
  });
});

/** Every line the app logs. */
class LogCapture extends Writable {
  text = "";
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += String(chunk);
    done();
  }
}

describe("probes in the log", () => {
  it("are not logged at info level, while other requests are; a failing ready check is logged once per change, without secrets", async () => {
    const log = new LogCapture();
    const { database, close } = await testDatabase();
    const app = await appOn(database, { logLevel: "info", metricsToken: "m".repeat(32) }, log);

    for (let i = 0; i < 3; i++) {
      await get(app, "/api/health/live");
      await get(app, "/api/health/ready");
      await get(app, "/api/metrics", { authorization: `Bearer ${"m".repeat(32)}` });
      await get(app, "/api/metrics", { authorization: "Bearer fel-token-som-inte-stammer" });
    }
    expect(log.text).not.toMatch(/\/api\/health|\/api\/metrics/);
    expect(log.text).not.toContain("m".repeat(32));
    await get(app, "/api/public/config");
    expect(log.text).toContain("/api/public/config");

    await close();
    for (let i = 0; i < 3; i++) expect((await get(app, "/api/health/ready")).statusCode).toBe(503);
    const notReady = log.text.split("\n").filter((line) => line.includes('"not ready"'));
    expect(notReady).toHaveLength(1);
    expect(JSON.parse(notReady[0])).toMatchObject({ level: 40, failed: ["database"], checks: { database: "failed" } });
    expect(log.text).not.toMatch(/\/api\/health/);
  });
});

/** Migrates `database` with this version's whole migrations folder, as a newer instance does. */
async function migrateFully(database: Database) {
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(database.db as never, { migrationsFolder });
  }
}
