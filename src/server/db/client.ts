import { mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { cp, rm } from "node:fs/promises";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import lockfile from "proper-lockfile";
import { DEFAULT_DATABASE_POOL_SIZE, DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from "../config";
import { isDatabaseUnavailable, shortReason } from "./errors";
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

/**
 * Start-up work that must run once across every instance on the database: migrations, the first
 * admin, demo data, pg-boss's schema and queues. `db` and `sql` run on the session that holds the
 * lock (on PostgreSQL a connection of its own, without the statement and lock timeouts).
 */
export type SetupSession = {
  db: Db;
  sql: Pick<SqlExecutor, "executeSql">;
  migrate(): Promise<void>;
};

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  sql: SqlExecutor;
  /** Migrates under the set-up lock; the same as `exclusively((session) => session.migrate())`. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance (and no other caller in this process) runs set-up work: on
   * PostgreSQL under the advisory lock MIGRATION_LOCK_KEY, so instances started at the same moment
   * on an empty database take turns and the later ones find everything done. Not reentrant: `work`
   * must use its session, never call exclusively or migrate again.
   */
  exclusively<T>(work: (session: SetupSession) => Promise<T>): Promise<T>;
  /**
   * Waits until the database accepts a connection, trying again with backoff for at most
   * `giveUpAfterMs`; each failed attempt is reported to `onRetry` as one line. Throws a
   * DatabaseUnreachableError (an operator's error) when it gives up or the server refuses us.
   */
  waitUntilReachable(options: { giveUpAfterMs: number; onRetry(line: string): void }): Promise<void>;
  /** The connection pool as it is now (the metrics); null for the embedded database, one connection with no pool. */
  poolStats(): PoolStats | null;
  /**
   * Embedded database in DATA_DIR only: a copy of its folder, made while no statement and no
   * transaction runs (PGlite's own locks), so it holds every committed transaction and no half of one.
   * Requests wait for the copy (the disk's speed), not for compressing it. `remove` deletes the copy.
   * See docs/decisions/0010-backups.md.
   */
  snapshot?(): Promise<{ folder: string; remove(): Promise<void> }>;
  /** Embedded in memory only: the whole database as PGlite's uncompressed dump, for `startFrom`. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
};

export type PoolStats = {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
  /** The most the pool opens (DATABASE_POOL_SIZE). */
  max: number;
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
  /** PostgreSQL only; the defaults when not given. */
  databaseTimeouts?: DatabaseTimeouts;
  /** PostgreSQL only: the most connections the pool opens (DATABASE_POOL_SIZE); 10 when not given. */
  databasePoolSize?: number;
  /**
   * Embedded only: `fill` writes a database into the (new, empty) folder before it is opened, instead
   * of a new one being created. Refused, under the folder's lock, when the folder already holds one,
   * unless `moveExistingTo` names where to move that one first.
   */
  restoreFrom?: { fill(folder: string): Promise<void>; moveExistingTo?: string };
  /**
   * Embedded in memory only: a dump of a database (`dump()`) to start from instead of an empty one.
   * The tests start each file from one migrated template: creating an empty PGlite costs ~6 s, loading
   * a dump ~1 s.
   */
  startFrom?: Blob;
};

// Resolved from the working directory: npm scripts, tests and the bundled server all run in the project root.
// The default of MIGRATIONS_DIR (config.migrationsDir), which main passes as `migrationsDir`.
export const migrationsFolder = resolve("drizzle");

/**
 * Key of the PostgreSQL advisory lock that serialises set-up work across instances (any constant
 * bigint): migrations, the first admin, demo data and pg-boss's queues. Drizzle's migrator takes no
 * lock, the first-run data is "insert when there is none", and pg-boss's createQueue attaches a
 * partition: instances starting together on an empty database would each do it, and crash on a
 * duplicate key or a deadlock.
 */
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
  if (options.databaseUrl)
    return openPostgres(
      options.databaseUrl,
      folder,
      options.databaseTimeouts ?? DEFAULT_DATABASE_TIMEOUTS,
      options.databasePoolSize ?? DEFAULT_DATABASE_POOL_SIZE,
    );
  return openPglite(options.dataDir, folder, options.lockStaleMs ?? DEFAULT_LOCK_STALE_MS, options.restoreFrom, options.startFrom);
}

