import { rmSync, writeFileSync, mkdtempSync } from "node:fs";
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
    /** A migrated database on the TEST_DATABASE_URL server that test databases are copied from. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database per run and hands it to every test file as a template: each file's database
 * is a copy (PGlite's dump loaded, PostgreSQL's CREATE DATABASE … TEMPLATE) instead of a new database
 * migrated from nothing. An empty PGlite costs ~6 s to create, a copy of the template ~1 s.
 */
export default async function setup(project: TestProject) {
  const bundle = await buildServerBundle();
  project.provide("serverBundleDir", bundle.dir);
  const removeTemplate = await provideTemplate(project);
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
    return () => template.drop();
  }
  const database = await openDatabase({ dataDir: null });
  let dump: Blob;
  try {
    await database.migrate();
    dump = await database.dump!();
  } finally {
    await database.close();
  }
  const folder = mkdtempSync(join(tmpdir(), "vps-template-"));
  const file = join(folder, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplateFile", file);
  project.provide("postgresTemplate", null);
  return () => rmSync(folder, { recursive: true, force: true });
}
