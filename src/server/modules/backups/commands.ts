import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { FastifyBaseLogger } from "fastify";
import * as tar from "tar";
import type { AppConfig } from "../../config";
import {
  DataDirInUseError,
  DataDirNotEmptyError,
  displayedDatabaseUrl,
  migrationsFolder,
  openDatabase,
  pgliteFolder,
  pgliteFolderInUse,
  PGLITE_POSTGRES_MAJOR,
} from "../../db/client";
import { BackupFileError, HEADER_BYTES, payloadOf, readManifest, verifyPayload, type BackupManifest } from "./backup-file";
import { createBackupsRepository } from "./backups.repository";
import { createBackups } from "./backups.service";
import { backupText as text } from "./backups.text";
import { askServerForBackup } from "./control-socket";
import { pgRestore } from "./pg-tools";
import { clearTarget, inspectTarget } from "./postgres-target";

// `npm run backup` and `npm run restore` (docs/decisions/0010-backups.md). Each returns the lines to
// print; a refusal is a BackupFileError with one sentence for the operator.

export type CommandConfig = Pick<AppConfig, "databaseUrl" | "dataDir" | "backupDir" | "backupKeep"> & Partial<Pick<AppConfig, "migrationsDir">>;

const quietLog = {
  info() {},
  warn: (...args: unknown[]) => console.warn(...args.filter((a) => typeof a === "string")),
  error() {},
} as unknown as FastifyBaseLogger;

/** Writes a backup of the configured database to `file` (never over an existing one). */
export async function backupCommand(file: string, config: CommandConfig): Promise<string[]> {
  const path = resolve(file);
  if (existsSync(path)) throw new BackupFileError(text.fileExists(path));
  if (!config.databaseUrl) {
    const dataDir = config.dataDir!;
    // The running server holds DATA_DIR: it takes the backup itself.
    const answer = await askServerForBackup(dataDir, path);
    if (answer.kind === "done") return [text.viaServer, text.created(path, answer.manifest.payload.bytes + HEADER_BYTES)];
    if (answer.kind === "failed") throw new BackupFileError(text.serverFailed(answer.message));
    if (!pgliteFolderInUse(dataDir)) throw new BackupFileError(`Datamappen ${dataDir} innehåller ingen databas.`);
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new BackupFileError(text.serverWithoutControl(error.dataDir));
    throw error;
  }
  try {
    const backups = createBackups({ database, repo: createBackupsRepository(database.db), config, log: quietLog });
    const manifest = await backups.backupTo(path, "manual");
    return [text.created(path, manifest.payload.bytes + HEADER_BYTES)];
  } finally {
    await database.close();
  }
}

/**
 * Restores `file` into the configured database, which must be empty (an empty DATA_DIR, or a database
 * without tables), unless `force`. Every e-mail that was queued in the backup is held afterwards.
 */
export async function restoreCommand(file: string, config: CommandConfig, { force = false } = {}): Promise<string[]> {
  const path = resolve(file);
  const manifest = await readManifest(path);
  const known = readMigrationFiles({ migrationsFolder: config.migrationsDir ?? migrationsFolder }).length;
  if (manifest.migrations > known) throw new BackupFileError(text.newerSchema(manifest.migrations, known));
  await verifyPayload(path, manifest);
  return config.databaseUrl ? restorePostgres(path, manifest, config.databaseUrl, force) : restoreEmbedded(path, manifest, config.dataDir!, force);
}

async function restorePostgres(path: string, manifest: BackupManifest, databaseUrl: string, force: boolean): Promise<string[]> {
  if (manifest.kind !== "postgres") throw new BackupFileError(text.wrongKindEmbedded(path));
  const shown = displayedDatabaseUrl(databaseUrl);
  const lines: string[] = [];
  const target = await inspectTarget(databaseUrl);
  if (target.otherSessions > 0) throw new BackupFileError(text.databaseInUse(shown, target.otherSessions));
  if (!target.empty) {
    if (!force) throw new BackupFileError(text.databaseNotEmpty(shown));
    await clearTarget(databaseUrl);
    lines.push(text.forceCleared(shown));
  }
  await pgRestore(databaseUrl, payloadOf(path));
  const database = await openDatabase({ databaseUrl, dataDir: null });
  try {
    const held = await createBackupsRepository(database.db).holdQueued();
    return [...lines, text.restored(manifest.createdAt, shown), text.held(held)];
  } finally {
    await database.close();
  }
}

async function restoreEmbedded(path: string, manifest: BackupManifest, dataDir: string, force: boolean): Promise<string[]> {
  if (manifest.kind !== "embedded") throw new BackupFileError(text.wrongKindPostgres(path));
  const ours = PGLITE_POSTGRES_MAJOR;
  const theirs = manifest.databaseVersion.split(".")[0];
  if (theirs !== ours) throw new BackupFileError(text.otherPostgresMajor(theirs, ours));
  if (pgliteFolderInUse(dataDir) && !force) throw new BackupFileError(text.dataDirNotEmpty(dataDir));

  // node-tar keeps every entry inside the folder (no absolute paths, no '..').
  const fill = (folder: string) => pipeline(payloadOf(path), tar.x({ cwd: folder, strict: true }));
  const movedTo = `${pgliteFolder(dataDir)}.replaced-${new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}`;
  let database;
  try {
    database = await openDatabase({ dataDir, restoreFrom: { fill, moveExistingTo: force ? movedTo : undefined } });
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new BackupFileError(text.dataDirInUse(error.dataDir));
    if (error instanceof DataDirNotEmptyError) throw new BackupFileError(text.dataDirNotEmpty(error.dataDir));
    throw error;
  }
  try {
    const held = await createBackupsRepository(database.db).holdQueued();
    const moved = existsSync(movedTo) ? [text.movedAside(pgliteFolder(dataDir), movedTo)] : [];
    return [...moved, text.restored(manifest.createdAt, dataDir), text.held(held)];
  } finally {
    await database.close();
  }
}
