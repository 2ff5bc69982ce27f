import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { cleanupAfterEach, emptyPostgresDatabase, scratchFolder } from "../test-support/scratch";
import { serverProgramArgs } from "../test-support/server-bundle";
import { emptyDatabaseDump, templateDataDir } from "../test-support/templates";
import { DataDirInUseError, migrationsFolder, openDatabase, PGLITE_POSTGRES_MAJOR, staleLockWaitLine, type Database } from "./client";

const defer = cleanupAfterEach();
const tempDataDir = () => scratchFolder("vps-lock-", defer);
/**
 * A DATA_DIR holding a new database (a copy of what a first start creates, test-support/templates.ts):
 * the tests of the lock are about who may open a folder, not about creating the database in it.
 */
const dataDirWithDatabase = () => templateDataDir(tempDataDir(), "empty");

async function open(options: Parameters<typeof openDatabase>[0]): Promise<Database> {
  const database = await openDatabase(options);
  defer(() => database.close());
  return database;
}

/** Another Node process that opens DATA_DIR through openDatabase and keeps it until killed (test-support/hold-data-dir.ts). */
async function holdInOtherProcess(dataDir: string, lockStaleMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, serverProgramArgs("hold-data-dir"), {
    env: { ...process.env, HOLD_DIR: dataDir, HOLD_STALE_MS: String(lockStaleMs) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  defer(() => void child.kill("SIGKILL"));
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => String(chunk).includes("held") && resolve());
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}: ${stderr}`)));
  });
  return child;
}

describe("the embedded data folder is held by one process at a time", () => {
  it("refuses a second openDatabase on the same DATA_DIR until the first is closed", async () => {
    const dataDir = await dataDirWithDatabase();
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
    const refusal = (await openDatabase({ dataDir }).then(
      () => undefined,
      (error: unknown) => error,
    )) as DataDirInUseError;
    expect(refusal.code).toBe("DATA_DIR_IN_USE");
    expect(refusal.message).toBe(
      `Datamappen ${dataDir} används redan av en annan process (troligen en körande server). ` +
        "Stoppa den först, eller använd DATABASE_URL för att köra flera instanser mot PostgreSQL.",
    );

    await first.db.execute(sql`CREATE TABLE kept (id int)`);
    await first.db.execute(sql`INSERT INTO kept VALUES (1)`);
    await first.close();
    await first.close(); // closing twice is harmless

    const second = await open({ dataDir });
    const { rows } = (await second.db.execute(sql`SELECT id FROM kept`)) as unknown as { rows: { id: number }[] };
    expect(rows).toEqual([{ id: 1 }]);
  });

  it("refuses a DATA_DIR that another running process holds, at once", { timeout: 120_000 }, async () => {
    const dataDir = await dataDirWithDatabase();
    await holdInOtherProcess(dataDir, 20_000);
    const started = Date.now();
    await expect(openDatabase({ dataDir })).rejects.toThrow(`Datamappen ${dataDir} används redan av en annan process`);
    expect(Date.now() - started).toBeLessThan(5_000); // not after waiting out the 20 s stale period
  });

  it("takes over a lock that a killed process left behind", { timeout: 120_000 }, async () => {
    const dataDir = await dataDirWithDatabase();
    const holder = await holdInOtherProcess(dataDir, 5_000);
    const owner = JSON.parse(readFileSync(join(dataDir, ".lock-owner"), "utf8")) as { pid: number };
    expect(owner.pid).toBe(holder.pid);
    // Kill it just after it refreshed its lock, so the lock looks alive for another lockStaleMs.
    const lock = join(dataDir, ".lock");
    const before = statSync(lock).mtimeMs;
    while (statSync(lock).mtimeMs === before) await new Promise((resolve) => setTimeout(resolve, 50));
    // SIGKILL leaves .lock behind (a graceful exit removes it): the next server waits until it is stale.
    const exited = new Promise((resolve) => holder.on("exit", resolve));
    holder.kill("SIGKILL");
    await exited;
    // Without waiting for it to go stale this would be refused like a live holder. The wait is said
    // once, so an operator restarting after a crash knows why the server is not up yet.
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    defer(() => printed.mockRestore());
    const database = await open({ dataDir, lockStaleMs: 5_000 });
    await database.db.execute(sql`SELECT 1`);
    expect(printed.mock.calls).toEqual([[staleLockWaitLine(realpathSync(dataDir), 5_000)]]);
    expect(staleLockWaitLine("/var/lib/app/data", 20_000)).toBe(
      "Datamappen /var/lib/app/data är låst av en process som inte längre körs (en krasch eller kill -9); låset tas över när det har legat orört i 20 s, sedan startar servern.",
    );
  });

  it("takes over a stale lock at once, but not a fresh one of an unknown owner", async () => {
    const dataDir = await dataDirWithDatabase();
    mkdirSync(join(dataDir, ".lock"));
    // A fresh lock whose owner we cannot check (another machine sharing the folder) is respected.
    writeFileSync(join(dataDir, ".lock-owner"), JSON.stringify({ pid: 1, hostname: `not-${hostname()}` }));
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
    // Not refreshed for an hour: its owner is gone.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(dataDir, ".lock"), anHourAgo, anHourAgo);
    const database = await open({ dataDir });
    await database.db.execute(sql`SELECT 1`);
  });

  it("takes no lock for an in-memory database", async () => {
    const first = await open({ dataDir: null, startFrom: emptyDatabaseDump() });
    const second = await open({ dataDir: null, startFrom: emptyDatabaseDump() });
    await first.db.execute(sql`SELECT 1`);
    await second.db.execute(sql`SELECT 1`);
    // The major version a restore compares a backup with, without starting a database of its own.
    const [{ version }] = (await first.sql.executeSql("SELECT current_setting('server_version') AS version")).rows as { version: string }[];
    expect(version.split(".")[0]).toBe(PGLITE_POSTGRES_MAJOR);
  });
});

describe("the embedded database's memory (issue 24)", () => {
  const setting = async (database: Database, name: string) => ((await database.sql.executeSql(`SHOW ${name}`)).rows as Record<string, string>[])[0][name];

  it("runs with a small company's buffers, not a server's, on every start, keeping PGlite's own parameters", async () => {
    const dataDir = tempDataDir();
    // The first start creates the folder (initdb writes a server's 128 MB of shared buffers into
    // its postgresql.conf); the second opens it as a restarted server does.
    const first = await openDatabase({ dataDir });
    expect(await setting(first, "shared_buffers")).toBe("32MB");
    await first.close();
    const again = await open({ dataDir });
    expect(await setting(again, "shared_buffers")).toBe("32MB");
    expect(await setting(again, "maintenance_work_mem")).toBe("16MB");
    expect(await setting(again, "wal_buffers")).toBe("1MB");
    // PGlite's defaults still apply (they are replaced, not added to, when start parameters are given).
    expect(await setting(again, "search_path")).toBe("public");
    expect(await setting(again, "max_parallel_workers_per_gather")).toBe("0");
  });
});

const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };

/** A new, empty database on TEST_DATABASE_URL's server, dropped after the test. */
async function emptyDatabase(serverUrl: string): Promise<string> {
  const scratch = await emptyPostgresDatabase(serverUrl, "vps_migrate");
  defer(() => scratch.drop());
  return scratch.url;
}

async function appliedMigrations(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
  return result.rows[0].n;
}

describe("migrations", () => {
  const serverUrl = process.env.TEST_DATABASE_URL;

  // Several instances exist only with PostgreSQL (the embedded folder is locked to one process), so
  // this test is registered in the PostgreSQL suite (TEST_DATABASE_URL), which CI always runs.
  if (serverUrl)
    it("four instances migrating one empty PostgreSQL database at once all start, applying each migration once", async () => {
      const databaseUrl = await emptyDatabase(serverUrl!);
      const instances = await Promise.all([1, 2, 3, 4].map(() => open({ databaseUrl, dataDir: null })));
      await Promise.all(instances.map((instance) => instance.migrate()));
      expect(await appliedMigrations(instances[0])).toBe(journal.entries.length);
      // Started again later, nothing is applied twice.
      await Promise.all(instances.map((instance) => instance.migrate()));
      expect(await appliedMigrations(instances[0])).toBe(journal.entries.length);
      // The migration lock is given back: nobody is left holding an advisory lock.
      const locks = (
        await instances[0].sql.executeSql(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        )
      ).rows as { n: number }[];
      expect(locks[0].n).toBe(0);
    });

  it("migrating the embedded database twice applies each migration once", async () => {
    const dataDir = await dataDirWithDatabase();
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.migrate();
    expect(await appliedMigrations(first)).toBe(journal.entries.length);
    await first.close();
    const again = await open({ dataDir });
    await again.migrate();
    expect(await appliedMigrations(again)).toBe(journal.entries.length);
  });
});

describe("hot reads: named prepared statements, several on one connection", () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const backendPid = "select pg_backend_pid() as pid";

  it("a name runs its statement with each request's values (embedded database)", async () => {
    const database = await open({ dataDir: null, startFrom: emptyDatabaseDump() });
    const double = (n: number) => database.sql.prepared<{ n: number }>("test_double", "select ($1::int * 2) as n", [n]);
    expect(await double(2)).toEqual([{ n: 4 }]);
    expect(await double(21)).toEqual([{ n: 42 }]);
    expect(await database.sql.onOneConnection(async (query) => (await query<{ n: number }>("test_double", "select ($1::int * 2) as n", [5]))[0].n)).toBe(10);
  });

  // The pool exists only with PostgreSQL; registered in its suite, which CI always runs.
  if (serverUrl)
    it("keeps one connection for the work, gives it back when done, and closes it after an error", async () => {
      // One connection, so a connection not given back hangs the next read.
      const database = await open({ databaseUrl: await emptyDatabase(serverUrl!), dataDir: null, databasePoolSize: 1 });
      expect(database.poolStats()?.max).toBe(1);
      const pids = await database.sql.onOneConnection(async (query) => [
        (await query<{ pid: number }>("test_pid", backendPid, []))[0].pid,
        (await query<{ pid: number }>("test_pid", backendPid, []))[0].pid,
      ]);
      expect(pids[0]).toBe(pids[1]);

      // Work that ends normally gives its connection back: the same backend answers the next read.
      expect((await database.sql.prepared<{ pid: number }>("test_pid", backendPid, []))[0].pid).toBe(pids[0]);

      // An error gives the connection up (else the one connection would be lost and the next read would wait for ever).
      await expect(database.sql.onOneConnection((query) => query("test_bad", "select 1 / $1::int", [0]))).rejects.toThrow(/division by zero/);
      const afterError = (await database.sql.prepared<{ pid: number }>("test_pid", backendPid, []))[0].pid;

      // A connection the server terminates in the middle of the work is not handed out again.
      await expect(database.sql.onOneConnection((query) => query("test_kill", "select pg_terminate_backend(pg_backend_pid())", []))).rejects.toThrow();
      const afterKill = (await database.sql.prepared<{ pid: number }>("test_pid", backendPid, []))[0].pid;
      expect(afterKill).not.toBe(afterError);
    });
});
