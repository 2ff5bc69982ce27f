import { spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Payload } from "./backup-file";
import { backupText as text } from "./backups.text";

// pg_dump and pg_restore, PostgreSQL's own tools (docs/decisions/0010-backups.md): pg_dump reads one
// snapshot of the database (MVCC), so it is consistent while the app writes; its custom format is
// what pg_restore reads. They must be installed beside the app, in the database server's major version or newer.

/** How the tools connect: DATABASE_URL without its password, which goes in PGPASSWORD (never on a command line others can read). */
export function toolConnection(databaseUrl: string): { uri: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password) || url.searchParams.get("password") || "";
  url.password = "";
  url.searchParams.delete("password");
  return { uri: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** A tool's failure as a sentence: its last lines of stderr, never a password. */
export class PgToolError extends Error {
  readonly code = "PG_TOOL";
  override name = "PgToolError";
}

const STDERR_KEPT = 4000;

function run(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string, stdio: { stdin?: Readable; stdout: boolean }) {
  const { uri, env } = toolConnection(databaseUrl);
  const child = spawn(tool, [...args, `--dbname=${uri}`], { env, stdio: [stdio.stdin ? "pipe" : "ignore", stdio.stdout ? "pipe" : "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + String(chunk)).slice(-STDERR_KEPT);
  });
  const secret = env.PGPASSWORD;
  const clean = (message: string) => (secret ? message.split(secret).join("***") : message).trim();
  const finished = new Promise<void>((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(new PgToolError(error.code === "ENOENT" ? text.toolMissing(tool) : text.toolFailed(tool, clean(error.message)))),
    );
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new PgToolError(text.toolFailed(tool, clean(stderr) || `avslutades med ${signal ?? `kod ${code}`}`)));
    });
  });
  return { child, finished };
}

/** pg_dump of the whole database in its custom format, streamed. */
export function pgDump(databaseUrl: string): Promise<Payload> {
  const { child, finished } = run("pg_dump", ["--format=custom", "--no-password"], databaseUrl, { stdout: true });
  return Promise.resolve({ stream: child.stdout!, finished });
}

/**
 * pg_restore of a custom-format archive into the database, in one transaction: it is restored whole or
 * not at all. Objects belong to DATABASE_URL's user (--no-owner, --no-acl), whoever owned them before.
 */
export async function pgRestore(databaseUrl: string, archive: Readable): Promise<void> {
  const { child, finished } = run("pg_restore", ["--no-owner", "--no-acl", "--exit-on-error", "--single-transaction", "--no-password"], databaseUrl, {
    stdin: archive,
    stdout: false,
  });
  // pg_restore stops reading when it fails: its closed stdin is not the failure to report.
  await Promise.all([pipeline(archive, child.stdin!).catch(() => {}), finished]);
}
