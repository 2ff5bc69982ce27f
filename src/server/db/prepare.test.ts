import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ConfigError } from "../config";
import { createUsersRepository } from "../modules/auth/auth.repository";
import { verifyPassword } from "../modules/auth/passwords";
import { createTestDatabase, queryRows } from "../test-support/test-app";
import type { Database } from "./client";
import { prepareDatabase } from "./prepare";

/** A first admin's password that passes the rule of every account. */
const STRONG = "Kanelbulle-Fjäll-9";

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
    const upcoming = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from bookings where date >= current_date and status <> 'cancelled'`,
    );
    expect(Number(upcoming[0].n)).toBeGreaterThan(15);
    await prepareDatabase(database.db, { seedDemo: true });
    expect(await count("users")).toBe(3);
  });

  it("writes nothing when the first-run data fails halfway, so the next start seeds it whole", async () => {
    database = await createTestDatabase();
    // Demo bookings are written after the users, customers and products; a rule they break fails the seed there.
    await database.db.execute(sql`alter table bookings add constraint test_no_bookings check (false) not valid`);
    await expect(prepareDatabase(database.db, { seedDemo: true, adminUsername: "chefen", adminPassword: STRONG })).rejects.toThrow();
    for (const table of ["users", "customers", "products", "bookings"]) expect(await count(table), table).toBe(0);

    await database.db.execute(sql`alter table bookings drop constraint test_no_bookings`);
    await prepareDatabase(database.db, { seedDemo: true, adminUsername: "chefen", adminPassword: STRONG });
    expect(await count("users")).toBe(4);
    expect(await count("bookings")).toBeGreaterThan(40);
  });

  it("seeds nothing with SEED_DEMO off, but creates the first admin from the environment", async () => {
    database = await createTestDatabase();
    await prepareDatabase(database.db, { seedDemo: false });
    expect(await count("users")).toBe(0);
    await prepareDatabase(database.db, { seedDemo: false, adminUsername: "chef", adminPassword: STRONG });
    const rows = await queryRows(database, sql`select username, role from users`);
    expect(rows).toEqual([{ username: "chef", role: "admin" }]);
    expect(await count("bookings")).toBe(0);
  });

  it("refuses to start in production without an admin, and says how to create one", async () => {
    database = await createTestDatabase();
    await expect(prepareDatabase(database.db, { seedDemo: false, production: true })).rejects.toThrow(/ADMIN_USERNAME och ADMIN_PASSWORD.*create-admin/);
    await prepareDatabase(database.db, { seedDemo: false, production: true, adminUsername: "chef", adminPassword: STRONG });
    expect(await count("users")).toBe(1);
    // Later starts need no environment: the admin exists.
    await prepareDatabase(database.db, { seedDemo: false, production: true });
  });

  // Issue 22, point 6: ADMIN_PASSWORD=a used to log in.
  it.each([
    ["a", "Lösenordet måste vara minst 8 tecken. Samma regler gäller som för alla konton"],
    ["lösenord12", "Lösenordet måste innehålla minst en stor bokstav, en liten bokstav och en siffra"],
    ["Sommar2024", "Lösenordet är för lätt att gissa: det består av ett vanligt ord och ett årtal."],
    ["Admin1234", "Lösenordet är för lätt att gissa: det består av ett vanligt ord och en enkel sifferföljd."],
    ["Chefen-2026", "Lösenordet får inte innehålla användarnamnet."],
  ])("refuses the first admin's password %j by the rule of every account, saying why without repeating it, and writes nothing", async (password, reason) => {
    database = await createTestDatabase();
    const start = prepareDatabase(database.db, { seedDemo: true, adminUsername: "chef", adminPassword: password });
    await expect(start).rejects.toThrow(ConfigError);
    const message = await start.catch((error: Error) => error.message);
    expect(message).toContain("ADMIN_PASSWORD kan inte användas för den första administratören.");
    expect(message).toContain(reason);
    if (password.length > 1) expect(message).not.toContain(password);
    // Nothing written, demo data included: the next start with a better password begins afresh.
    expect(await count("users")).toBe(0);
    expect(await count("customers")).toBe(0);
    await prepareDatabase(database.db, { seedDemo: false, adminUsername: "chef", adminPassword: STRONG });
    expect(await verifyPassword((await createUsersRepository(database.db).findByUsername("chef"))?.password, STRONG)).toBe(true);
  });

  it("judges the first admin's password against the company's name too", async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`insert into system_settings (key, value) values ('companyName', '"Kylteknik Bergström AB"') on conflict (key) do update set value = excluded.value`,
    );
    await expect(prepareDatabase(database.db, { seedDemo: false, adminUsername: "chef", adminPassword: "Bergström77" })).rejects.toThrow(
      /ditt namn, användarnamnet eller företagets namn/,
    );
  });

  it("creates the configured admin beside the demo accounts outside production, never in their place", async () => {
    database = await createTestDatabase();
    await prepareDatabase(database.db, { seedDemo: true, adminUsername: "chef", adminPassword: STRONG });
    const admins = await queryRows<{ username: string }>(database, sql`select username from users where role = 'admin' order by username`);
    expect(admins.map((a) => a.username)).toEqual(["admin", "chef"]);

    const clash = await createTestDatabase();
    try {
      await expect(prepareDatabase(clash.db, { seedDemo: true, adminUsername: "Admin", adminPassword: STRONG })).rejects.toThrow(
        "ADMIN_USERNAME=Admin är redan ett av demokontona.",
      );
      expect(await queryRows(clash, sql`select 1 from users`)).toEqual([]);
    } finally {
      await clash.close();
    }
  });
});
