import { existsSync, lstatSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { AppConfig } from "../../config";
import { openDatabase, type Database } from "../../db/client";
import { buildApp } from "../../app";
import { enqueueEmail, withdrawQueued } from "../../jobs/outbox";
import { cleanupAfterEach, emptyPostgresDatabase, scratchFolder } from "../../test-support/scratch";
import { templateDataDir } from "../../test-support/templates";
import { SAME_ORIGIN, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";
import { readManifest, verifyPayload } from "./backup-file";
import { createBackupsRepository } from "./backups.repository";
import { createBackups, latestBackupFailure } from "./backups.service";
import { backupCommand } from "./commands";
import { askServerForBackup, controlSocketPath } from "./control-socket";

// Issue 24 (backups): the nightly backup in BACKUP_DIR (kept to BACKUP_KEEP, a failure recorded and
// shown), the admin's view of it and of the e-mails held after a restore, and the embedded server's
// control socket. On both databases: pg_dump with TEST_DATABASE_URL, PGlite's snapshot without.

const defer = cleanupAfterEach();
const serverUrl = process.env.TEST_DATABASE_URL;

/** A migrated database of its own, and its URL on PostgreSQL (pg_dump needs one). */
async function freshDatabase(): Promise<{ database: Database; databaseUrl?: string }> {
  if (!serverUrl) {
    // In a folder, as DATA_DIR: the backup copies it. A copy of the run's migrated database, as a server's folder holds it.
    const database = await openDatabase({ dataDir: await templateDataDir(join(scratchFolder("vps-backups-db-", defer), "data"), "migrated") });
    await database.migrate();
    defer(() => database.close());
    return { database };
  }
  const scratch = await emptyPostgresDatabase(serverUrl, "vps_backups");
  defer(() => scratch.drop());
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  defer(() => database.close());
  await database.migrate();
  return { database, databaseUrl: scratch.url };
}

async function appWith(config: Partial<AppConfig>, fresh?: { database: Database; databaseUrl?: string }) {
  const { database, databaseUrl } = fresh ?? (await freshDatabase());
  const app = await buildApp(testConfig({ databaseUrl, ...config }), { database });
  defer(() => app.close());
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin" });
  await createUser(database, { username: "tekla", password: "Tekla12345", role: "technician" });
  return { app, database, admin: await loginAs(app, "chef", "Chef12345", "admin"), tekla: await loginAs(app, "tekla", "Tekla12345") };
}

const status = async (app: FastifyInstance, cookie: string) => (await app.inject({ method: "GET", url: "/api/admin/backups", headers: { cookie } })).json();
const NIGHTLY = /^varmepumpsservice-\d{8}T\d{6}Z\.vpsbackup$/;

describe("the nightly backup", () => {
  it(
    "writes a whole, restorable file in BACKUP_DIR, keeps the newest BACKUP_KEEP of its own and no other file is touched; the screen lists it with its size",
    { timeout: 60_000 },
    async () => {
      const folder = scratchFolder("vps-nightly-", defer);
      const older = [
        "varmepumpsservice-20260101T013000Z.vpsbackup",
        "varmepumpsservice-20260102T013000Z.vpsbackup",
        "varmepumpsservice-20260103T013000Z.vpsbackup",
      ];
      const others = ["egen-kopia.vpsbackup", "anteckningar.txt"];
      for (const name of [...older, ...others]) writeFileSync(join(folder, name), name);
      const { app, admin } = await appWith({ backupDir: folder, backupKeep: 2 });

      await app.jobs["nightly-backup"].run();

      const made = readdirSync(folder).filter((name) => NIGHTLY.test(name) && !older.includes(name));
      expect(made).toHaveLength(1);
      expect(readdirSync(folder).sort()).toEqual([...others, older[2], made[0]].sort());
      const path = join(folder, made[0]);
      const manifest = await readManifest(path);
      await verifyPayload(path, manifest);
      expect(manifest).toMatchObject({
        format: 1,
        kind: serverUrl ? "postgres" : "embedded",
        appVersion: "0.1.0",
        payload: { format: serverUrl ? "pg_dump-custom" : "pglite-datadir-tar-gzip" },
      });
      // Readable by the server's own user only: it holds every customer's data.
      expect(statSync(path).mode & 0o777).toBe(0o600);

      expect(await status(app, admin)).toEqual({
        nightly: { configured: true, keep: 2 },
        runs: [
          {
            id: expect.any(Number),
            kind: "nightly",
            status: "ok",
            fileName: made[0],
            sizeBytes: statSync(path).size,
            error: null,
            startedAt: expect.any(String),
            finishedAt: expect.any(String),
          },
        ],
        heldEmails: 0,
      });
      expect(await app.backups.latestFailure()).toBeNull();
    },
  );

  it(
    "that cannot be written is recorded as failed with its reason, shown, and reported by latestBackupFailure until one succeeds",
    { timeout: 60_000 },
    async () => {
      const scratch = scratchFolder("vps-nightly-bad-", defer);
      // A folder inside a file can never be made, whoever runs the app (root included).
      writeFileSync(join(scratch, "en-fil"), "");
      const folder = join(scratch, "en-fil", "kopior");
      const fresh = await freshDatabase();
      const { app, admin } = await appWith({ backupDir: folder }, fresh);

      await expect(app.jobs["nightly-backup"].run()).resolves.toBeUndefined();

      const reason = `Kunde inte skriva säkerhetskopian i ${folder} (ENOTDIR).`;
      const [run] = (await status(app, admin)).runs;
      expect(run).toMatchObject({ kind: "nightly", status: "failed", sizeBytes: null, error: reason });
      expect(run.fileName).toMatch(NIGHTLY);
      const failure = await latestBackupFailure(fresh.database.db, { backupDir: folder });
      expect(failure).toEqual({ at: expect.any(Date), message: reason });
      expect(await app.backups.latestFailure()).toEqual(failure);
      // The admin overview says so in red (issue 24), with the reason.
      const overview = await app.inject({ method: "GET", url: "/api/admin/overview", headers: { cookie: admin } });
      expect(overview.statusCode, overview.body).toBe(200);
      expect(overview.json().alerts).toContainEqual({ kind: "backup-failed", since: failure!.at.toISOString(), message: reason });
      // No nightly backup configured: nothing to warn about.
      expect(await latestBackupFailure(fresh.database.db, { backupDir: null })).toBeNull();

      // The next night, with a folder that works, clears it.
      const good = scratchFolder("vps-nightly-good-", defer);
      const log = { info() {}, warn() {}, error() {} };
      await createBackups({
        database: fresh.database,
        repo: createBackupsRepository(fresh.database.db),
        config: { backupDir: good, backupKeep: 7, databaseUrl: fresh.databaseUrl },
        log,
      }).runNightly();
      expect(await latestBackupFailure(fresh.database.db, { backupDir: good })).toBeNull();
    },
  );

  it("does nothing without BACKUP_DIR, and the screen says no nightly backup is made", async () => {
    const { app, admin } = await appWith({});
    await app.jobs["nightly-backup"].run();
    expect(await status(app, admin)).toEqual({ nightly: { configured: false, keep: 7 }, runs: [], heldEmails: 0 });
  });

  if (serverUrl)
    it("fails, saying why, when pg_dump is not installed", { timeout: 60_000 }, async () => {
      const folder = scratchFolder("vps-nightly-nodump-", defer);
      const { app, admin } = await appWith({ backupDir: folder });
      const path = process.env.PATH;
      process.env.PATH = "/nonexistent";
      try {
        await app.jobs["nightly-backup"].run();
      } finally {
        process.env.PATH = path;
      }
      expect((await status(app, admin)).runs[0]).toMatchObject({
        status: "failed",
        error:
          "pg_dump finns inte på den här datorn. Installera PostgreSQL:s klientprogram (paketet postgresql-client) i samma huvudversion som databasservern eller nyare.",
      });
      // Nothing half-written is left behind.
      expect(readdirSync(folder)).toEqual([]);
    });

  if (serverUrl)
    it("records pg_dump's own reason, never the database's password", { timeout: 60_000 }, async () => {
      const folder = scratchFolder("vps-nightly-pw-", defer);
      const wrong = new URL(serverUrl!);
      wrong.username = "postgres";
      wrong.password = "hemligt-lösen-123";
      wrong.pathname = "/finns_inte_alls";
      const { app, admin } = await appWith({ backupDir: folder, databaseUrl: wrong.toString() });
      await app.jobs["nightly-backup"].run();
      const [run] = (await status(app, admin)).runs;
      expect(run.status).toBe("failed");
      expect(run.error).toMatch(/^pg_dump misslyckades: .*finns_inte_alls/s);
      expect(JSON.stringify(run)).not.toContain("hemligt");
    });
});

describe("the backups screen's API", () => {
  it("is for admins only", async () => {
    const { app, tekla } = await appWith({});
    expect((await app.inject({ method: "GET", url: "/api/admin/backups" })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/admin/backups", headers: { cookie: tekla } })).statusCode).toBe(403);
    for (const action of ["release", "discard"]) {
      const answer = await app.inject({ method: "POST", url: `/api/admin/outbox/held/${action}`, headers: { ...SAME_ORIGIN, cookie: tekla } });
      expect(answer.statusCode, action).toBe(403);
    }
  });
});

describe("e-mails held after a restore", () => {
  async function heldMessages(database: Database, count: number) {
    for (let n = 1; n <= count; n++)
      await enqueueEmail(database.db, { to: `kund${n}@exempel.se`, subject: `Meddelande ${n}`, text: "Hej!" }, { customerId: null });
    return createBackupsRepository(database.db).holdQueued();
  }

  it("are released once when two admins press at the same moment: the other hears there are none", async () => {
    const { app, database, admin } = await appWith({});
    await createUser(database, { username: "chef2", password: "Chef12345", role: "admin" });
    const other = await loginAs(app, "chef2", "Chef12345", "admin");
    expect(await heldMessages(database, 3)).toBe(3);
    expect((await status(app, admin)).heldEmails).toBe(3);

    const release = (cookie: string) => app.inject({ method: "POST", url: "/api/admin/outbox/held/release", headers: { ...SAME_ORIGIN, cookie } });
    const answers = await Promise.all([release(admin), release(other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toEqual({ count: 3 });
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: "Inga e-post hålls kvar." });
    const rows = await queryRows<{ status: string; decided: number }>(
      database,
      sql`select status, count(distinct hold_decided_by)::int as decided from email_outbox group by status`,
    );
    expect(rows).toEqual([{ status: "queued", decided: 1 }]);
    expect((await status(app, admin)).heldEmails).toBe(0);
  });

  it("are never sent once discarded, and stay listed as discarded with who decided", async () => {
    const { app, database, admin } = await appWith({});
    await heldMessages(database, 2);
    const discard = await app.inject({ method: "POST", url: "/api/admin/outbox/held/discard", headers: { ...SAME_ORIGIN, cookie: admin } });
    expect(discard.json()).toEqual({ count: 2 });
    const [{ chef }] = await queryRows<{ chef: number }>(database, sql`select id as chef from users where username = 'chef'`);
    expect(await queryRows(database, sql`select status, hold_decided_by from email_outbox group by status, hold_decided_by`)).toEqual([
      { status: "discarded", hold_decided_by: chef },
    ]);
    const list = await app.inject({ method: "GET", url: "/api/admin/outbox?status=discarded", headers: { cookie: admin } });
    expect(list.json().counts).toMatchObject({ discarded: 2, held: 0, queued: 0 });
    expect(list.json().messages).toHaveLength(2);
    const again = await app.inject({ method: "POST", url: "/api/admin/outbox/held/discard", headers: { ...SAME_ORIGIN, cookie: admin } });
    expect(again.statusCode).toBe(409);
  });

  it("are replaced by a later message of the same kind (a visit moved again after the restore)", async () => {
    const { database } = await freshDatabase();
    await enqueueEmail(database.db, { to: "kund@exempel.se", subject: "Flyttat besök", text: "Ny tid: 10:00" }, { customerId: null }, { dedupeKey: "moved-1" });
    await createBackupsRepository(database.db).holdQueued();
    expect(await withdrawQueued(database.db, "moved-1")).toBeInstanceOf(Date);
    expect(await queryRows(database, sql`select id from email_outbox`)).toEqual([]);
  });
});

if (!serverUrl)
  describe("the embedded server's control socket", () => {
    it(
      "lets `npm run backup` take the backup through the running server, in a folder only its user may enter; once stopped, the command opens DATA_DIR itself",
      { timeout: 60_000 },
      async () => {
        const dataDir = join(scratchFolder("vps-control-", defer), "data");
        // A folder left world-writable, and a socket left by a killed server: both put right at start.
        mkdirSync(join(dataDir, "control"), { recursive: true, mode: 0o777 });
        writeFileSync(controlSocketPath(dataDir), "");
        const database = await openDatabase({ dataDir: await templateDataDir(dataDir, "migrated") });
        defer(() => database.close());
        await database.migrate();
        const { app, admin } = await appWith({ dataDir }, { database });
        expect(lstatSync(join(dataDir, "control")).mode & 0o777).toBe(0o700);
        expect(lstatSync(controlSocketPath(dataDir)).isSocket()).toBe(true);

        const files = scratchFolder("vps-control-files-", defer);
        const first = join(files, "medan-servern-kor.vpsbackup");
        expect(await backupCommand(first, { dataDir, backupDir: null, backupKeep: 7 })).toEqual([
          "Den körande servern tog säkerhetskopian (datamappen är dess).",
          expect.stringMatching(/^Säkerhetskopian skrevs till .*medan-servern-kor\.vpsbackup \(.+\)\.$/),
        ]);
        await verifyPayload(first, await readManifest(first));
        // The copy it was packed from is gone again.
        expect(existsSync(join(dataDir, "snapshot"))).toBe(false);
        expect((await status(app, admin)).runs).toMatchObject([{ kind: "manual", status: "ok", fileName: "medan-servern-kor.vpsbackup" }]);
        // Only an absolute path is taken (the server's working folder is not the command's).
        expect(await askServerForBackup(dataDir, "relativ.vpsbackup")).toEqual({ kind: "failed", message: "Användning: npm run backup -- <fil>" });

        await app.close();
        await database.close();
        expect(existsSync(controlSocketPath(dataDir))).toBe(false);
        const second = join(files, "utan-server.vpsbackup");
        expect(await backupCommand(second, { dataDir, backupDir: null, backupKeep: 7 })).toEqual([
          expect.stringMatching(/^Säkerhetskopian skrevs till .*utan-server\.vpsbackup/),
        ]);
        await verifyPayload(second, await readManifest(second));
      },
    );
  });
