import { ConfigError, type AppConfig } from "../config";
import { createUsersRepository } from "../modules/auth/auth.repository";
import { passwordProblem } from "../modules/auth/password-rules";
import { hashPassword } from "../modules/auth/passwords";
import { createSettingsService } from "../modules/settings/settings.service";
import { createSettingsRepository } from "../modules/settings/settings.repository";
import type { Db } from "./client";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { seedDemoData } from "./seed-demo";

const FIRST_ADMIN_NAME = "Administratör";

const text = {
  weakAdminPassword: (problem: string) =>
    `ADMIN_PASSWORD kan inte användas för den första administratören. ${/[.!?]$/.test(problem) ? problem : `${problem}.`} Samma regler gäller som för alla konton; ange ett annat lösenord och starta igen.`,
  adminIsDemoAccount: (username: string) => `ADMIN_USERNAME=${username} är redan ett av demokontona. Välj ett annat användarnamn, eller ta bort SEED_DEMO.`,
  noAdmin:
    'Det finns ingen administratör. Sätt ADMIN_USERNAME och ADMIN_PASSWORD (minst 8 tecken med stor och liten bokstav och en siffra, och svårt att gissa) vid första starten, eller kör `npm run create-admin -- <användarnamn> "<Namn>"` innan servern startas.',
};

/**
 * First-run data on an empty database: demo data when SEED_DEMO is on, and the first admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD (both, outside production, where demo data is refused at start).
 * The first admin's password obeys the rule of every account, judged before anything is written,
 * so a refused start leaves the database empty for the next try. In production the app refuses to
 * start without an admin: nobody could ever log in to run it.
 */
export async function prepareDatabase(db: Db, config: Pick<AppConfig, "seedDemo" | "adminUsername" | "adminPassword"> & { production?: boolean }) {
  const users = createUsersRepository(db);
  if ((await users.count()) === 0) {
    const admin = config.adminUsername && config.adminPassword ? { username: config.adminUsername, password: config.adminPassword } : null;
    if (admin) {
      if (config.seedDemo && isDemoUsername(admin.username)) throw new ConfigError(text.adminIsDemoAccount(admin.username));
      await assertFirstAdminAcceptable(db, admin);
    }
    // All or nothing: a start that dies halfway (a crash, a lost connection) leaves an empty database,
    // which the next start fills, never a half-seeded one that it would take for done.
    await db.transaction(async (tx) => {
      if (config.seedDemo) await seedDemoData(tx as unknown as Db);
      if (admin) {
        await createUsersRepository(tx as unknown as Db).create({
          username: admin.username,
          passwordHash: await hashPassword(admin.password),
          name: FIRST_ADMIN_NAME,
          role: "admin",
        });
      }
    });
  }
  if (config.production && !(await users.hasAdmin())) throw new ConfigError(text.noAdmin);
}

const isDemoUsername = (username: string) => DEMO_ACCOUNTS.some((account) => account.username.toLowerCase() === username.toLowerCase());

/** The operator hears why ADMIN_PASSWORD is refused (never the password itself). */
async function assertFirstAdminAcceptable(db: Db, admin: { username: string; password: string }) {
  const { companyName } = await createSettingsService(createSettingsRepository(db), { cacheMs: 0 }).get();
  const problem = passwordProblem(admin.password, { username: admin.username, name: FIRST_ADMIN_NAME, companyName });
  if (problem) throw new ConfigError(text.weakAdminPassword(problem));
}
