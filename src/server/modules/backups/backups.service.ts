import { mkdir, readdir, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { FastifyBaseLogger } from "fastify";
import * as tar from "tar";
import { version as APP_VERSION } from "../../../../package.json";
import type { Database, Db } from "../../db/client";
import type { OutboxSender } from "../../jobs/outbox";
import { conflict } from "../../lib/errors";
import { backupsAdminText } from "@/common/schemas/backups";
import type { BackupsStatus } from "@/common/schemas/backups";
import { BackupFileError, HEADER_BYTES, writeBackupFile, type BackupManifest, type ManifestFacts, type Payload } from "./backup-file";
import { createBackupsRepository, type BackupRun, type BackupsRepository } from "./backups.repository";
import { backupText as text } from "./backups.text";
import { pgDump } from "./pg-tools";

export type BackupsConfig = {
  /** Where the nightly backup goes; null: no nightly backup. */
  backupDir: string | null;
  /** How many nightly backups are kept in backupDir. */
  backupKeep: number;
  databaseUrl?: string;
};

export type BackupsDeps = {
  database: Database;
  repo: BackupsRepository;
  config: BackupsConfig;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Sends what is due (after held e-mails are released). */
  outbox?: Pick<OutboxSender, "sweep">;
  now?: () => Date;
};

const NIGHTLY_NAME = /^varmepumpsservice-\d{8}T\d{6}Z\.vpsbackup$/;
/** The nightly file's name: the moment it was started, in UTC, so names sort by time and never repeat across a DST change. */
export const nightlyFileName = (at: Date) =>
  `varmepumpsservice-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.vpsbackup`;

const RUNS_SHOWN = 10;
const ERROR_KEPT = 500;

/**
 * Backups of the database the app runs on (docs/decisions/0010-backups.md): a file of the database's
 * own tool's output with a manifest, the nightly one in BACKUP_DIR, every run recorded for the
 * integrations screen. Also the e-mails held after a restore, until an admin releases or discards them.
 */
export function createBackups({ database, repo, config, log, outbox, now = () => new Date() }: BackupsDeps) {
  // One backup at a time in this process: each holds a copy of the embedded database in memory.
  let running: Promise<unknown> = Promise.resolve();

  async function facts(): Promise<ManifestFacts> {
    const { migrations, databaseVersion } = await repo.facts();
    const embedded = database.kind === "pglite";
    return {
      kind: embedded ? "embedded" : "postgres",
      appVersion: APP_VERSION,
      migrations,
      databaseVersion,
      payloadFormat: embedded ? "pglite-datadir-tar-gzip" : "pg_dump-custom",
    };
  }

  async function payload(): Promise<Payload> {
    if (database.kind === "postgres") return pgDump(config.databaseUrl!);
    // Copied under PGlite's locks; packed and compressed from the copy while requests run again.
    const snapshot = await database.snapshot!();
    // Node's gzip works off the event loop (node-tar's own would compress on it, stalling requests).
    const stream = Readable.from(tar.c({ cwd: snapshot.folder, portable: true }, ["."])).pipe(createGzip());
    return { stream, finished: finished(stream).finally(() => snapshot.remove()) };
  }

  /** Why a run failed, as the screen shows it: one sentence, never the database's password. */
  function reasonOf(error: unknown, path: string): string {
    const { code, syscall } = error as NodeJS.ErrnoException;
    // The file system's own errors (a folder missing, not writable, a full disk) name their code.
    let message = code && syscall ? text.cannotWrite(dirname(path), code) : error instanceof Error ? error.message : String(error);
    const password = config.databaseUrl ? new URL(config.databaseUrl).password : "";
    if (password) message = message.split(decodeURIComponent(password)).join("***").split(password).join("***");
    return message.slice(0, ERROR_KEPT);
  }

  /** Writes a backup to `path` and records the run (ok or failed, then rethrown). */
  function backupTo(path: string, kind: BackupRun["kind"]): Promise<BackupManifest> {
    const turn = running.then(async () => {
      const startedAt = now();
      const fileName = path.split("/").pop()!;
      try {
        if (kind === "nightly") await mkdir(dirname(path), { recursive: true });
        const manifest = await writeBackupFile(path, await facts(), payload);
        await repo.record({ kind, status: "ok", fileName, sizeBytes: manifest.payload.bytes + HEADER_BYTES, startedAt });
        log.info({ kind, bytes: manifest.payload.bytes }, "säkerhetskopia klar");
        return manifest;
      } catch (error) {
        const reason = reasonOf(error, path);
        await repo.record({ kind, status: "failed", fileName, error: reason, startedAt }).catch(() => {});
        // A file system error is told as the sentence recorded; the others are sentences already.
        throw (error as NodeJS.ErrnoException).syscall ? new BackupFileError(reason, { cause: error }) : error;
      }
    });
    running = turn.catch(() => {});
    return turn;
  }

  /** Keeps the newest `keep` nightly files in the folder; other files there are never touched. */
  async function prune(folder: string) {
    const nightly = (await readdir(folder)).filter((name) => NIGHTLY_NAME.test(name)).sort();
    for (const name of nightly.slice(0, Math.max(0, nightly.length - config.backupKeep))) await unlink(join(folder, name));
  }

  return {
    backupTo,

    /** The nightly job: a backup in BACKUP_DIR, then the oldest beyond BACKUP_KEEP go. A failure is recorded, never thrown. */
    async runNightly(): Promise<void> {
      const folder = config.backupDir;
      if (!folder) return;
      const path = join(folder, nightlyFileName(now()));
      try {
        await backupTo(path, "nightly");
      } catch (error) {
        log.error({ err: error }, "nattlig säkerhetskopia misslyckades");
        return;
      }
      await prune(dirname(path)).catch((error: unknown) => log.warn({ err: error }, "gamla säkerhetskopior kunde inte tas bort"));
    },

    async status(): Promise<BackupsStatus> {
      const [runs, held] = await Promise.all([repo.recent(RUNS_SHOWN), repo.heldCount()]);
      return {
        nightly: config.backupDir ? { configured: true, keep: config.backupKeep } : { configured: false, keep: config.backupKeep },
        runs: runs.map((run) => ({
          id: run.id,
          kind: run.kind,
          status: run.status,
          fileName: run.fileName,
          sizeBytes: run.sizeBytes,
          error: run.error,
          startedAt: run.startedAt.toISOString(),
          finishedAt: run.finishedAt.toISOString(),
        })),
        heldEmails: held,
      };
    },

    latestFailure: () => latestFailureOf(repo, config),

    /** 'Skicka kvarhållna': every held e-mail back in the queue, sent now when SMTP is configured. */
    async releaseHeld(userId: number): Promise<number> {
      const ids = await repo.releaseHeld(userId);
      if (ids.length === 0) throw conflict(backupsAdminText.noneHeld);
      log.info({ userId, count: ids.length }, "kvarhållna e-post släppta");
      if (outbox) void outbox.sweep().catch((error: unknown) => log.error({ err: error }, "utkorgen kunde inte skicka"));
      return ids.length;
    },

    /** 'Släng': every held e-mail is never sent, and stays listed as discarded. */
    async discardHeld(userId: number): Promise<number> {
      const count = await repo.discardHeld(userId);
      if (count === 0) throw conflict(backupsAdminText.noneHeld);
      log.info({ userId, count }, "kvarhållna e-post slängda");
      return count;
    },
  };
}
export type Backups = ReturnType<typeof createBackups>;

async function latestFailureOf(repo: BackupsRepository, config: Pick<BackupsConfig, "backupDir">): Promise<{ at: Date; message: string } | null> {
  if (!config.backupDir) return null;
  const latest = await repo.latest("nightly");
  return latest?.status === "failed" ? { at: latest.finishedAt, message: latest.error ?? "" } : null;
}

/**
 * For the admin overview's alert: the latest nightly backup failed (when and why); null when it
 * succeeded, none ran yet, or no nightly backup is configured (BACKUP_DIR unset).
 */
export function latestBackupFailure(db: Db, config: Pick<BackupsConfig, "backupDir">): Promise<{ at: Date; message: string } | null> {
  return latestFailureOf(createBackupsRepository(db), config);
}
