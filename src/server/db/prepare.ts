import { ConfigError, type AppConfig } from "../config";
import { createUsersRepository } from "../modules/auth/auth.repository";
import { hashPassword } from "../modules/auth/passwords";
import type { Db } from "./client";
import { seedDemoData } from "./seed-demo";

/**
 * First-run data: demo data on an empty database when SEED_DEMO is on, and the first admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD when no user exists yet. In production the app refuses to start
 * without an admin: nobody could ever log in to run it.
 */
export async function prepareDatabase(db: Db, config: Pick<AppConfig, "seedDemo" | "adminUsername" | "adminPassword"> & { production?: boolean }) {
  const users = createUsersRepository(db);
  if ((await users.count()) === 0) {
    if (config.seedDemo) await seedDemoData(db);
    else if (config.adminUsername && config.adminPassword) {
      await users.create({ username: config.adminUsername, passwordHash: await hashPassword(config.adminPassword), name: "Administratör", role: "admin" });
    }
  }
  if (config.production && !(await users.hasAdmin())) {
    throw new ConfigError(
      "Det finns ingen administratör. Sätt ADMIN_USERNAME och ADMIN_PASSWORD (minst 8 tecken med stor och liten bokstav och en siffra) vid första starten, eller kör `npm run create-admin -- <användarnamn> \"<Namn>\"` innan servern startas.",
    );
  }
}
