import type { AppConfig } from "../config";
import { createUsersRepository } from "../modules/auth/auth.repository";
import { hashPassword } from "../modules/auth/passwords";
import type { Db } from "./client";
import { seedDemoData } from "./seed-demo";

/**
 * First-run data: demo data on an empty database when SEED_DEMO is on, and the first admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD when no user exists yet.
 */
export async function prepareDatabase(db: Db, config: Pick<AppConfig, "seedDemo" | "adminUsername" | "adminPassword">) {
  const users = createUsersRepository(db);
  if ((await users.count()) > 0) return;
  if (config.seedDemo) {
    await seedDemoData(db);
    return;
  }
  if (config.adminUsername && config.adminPassword) {
    await users.create({ username: config.adminUsername, passwordHash: await hashPassword(config.adminPassword), name: "Administratör", role: "admin" });
  }
}
