import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import lockfile from "proper-lockfile";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A hot read as a named prepared statement: PostgreSQL parses and plans it once per connection
 * instead of on every request (a search's planning costs as much as running it). One name must
 * always carry the same text. PGlite, one connection in this process, just runs it.
 */
export type PreparedQuery = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

/** Raw SQL access for libraries that bring their own queries (pg-boss), and for hot reads. */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  prepared: PreparedQuery;
  /**
   * Several reads of one request on one connection: a request that needs a second query (a search
   * retried with its typos corrected) keeps its place instead of queueing for the pool again
   * behind every other request.
   */
  onOneConnection<T>(work: (prepared: PreparedQuery) => Promise<T>): Promise<T>;
};

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  sql: SqlExecutor;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir: string | null;
  migrationsDir?: string;
  /**
   * After how long without a refresh a DATA_DIR lock counts as left behind by a dead process.
   * Every process opening the same folder must use the same value; only tests change it.
   */
  lockStaleMs?: number;
};

// Resolved from the working directory: npm scripts, tests and the bundled server all run in the project root.
export const migrationsFolder = resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/** Key of the PostgreSQL advisory lock that serialises migrations across instances (any constant bigint). */
export const MIGRATION_LOCK_KEY = "7235961204417583361";

/**
 * The embedded database folder is held by another process (or by another openDatabase in this one).
 * PGlite is a single-process database: two processes on one folder overwrite each other's writes.
 */
export class DataDirInUseError extends Error {
  readonly code = "DATA_DIR_IN_USE";
  constructor(readonly dataDir: string) {
    super(
      `Datamappen ${dataDir} används redan av en annan process (troligen en körande server). ` +
        "Stoppa den först, eller använd DATABASE_URL för att köra flera instanser mot PostgreSQL.",
    );
    this.name = "DataDirInUseError";
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const folder = options.migrationsDir ?? migrationsFolder;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, folder);
  return openPglite(options.dataDir, folder, options.lockStaleMs ?? DEFAULT_LOCK_STALE_MS);
}

async function openPostgres(url: string, migrationsDir: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    sql: {
      executeSql: async (text, values) => pool.query(text, values as unknown[]),
      prepared: async <Row>(name: string, text: string, values: unknown[]) => (await pool.query({ name, text, values })).rows as Row[],
      onOneConnection: async (work) => {
        const client = await pool.connect();
        let failed: Error | undefined;
        try {
          return await work(async <Row>(name: string, text: string, values: unknown[]) => (await client.query({ name, text, values })).rows as Row[]);
        } catch (error) {
          failed = error as Error;
          throw error;
        } finally {
          // As pool.query does: a connection that saw an error is closed, not reused (it may be one the
          // server has just terminated, before its socket is seen to close).
          client.release(failed);
        }
      },
    },
    migrate: () => migratePostgres(pool, migrationsDir),
    close: () => pool.end(),
  };
}

/**
 * Drizzle's migrator takes no lock: instances starting together on an empty database both create
 * the drizzle schema and both insert into __drizzle_migrations, and one crashes on a duplicate key.
 * A session advisory lock, held on the very connection the migrator uses, lets one instance migrate
 * while the others wait; they then find every migration applied and do nothing.
 */
async function migratePostgres(pool: pg.Pool, migrationsDir: string): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    // Destroy the connection rather than return it: closing the session also drops the advisory
    // lock if the unlock itself could not be sent.
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

async function openPglite(dataDir: string | null, migrationsDir: string, lockStaleMs: number): Promise<Database> {
  const releaseLock = dataDir ? await lockDataDir(dataDir, lockStaleMs) : async () => {};
  let client: PGlite;
  try {
    // pg_trgm: the admin list's search index (migration 0006), as on a PostgreSQL server.
    const options = { extensions: { pg_trgm } };
    client = dataDir ? new PGlite(`${dataDir}/pgdata`, options) : new PGlite(options);
    await client.waitReady;
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    sql: {
      // PGlite's exec runs multi-statement SQL (no parameters); query takes parameters.
      executeSql: async (text, values) =>
        values && values.length > 0 ? client.query(text, values) : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
      prepared: async <Row>(_name: string, text: string, values: unknown[]) => (await client.query<Row>(text, values)).rows,
      onOneConnection(work) {
        return work(this.prepared);
      },
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsDir }),
    // The folder is released only after PGlite has flushed and closed it; closing twice is harmless.
    close: () =>
      (closing ??= (async () => {
        try {
          await client.close();
        } finally {
          await releaseLock();
        }
      })()),
  };
}

