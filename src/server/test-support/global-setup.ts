import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { postgresDatabaseOnServer } from "./scratch";
import { buildServerBundle } from "./server-bundle";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated embedded database (TEST_DATABASE_URL unset). */
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
 * The embedded pass also keeps the new database before its migrations, and both as DATA_DIR folders,
 * for the tests of databases in a folder and of the server's own processes (templates.ts).
 * The bundle is built by esbuild's own process meanwhile.
 */
export default async function setup(project: TestProject) {
  const [bundle, removeTemplate] = await Promise.all([buildServerBundle(), provideTemplate(project)]);
  project.provide("serverBundleDir", bundle.dir);
  return async () => {
    await removeTemplate();
    bundle.remove();
  };
}

async function provideTemplate(project: TestProject): Promise<() => Promise<void> | void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await postgresDatabaseOnServer(serverUrl, "vps_template");
    const database = await openDatabase({ databaseUrl: template.url, dataDir: null });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide("postgresTemplate", template.name);
    project.provide("pgliteTemplateFile", null);
    project.provide("pgliteEmptyTemplateFile", null);
    project.provide("pgliteTemplateFolders", null);
    return () => template.drop();
  }
  const database = await openDatabase({ dataDir: null });
  let empty: Blob;
  let migrated: Blob;
  try {
    empty = await database.dump!();
    await database.migrate();
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
  project.provide("pgliteTemplateFile", files.migrated);
  project.provide("pgliteEmptyTemplateFile", files.empty);
  project.provide("pgliteTemplateFolders", folders);
  project.provide("postgresTemplate", null);
  return () => rmSync(folder, { recursive: true, force: true });
}