/** The embedded database's own folder inside DATA_DIR. */
export const pgliteFolder = (dataDir: string) => join(dataDir, "pgdata");

/** The folder holds an embedded database, or anything else: a restore must not write into it. */
export function pgliteFolderInUse(dataDir: string): boolean {
  try {
    return readdirSync(pgliteFolder(dataDir)).length > 0;
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return false;
    throw error;
  }
}

/** DATA_DIR already holds a database: a restore goes into an empty folder only. */
export class DataDirNotEmptyError extends Error {
  readonly code = "DATA_DIR_NOT_EMPTY";
  constructor(readonly dataDir: string) {
    super(`Datamappen ${dataDir} innehåller redan en databas (${pgliteFolder(dataDir)}).`);
    this.name = "DataDirNotEmptyError";
  }
}

/** Shown in pg_stat_activity, so an operator can tell the app's connections apart (a URL's application_name wins). */
const APPLICATION_NAME = "varmepumpsservice";

/**
 * A connection's error event fires when the server ends it (a restart, a failover, an administrator's
 * pg_terminate_backend) while no query is running on it. The pool listens on idle connections only;
 * one checked out for a transaction, or for onOneConnection, would crash the process with an
 * unhandled 'error' event. Every connection gets this listener for its whole life: the next query
 * on it fails instead, the request answers 503, and the pool replaces the connection.
 */
function keepConnectionErrorsFromCrashing(client: pg.Client) {
  client.on("error", (error) => console.error(`PostgreSQL-anslutningen bröts (${shortReason(error)}); poolen öppnar en ny vid behov.`));
}

async function openPostgres(url: string, migrationsDir: string, timeouts: DatabaseTimeouts, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    fallback_application_name: APPLICATION_NAME,
    // Nothing waits for ever: a statement, a lock or a connection that takes too long fails, and the
    // request answers 503 (plugins/error-handler.ts) while the rest of the app goes on serving.
    options: `-c statement_timeout=${timeouts.statementMs} -c lock_timeout=${timeouts.lockMs}`,
    connectionTimeoutMillis: timeouts.acquireMs,
  });
  pool.on("connect", keepConnectionErrorsFromCrashing);
  // An idle connection's error is reported by the listener above too; the pool only needs one of its own.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;

  const exclusively = async <T>(work: (session: SetupSession) => Promise<T>): Promise<T> => {
    // A connection of its own, not the pool's: the work may run for long (migrations, hashing the demo
    // passwords), so it must not be cut by the timeouts, and it must not take one of the pool's.
    const client = new pg.Client({
      connectionString: url,
      fallback_application_name: APPLICATION_NAME,
      options: "-c statement_timeout=0 -c lock_timeout=0",
      connectionTimeoutMillis: timeouts.acquireMs,
    });
    keepConnectionErrorsFromCrashing(client);
    await client.connect();
    try {
      // Session-level, on the very connection the work runs on: if the connection dies, the lock and
      // the work's open transaction end together, and the next instance starts from a clean state.
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      const sessionDb = drizzlePg(client, { schema });
      return await work({
        db: sessionDb as unknown as Db,
        sql: { executeSql: async (text, values) => client.query(text, values as unknown[]) },
        migrate: () => migratePg(sessionDb, { migrationsFolder: migrationsDir }),
      });
    } finally {
      // Ending the session drops the advisory lock, even when the unlock could not be sent.
      await client.end().catch(() => {});
    }
  };

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
    exclusively,
    migrate: () => exclusively((session) => session.migrate()),
    waitUntilReachable: (options) => waitForPostgres(url, timeouts.acquireMs, options),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: () => pool.end(),
  };
}

