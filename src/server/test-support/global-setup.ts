import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../db/client";
import { postgresDatabaseOnServer } from "./scratch";
import { buildServerBundle } from "./server-bundle";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated embedded database. */
    pgliteTemplateFile: string | null;
    /** A file holding the dump of a new embedded database before any migration, as initdb leaves it. */
    pgliteEmptyTemplateFile: string | null;
    /**
     * Where the two dumps are kept as folders, as DATA_DIR/pgdata holds a database (made at first use,
     * templates.ts): `empty` as a server's first start creates it before migrating, `migrated` with every migration.
     */
    pgliteTemplateFolders: { empty: string; migrated: string } | null;
    /** A migrated database on the TEST_DATABASE_URL server that test databases are copied from. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database per run and hands it to every test file as a template: each file's database
 * is a copy (PGlite's dump loaded, PostgreSQL's CREATE DATABASE … TEMPLATE) instead of a new database
 * migrated from nothing. An empty PGlite costs ~6 s of CPU to create, a copy of the template ~1 s.
 * The embedded database is also kept before its migrations, and both are kept as DATA_DIR folders, for
 * the tests of databases in a folder and of the server's own processes (templates.ts); those run in
 * the PostgreSQL pass (TEST_DATABASE_URL) too. The bundle is built by esbuild's own process meanwhile.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [bundle, embedded, postgres] = await Promise.all([buildServerBundle(), embeddedTemplates(), serverUrl ? postgresTemplate(serverUrl) : null]);
  project.provide("serverBundleDir", bundle.dir);
  project.provide("pgliteTemplateFile", embedded.files.migrated);
  project.provide("pgliteEmptyTemplateFile", embedded.files.empty);
  project.provide("pgliteTemplateFolders", embedded.folders);
  project.provide("postgresTemplate", postgres?.name ?? null);
  return async () => {
    await postgres?.drop();
    embedded.remove();
    bundle.remove();
  };
}

async function postgresTemplate(serverUrl: string) {
  const template = await postgresDatabaseOnServer(serverUrl, "vps_template");
  const database = await openDatabase({ databaseUrl: template.url, dataDir: null });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return template;
}

async function embeddedTemplates() {
  const database = await openDatabase({ dataDir: null });
  let empty: Blob;
  let migrated: Blob;
  try {
    empty = await database.dump!();
    await database.migrate();
    await withoutTemplateDatabases(database);
    migrated = await database.dump!();
  } finally {
    await database.close();
  }
  const folder = mkdtempSync(join(tmpdir(), "vps-template-"));
  const files = { empty: join(folder, "empty.tar"), migrated: join(folder, "template.tar") };
  writeFileSync(files.empty, Buffer.from(await empty.arrayBuffer()));
  writeFileSync(files.migrated, Buffer.from(await migrated.arrayBuffer()));
  // Made from the files by the first test that asks for one (templates.ts): most runs of one file need none.
  const folders = { empty: join(folder, "empty-pgdata"), migrated: join(folder, "migrated-pgdata") };
  return { files, folders, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Drops PostgreSQL's template databases (template0 and template1) from the migrated template: the app
 * connects only to its own database and never creates one, and they were 15 of its 43 MB. Every copy
 * of the template is loaded from those bytes, some 120 times a run: measured, a load took 0.6 s
 * (0.85 s of CPU) without them, 0.85 s (1.25 s) with. The template before migrations keeps them: it
 * stands for a new DATA_DIR as initdb leaves it.
 */
async function withoutTemplateDatabases(database: Database) {
  await database.db.execute(sql`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await database.db.execute(sql`DROP DATABASE template0`);
  await database.db.execute(sql`DROP DATABASE template1`);
  // The dump then starts from a checkpoint taken after the drops.
  await database.db.execute(sql`CHECKPOINT`);
}
