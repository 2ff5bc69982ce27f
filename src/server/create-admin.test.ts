import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverProgramArgs } from "./test-support/server-bundle";
import { cleanupAfterEach, emptyPostgresDatabase, scratchFolder } from "./test-support/scratch";
import { templateDataDir } from "./test-support/templates";
import { openDatabase, type Database } from "./db/client";
import { createUsersRepository } from "./modules/auth/auth.repository";
import { verifyPassword } from "./modules/auth/passwords";

const defer = cleanupAfterEach();
/** A password that passes the rule of every account (rules §5 and zxcvbn). */
const STRONG = "Kanelbulle-Fjäll-9";
const tempDataDir = () => scratchFolder("vps-create-admin-", defer);
/** A DATA_DIR a server has run in (a copy of the run's migrated database, test-support/templates.ts). */
const usedDataDir = () => templateDataDir(tempDataDir(), "migrated");

async function open(options: Parameters<typeof openDatabase>[0]): Promise<Database> {
  const database = await openDatabase(options);
  defer(() => database.close());
  return database;
}

/** `npm run create-admin -- <args>` (the run's bundle of the source, as the build makes it), the way an operator runs it. */
function createAdmin(args: string[], env: { DATA_DIR: string; DATABASE_URL?: string; ADMIN_PASSWORD?: string }) {
  const child = spawn(process.execPath, [...serverProgramArgs("create-admin"), ...args], {
    env: { ...process.env, ADMIN_USERNAME: "", ADMIN_PASSWORD: STRONG, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("create-admin", () => {
  it("creates an admin who can log in with ADMIN_PASSWORD on a free DATA_DIR", { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir();
    const result = await createAdmin(["chef", "Chef Chefsson"], { DATA_DIR: dataDir });
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("Administratören chef skapades.");
    expect(result.code).toBe(0);

    // It closed the database: the folder is free again.
    const database = await open({ dataDir });
    const user = await createUsersRepository(database.db).findByUsername("chef");
    expect(user).toMatchObject({ name: "Chef Chefsson", role: "admin" });
    expect(await verifyPassword(user!.password, STRONG)).toBe(true);
  });

  it("refuses while a server holds DATA_DIR, saying to stop it first, and changes nothing", { timeout: 120_000 }, async () => {
    const dataDir = await usedDataDir();
    const server = await open({ dataDir });
    await server.migrate();

    const result = await createAdmin(["chef"], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Datamappen ${dataDir} används av en körande server, och två processer i samma datamapp förlorar data. ` +
        "Stoppa servern först och kör kommandot igen, eller logga in som administratör och skapa användaren under Användare.",
    );
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(await createUsersRepository(server.db).findByUsername("chef")).toBeUndefined();
  });

  it("refuses an existing username or a weak password and leaves DATA_DIR free", { timeout: 120_000 }, async () => {
    // The first test creates the database in an empty DATA_DIR; this one starts where a server has run.
    const dataDir = await usedDataDir();
    expect((await createAdmin(["chef"], { DATA_DIR: dataDir })).code).toBe(0);

    const again = await createAdmin(["chef"], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe("Användaren chef finns redan");

    const short = await createAdmin(["chef2"], { DATA_DIR: dataDir, ADMIN_PASSWORD: "kort" });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("Lösenordet måste");
    expect(short.stderr).not.toMatch(/\n\s+at /);
    // The same rule as every account: rules §5 alone let this through (issue 22, point 7).
    const guessable = await createAdmin(["chef2", "Chef Två"], { DATA_DIR: dataDir, ADMIN_PASSWORD: "Sommar2024" });
    expect(guessable.code).toBe(1);
    expect(guessable.stderr.trim()).toBe(
      "Lösenordet är för lätt att gissa: det består av ett vanligt ord och ett årtal. Välj en längre fras, gärna några ord som inte hör ihop.",
    );

    const database = await open({ dataDir });
    expect(await createUsersRepository(database.db).findByUsername("chef2")).toBeUndefined();
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  // Registered in the PostgreSQL suite (TEST_DATABASE_URL), which CI always runs.
  if (serverUrl)
    it("creates an admin in DATABASE_URL while a server is connected to it", { timeout: 120_000 }, async () => {
      const scratch = await emptyPostgresDatabase(serverUrl, "vps_create_admin");
      defer(() => scratch.drop());
      const databaseUrl = scratch.url;
      const server = await open({ databaseUrl, dataDir: null });
      await server.migrate();

      // DATA_DIR is held too, to show it plays no part with DATABASE_URL.
      const dataDir = await usedDataDir();
      await open({ dataDir });
      const result = await createAdmin(["chef", "Chef Chefsson"], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(await createUsersRepository(server.db).findByUsername("chef")).toMatchObject({ role: "admin" });
    });
});