/** The database can not be reached, or refused us; main prints the message and exits without a stack trace. */
export class DatabaseUnreachableError extends Error {
  readonly code = "DATABASE_UNREACHABLE";
  override name = "DatabaseUnreachableError";
}

/** DATABASE_URL as it may be shown in a log: without its password. */
export function displayedDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    parsed.searchParams.delete("password");
    return parsed.toString();
  } catch {
    return "(ogiltig adress)";
  }
}

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 5_000;

/**
 * Tries to connect until it works, doubling the pause between attempts (0.5 s up to 5 s) for at most
 * `giveUpAfterMs`: a database container that starts beside the app comes up by itself. A server that
 * answers but refuses us (wrong password, no such database) is not retried: waiting will not fix it.
 */
async function waitForPostgres(url: string, connectTimeoutMs: number, { giveUpAfterMs, onRetry }: { giveUpAfterMs: number; onRetry(line: string): void }) {
  const shown = displayedDatabaseUrl(url);
  const deadline = Date.now() + giveUpAfterMs;
  let pause = FIRST_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: Math.max(1, Math.min(connectTimeoutMs, deadline - Date.now())) });
    client.on("error", () => {}); // the failed connect below reports it
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      const reason = shortReason(error);
      if (!isDatabaseUnavailable(error)) {
        const said = String((error as Error).message ?? "").split("\n")[0];
        throw new DatabaseUnreachableError(
          `Databasen i DATABASE_URL (${shown}) vägrade anslutningen (${said ? `${said}, ` : ""}${reason}); kontrollera användare, lösenord och databasnamn i DATABASE_URL.`,
        );
      }
      const wait = Math.min(pause, deadline - Date.now());
      if (wait <= 0) {
        throw new DatabaseUnreachableError(
          `Databasen i DATABASE_URL (${shown}) svarade inte på ${Math.round(giveUpAfterMs / 1000)} s (${reason}); kontrollera att PostgreSQL körs och att DATABASE_URL stämmer.`,
        );
      }
      onRetry(`Databasen i DATABASE_URL (${shown}) svarar inte (${reason}), försök ${attempt}; nytt försök om ${(wait / 1000).toFixed(1)} s.`);
      await new Promise((resolve) => setTimeout(resolve, wait));
      pause = Math.min(pause * 2, LONGEST_RETRY_MS);
    }
  }
}

/**
 * PostgreSQL settings of the embedded database, sized for one small company (issue 24, measured with
 * `npm run bench -- --only=embedded-memory`). PGlite runs PostgreSQL in WebAssembly memory that only
 * ever grows, and initdb's defaults are a server's: 128 MB of shared buffers alone made the process
 * some 120 MB larger at rest. A small company's hot data (bookings, customers, indexes) is a few MB;
 * images and the rest are read from files the operating system caches anyway, so 32 MB of buffers
 * costs no correctness and little speed. maintenance_work_mem is what one CREATE INDEX or VACUUM may
 * take (migrations): 16 MB instead of 64 MB, so a migration cannot leave the memory 64 MB larger for
 * good. wal_buffers follows shared_buffers (1/32). work_mem stays at 4 MB (sorts of the admin lists).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "32MB",
  maintenance_work_mem: "16MB",
};

/**
 * The PostgreSQL major version the embedded database (the installed PGlite) runs. A restore refuses
 * a backup from another major version; knowing it without starting a database saves every restore a
 * throw-away initdb (5–6 s of CPU). Kept true by db/client.test.ts, which asks a running PGlite.
 */
export const PGLITE_POSTGRES_MAJOR = "18";

/** PGlite's own start parameters (single-user mode, no parallel workers, …) and our settings after them. */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
}

