import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import * as tar from "tar";
import { inject } from "vitest";
import { pgliteFolder, pgliteFolderInUse } from "../db/client";

// The run's template databases (global-setup.ts), for tests that need a database of their own in a
// folder or one without migrations. A new embedded database costs ~6 s of CPU to create (initdb in
// WebAssembly); a copy of a template about 1 s. A copy is the database the test would have made
// itself (the migrated one without PostgreSQL's template databases, which the app never uses:
// global-setup.ts), so each helper falls back to making nothing when a file runs outside the global
// set-up: whoever opens the folder then creates the database, and migrates it.

/** What the run's global set-up provided; nothing when a file runs outside it (its own vitest config). */
export function provided<K extends "pgliteTemplateFile" | "pgliteEmptyTemplateFile" | "pgliteTemplateFolders" | "postgresTemplate">(key: K) {
  try {
    return inject(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Puts a copy of the run's template database into the (new, empty) DATA_DIR `dataDir`, as a server
 * leaves it: `empty` as its first start creates it before the migrations run, `migrated` with every
 * migration applied. For tests whose point is not the creation of a database (the server, the
 * commands and the app still open, lock and migrate it themselves); one whose point is a first start
 * in an empty DATA_DIR must not use it.
 */
export async function templateDataDir(dataDir: string, state: "empty" | "migrated"): Promise<string> {
  if (pgliteFolderInUse(dataDir)) throw new Error(`${dataDir} already holds a database`);
  const folders = provided("pgliteTemplateFolders");
  const dump = provided(state === "empty" ? "pgliteEmptyTemplateFile" : "pgliteTemplateFile");
  if (folders && dump) {
    await extractOnce(dump, folders[state]);
    mkdirSync(dataDir, { recursive: true });
    cpSync(folders[state], pgliteFolder(dataDir), { recursive: true });
  }
  return dataDir;
}

/**
 * The dump as the database folder it was taken from (DATA_DIR/pgdata's contents), as a restore of an
 * embedded backup writes one: PGlite opens it as any DATA_DIR. Made once per run, by the first test
 * that needs it; put in place whole (a rename), so no test copies half of one. The dump's entries are
 * absolute paths inside PGlite's file system; tar puts them under the folder.
 */
async function extractOnce(dumpFile: string, folder: string) {
  if (existsSync(folder)) return;
  const partial = mkdtempSync(`${folder}-partial-`);
  try {
    await tar.x({ file: dumpFile, cwd: partial });
    renameSync(partial, folder);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(folder)) throw error; // else another file's test made it meanwhile
  }
}

/** A new embedded database before any migration, as `openDatabase`'s `startFrom` (undefined: create it). */
export function emptyDatabaseDump(): Blob | undefined {
  const file = provided("pgliteEmptyTemplateFile");
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/** The run's migrated embedded database, as `openDatabase`'s `startFrom` (undefined: create it, then migrate). */
export function migratedDatabaseDump(): Blob | undefined {
  const file = provided("pgliteTemplateFile");
  return file ? new Blob([readFileSync(file)]) : undefined;
}
