import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach } from "vitest";

// Throw-away resources for tests (folders, databases), removed after each test, newest first.

/** Registers an afterEach that runs the cleanups added during the test; returns `defer`. */
export function cleanupAfterEach() {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return (cleanup: () => Promise<void> | void) => void cleanups.push(cleanup);
}

/** A new empty folder under the system's temp folder. */
export function scratchFolder(prefix: string, defer: (cleanup: () => void) => void): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty database on a PostgreSQL server; returns its URL and how to drop it. */
export async function emptyPostgresDatabase(serverUrl: string, prefix = "vps_test"): Promise<{ url: string; drop(): Promise<void> }> {
  return postgresDatabaseOnServer(serverUrl, prefix);
}

/**
 * A new database on a PostgreSQL server, empty or a copy of `template` (which must have no open
 * connection while it is copied); returns its name, its URL and how to drop it.
 */
export async function postgresDatabaseOnServer(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