async function openPglite(
  dataDir: string | null,
  migrationsDir: string,
  lockStaleMs: number,
  restoreFrom?: OpenDatabaseOptions["restoreFrom"],
  startFrom?: Blob,
): Promise<Database> {
  if (startFrom && dataDir) throw new Error("startFrom is for a database in memory only");
  const releaseLock = dataDir ? await lockDataDir(dataDir, lockStaleMs) : async () => {};
  let client: PGlite;
  try {
    // Checked under the lock: no server can create or use a database in the folder meanwhile.
    if (restoreFrom && dataDir && pgliteFolderInUse(dataDir)) {
      if (!restoreFrom.moveExistingTo) throw new DataDirNotEmptyError(resolve(dataDir));
      renameSync(pgliteFolder(dataDir), restoreFrom.moveExistingTo);
    }
    if (restoreFrom && dataDir) await fillNewFolder(pgliteFolder(dataDir), restoreFrom.fill);
    // pg_trgm: the admin list's search index (migration 0006); btree_gist: the per-technician exclusion
    // constraint (migration 0025, rules D25); as on a PostgreSQL server.
    const options = { extensions: { pg_trgm, btree_gist }, startParams: pgliteStartParams(), ...(startFrom ? { loadDataDir: startFrom } : {}) };
    client = dataDir ? new PGlite(pgliteFolder(dataDir), options) : new PGlite(options);
    await client.waitReady;
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const sql: SqlExecutor = {
    // PGlite's exec runs multi-statement SQL (no parameters); query takes parameters.
    executeSql: async (text, values) => (values && values.length > 0 ? client.query(text, values) : { rows: (await client.exec(text)).at(-1)?.rows ?? [] }),
    prepared: async <Row>(_name: string, text: string, values: unknown[]) => (await client.query<Row>(text, values)).rows,
    onOneConnection(work) {
      return work(this.prepared);
    },
  };
  // One process owns the folder (its lock), so set-up work only needs to take turns within it.
  let setUpQueue: Promise<unknown> = Promise.resolve();
  const exclusively = <T>(work: (session: SetupSession) => Promise<T>): Promise<T> => {
    const turn = setUpQueue.then(() => work({ db, sql, migrate: () => migratePglite(db as never, { migrationsFolder: migrationsDir }) }));
    setUpQueue = turn.catch(() => {});
    return turn;
  };
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    sql,
    migrate: () => exclusively((session) => session.migrate()),
    exclusively,
    waitUntilReachable: async () => {},
    poolStats: () => null,
    snapshot: dataDir ? () => snapshotFolder(client, dataDir) : undefined,
    dump: dataDir ? undefined : () => client.dumpDataDir("none"),
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

/** Fills a new folder; a failure leaves no half-filled folder behind for the next try to refuse. */
async function fillNewFolder(folder: string, fill: (folder: string) => Promise<void>) {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    await fill(folder);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Copies the database folder to DATA_DIR/snapshot while PGlite runs nothing. The transaction lock
 * first, as PGlite's own query() and close() take them: no transaction is half done in the copy and
 * none starts while it is made. PGlite writes through to these files (NODEFS, WAL written at each
 * commit), so the copy is what a crash at that moment would leave: PostgreSQL opens it as it recovers
 * from one, with every committed transaction.
 */
async function snapshotFolder(client: PGlite, dataDir: string) {
  const folder = join(dataDir, "snapshot");
  // A copy left by a backup that was cut short (this process holds DATA_DIR, and takes one at a time).
  await rm(folder, { recursive: true, force: true });
  await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(() => cp(pgliteFolder(dataDir), folder, { recursive: true, errorOnExist: true, force: false })),
  );
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
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
      // One line, so an operator restarting after a crash knows why nothing happens for a while.
      console.error(staleLockWaitLine(dir, staleMs));
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

/** What a server starting after a crash prints while it waits for the dead process's lock to go stale. */
export function staleLockWaitLine(dir: string, staleMs: number): string {
  return `Datamappen ${dir} är låst av en process som inte längre körs (en krasch eller kill -9); låset tas över när det har legat orört i ${Math.round(staleMs / 1000)} s, sedan startar servern.`;
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