// proper-lockfile refreshes the lock's mtime every LOCK_UPDATE_MS; a lock not refreshed for
// DEFAULT_LOCK_STALE_MS is taken over. Generous, so a long stall of the event loop (a large PGlite
// query) cannot make a live server's lock look abandoned.
const DEFAULT_LOCK_STALE_MS = 20_000;
const LOCK_UPDATE_MS = 5_000;

// Folders locked by this process. Shared through globalThis so a second copy of this module (a
// bundle, a test runner) still sees them.
const heldHere: Set<string> = ((globalThis as { __vpsDataDirLocks?: Set<string> }).__vpsDataDirLocks ??= new Set());

type LockOwner = { pid: number; hostname: string };

/**
 * Takes the exclusive lock on an embedded database folder (`<dataDir>/.lock`, a directory made with
 * an atomic mkdir, see proper-lockfile) and returns its release. The lock is released on close(),
 * and by proper-lockfile on any exit Node sees; only SIGKILL, a crash of the VM or a power cut leave
 * it behind. Such a lock is taken over once it is stale; when its owner (`<dataDir>/.lock-owner`)
 * was a process on this machine that no longer runs, we wait for that instead of refusing, so a
 * server restarted right after a crash comes up by itself.
 */
async function lockDataDir(dataDir: string, staleMs: number): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const dir = realpathSync(dataDir);
  const ownerFile = join(dir, ".lock-owner");
  const options: lockfile.LockOptions = {
    stale: staleMs,
    update: Math.min(LOCK_UPDATE_MS, staleMs / 2),
    realpath: false,
    lockfilePath: join(dir, ".lock"),
    // Someone removed or took over our lock while we run: another process may be writing to the
    // same files now. Stop at once rather than keep writing (the default would throw from a timer).
    onCompromised: (error) => {
      console.error(`Låset på datamappen ${dir} gick förlorat (${error.message}); avslutar för att inte skriva samtidigt som en annan process.`);
      process.exit(1);
    },
  };

  let release: () => Promise<void>;
  try {
    if (heldHere.has(dir)) throw new DataDirInUseError(dir);
    try {
      release = await lockfile.lock(dir, options);
    } catch (error) {
      if ((error as { code?: string }).code !== "ELOCKED" || heldHere.has(dir) || !ownerHasDied(ownerFile)) throw error;
      // Poll until proper-lockfile finds the dead owner's lock stale (a little longer than staleMs).
      const retries = Math.ceil(staleMs / 500) + 4;
      release = await lockfile.lock(dir, { ...options, retries: { retries, factor: 1, minTimeout: 500, maxTimeout: 500 } });
    }
  } catch (error) {
    if (error instanceof DataDirInUseError || (error as { code?: string }).code === "ELOCKED") throw new DataDirInUseError(resolve(dataDir));
    throw error;
  }

  heldHere.add(dir);
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, hostname: hostname() } satisfies LockOwner));
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // The owner file goes first: once the lock is released it may already belong to the next process.
    rmSync(ownerFile, { force: true });
    heldHere.delete(dir);
    await release();
  };
}

/** True only when the lock's recorded owner is a process on this machine that is no longer running. */
function ownerHasDied(ownerFile: string): boolean {
  let owner: LockOwner;
  try {
    owner = JSON.parse(readFileSync(ownerFile, "utf8")) as LockOwner;
  } catch {
    return false; // No owner yet (it is being written) or unreadable: assume it is alive.
  }
  if (owner.hostname !== hostname() || !Number.isInteger(owner.pid)) return false;
  // Our own pid, but the lock is not ours: a previous run with the same pid (pid 1 in a container).
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as { code?: string }).code === "ESRCH";
  }
}

/** SQLSTATE of a database error; Drizzle wraps driver errors, so look at the cause too. */
export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}
