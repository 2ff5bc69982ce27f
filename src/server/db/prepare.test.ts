import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, queryRows } from "../test-support/test-app";
import type { Database } from "./client";
import { prepareDatabase } from "./prepare";

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const count = async (table: string) => Number((await queryRows<{ n: number }>(database!, sql.raw(`select count(*)::int as n from ${table}`)))[0].n);

describe("first-run data", () => {
  it("seeds demo users, customers, products, bookings, history and protocols once", async () => {
    database = await createTestDatabase();
    await prepareDatabase(database.db, { seedDemo: true });
    expect(await count("users")).toBe(3);
    expect(await count("customers")).toBeGreaterThanOrEqual(12);
    expect(await count("products")).toBeGreaterThanOrEqual(12);
    expect(await count("bookings")).toBeGreaterThan(40);
    expect(await count("service_history")).toBeGreaterThan(5);
    expect(await count("installation_protocols")).toBe(2);
    const upcoming = await queryRows<{ n: number }>(database, sql`select count(*)::int as n from bookings where date >= current_date and status <> 'cancelled'`);
    expect(Number(upcoming[0].n)).toBeGreaterThan(15);
    await prepareDatabase(database.db, { seedDemo: true });
    expect(await count("users")).toBe(3);
  });

  it("seeds nothing with SEED_DEMO off, but creates the first admin from the environment", async () => {
    database = await createTestDatabase();
    await prepareDatabase(database.db, { seedDemo: false });
    expect(await count("users")).toBe(0);
    await prepareDatabase(database.db, { seedDemo: false, adminUsername: "chef", adminPassword: "Chef12345" });
    const rows = await queryRows(database, sql`select username, role from users`);
    expect(rows).toEqual([{ username: "chef", role: "admin" }]);
    expect(await count("bookings")).toBe(0);
  });

  it("refuses to start in production without an admin, and says how to create one", async () => {
    database = await createTestDatabase();
    await expect(prepareDatabase(database.db, { seedDemo: false, production: true })).rejects.toThrow(/ADMIN_USERNAME och ADMIN_PASSWORD.*create-admin/);
    await prepareDatabase(database.db, { seedDemo: false, production: true, adminUsername: "chef", adminPassword: "Chef12345" });
    expect(await count("users")).toBe(1);
    // Later starts need no environment: the admin exists.
    await prepareDatabase(database.db, { seedDemo: false, production: true });
  });
});
