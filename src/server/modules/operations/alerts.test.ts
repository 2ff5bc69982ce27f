import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { enqueueEmail } from "../../jobs/outbox";
import { NOW } from "../../test-support/booking-fixtures";
import { createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";
import { createOperationalAlerts } from "./alerts";
import { createOperationsRepository } from "./operations.repository";

// Issue 24: the admin overview says in red when e-mail has been failing for more than an hour, or the
// nightly backup failed.

let database: Database;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const overviewAlerts = async () => {
  const res = await app.inject({ method: "GET", url: "/api/admin/overview", headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().alerts as unknown[];
};

/** A message written `minutesAgo` minutes ago, as the sender left it. */
async function message(minutesAgo: number, state: { status: "queued" | "sent" | "failed"; attempts: number }): Promise<number> {
  const id = await enqueueEmail(database.db, { to: "kund@exempel.se", subject: `Skrivet för ${minutesAgo} min sedan`, text: "x" }, { customerId: null });
  await database.db.execute(sql`
    update email_outbox set created_at = now() - make_interval(mins => ${minutesAgo}), status = ${state.status}, attempts = ${state.attempts},
           last_error = ${state.attempts > 0 ? "Anslutningen nekades" : null}
     where id = ${id}`);
  return id;
}

const createdAt = async (id: number) =>
  new Date((await queryRows<{ created_at: string | Date }>(database, sql`select created_at from email_outbox where id = ${id}`))[0].created_at).toISOString();

describe("the admin overview's alerts", () => {
  it("are none while e-mail goes out; messages tried and not sent for over an hour are one alert with their count and the oldest's time", async () => {
    expect(await overviewAlerts()).toEqual([]);

    // Not alerts: failing for half an hour only, never tried (no SMTP configured: the integrations
    // screen says so), and sent in the end.
    await message(30, { status: "queued", attempts: 3 });
    await message(300, { status: "queued", attempts: 0 });
    await message(300, { status: "sent", attempts: 4 });
    expect(await overviewAlerts()).toEqual([]);

    // Still being retried after 90 minutes, and given up on after three hours.
    await message(90, { status: "queued", attempts: 6 });
    const oldest = await message(180, { status: "failed", attempts: 20 });
    expect(await overviewAlerts()).toEqual([{ kind: "outbox-failing", count: 2, since: await createdAt(oldest) }]);
  });

  it("include a failed backup when the backups module reports one, with its reason", async () => {
    const repo = createOperationsRepository(database.db);
    const failedAt = new Date("2026-11-22T02:00:00Z");
    const withFailedBackup = createOperationalAlerts({ repo, backupStatus: async () => ({ failedAt, message: "Disken är full" }) });
    const alerts = await withFailedBackup();
    expect(alerts).toContainEqual({ kind: "backup-failed", since: failedAt.toISOString(), message: "Disken är full" });
    expect(await createOperationalAlerts({ repo, backupStatus: async () => null })()).not.toContainEqual(expect.objectContaining({ kind: "backup-failed" }));
  });
});
