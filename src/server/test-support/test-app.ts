import { eq, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildOptions } from "../app";
import {
  DEFAULT_AVAILABILITY_CACHE_MS,
  DEFAULT_CUSTOMER_SEARCHES_AT_ONCE,
  DEFAULT_DATABASE_POOL_SIZE,
  DEFAULT_DATABASE_START_WAIT_MS,
  DEFAULT_DATABASE_TIMEOUTS,
  DEFAULT_LIMITS,
  DEFAULT_MOVED_EMAIL_DELAY_SECONDS,
  type AppConfig,
} from "../config";
import { migrationsFolder, openDatabase, type Database } from "../db/client";
import { users } from "../db/schema";
import { createUsersRepository } from "../modules/auth/auth.repository";
import { hashPassword } from "../modules/auth/passwords";
import { postgresDatabaseOnServer } from "./scratch";
import { migratedDatabaseDump, provided } from "./templates";
import type { Role } from "@/common/constants";

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a new
 * database on the real PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Both
 * start as a copy of the run's migrated template (global-setup.ts) when there is one; `migrate()`
 * then finds nothing to do.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null, startFrom: migratedDatabaseDump() });
    await database.migrate();
    return database;
  }
  const scratch = await postgresDatabaseOnServer(serverUrl, "vps_test", provided("postgresTemplate") ?? undefined);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: "127.0.0.1",
    production: false,
    dataDir: null,
    databasePoolSize: DEFAULT_DATABASE_POOL_SIZE,
    databaseTimeouts: DEFAULT_DATABASE_TIMEOUTS,
    databaseStartWaitMs: DEFAULT_DATABASE_START_WAIT_MS,
    migrationsDir: migrationsFolder,
    seedDemo: false,
    mailFrom: "Värmepumpsservice <info@varmepumpsservice.se>",
    publicUrl: "http://app.test",
    publicOrigin: null,
    logLevel: false,
    clientDir: null,
    timeZone: "Europe/Stockholm",
    trustProxy: false,
    startWorkers: false,
    // Tests of other features book and change many visits from one address and e-mail; the abuse limits have
    // their own tests with the real values (DEFAULT_LIMITS).
    limits: {
      ...DEFAULT_LIMITS,
      bookingsPerAddressPerHour: 10_000,
      bookingsPerEmailPerDay: 10_000,
      activeBookingsPerEmail: 10_000,
      linkChangesPerLinkPerDay: 10_000,
      linkImageChangesPerLinkPerDay: 10_000,
      linkActionsPerAddressPerHour: 10_000,
    },
    movedEmailDelaySeconds: DEFAULT_MOVED_EMAIL_DELAY_SECONDS,
    availabilityCacheMs: DEFAULT_AVAILABILITY_CACHE_MS,
    customerSearchesAtOnce: DEFAULT_CUSTOMER_SEARCHES_AT_ONCE,
    statisticsSharing: true,
    llm: null,
    google: null,
    metricsToken: null,
    shutdownDrainMs: 0,
    backupDir: null,
    backupKeep: 7,
    ...overrides,
  };
}

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

export async function createTestApp(overrides: Partial<AppConfig> = {}, options: Omit<BuildOptions, "database"> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(overrides), { ...options, database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Headers a same-origin browser request carries (the CSRF check wants a matching Origin). */
export const SAME_ORIGIN = { host: "app.test", origin: "http://app.test" } as const;

/**
 * A staff account. A technician made here is not bookable unless asked (`bookable: true`): the
 * tests of other features run on capacity one (rules D25: no bookable technician, the company is
 * one calendar), as before technicians had calendars; a technician created through the API is
 * bookable, as rules D25 says, and the capacity tests (technician-capacity.test.ts) prove it.
 */
export async function createUser(database: Database, user: { username: string; password: string; role: Role; name?: string; bookable?: boolean }) {
  const created = await createUsersRepository(database.db).create({
    username: user.username,
    passwordHash: await hashPassword(user.password),
    name: user.name ?? user.username,
    role: user.role,
  });
  if (!user.bookable) await database.db.update(users).set({ bookable: false }).where(eq(users.id, created.id));
  return created;
}

/** Logs in through the real endpoint and returns the Cookie header value for later requests. */
export async function loginAs(app: FastifyInstance, username: string, password: string, role: Role = "technician"): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", headers: SAME_ORIGIN, payload: { username, password, role } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return cookieHeader(response);
}

export function cookieHeader(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** Rows of a raw SQL query, typed by the caller (the drizzle result type differs per driver). */
export async function queryRows<T = Record<string, unknown>>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
