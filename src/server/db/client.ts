import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL access for libraries that bring their own queries (pg-boss). */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  sql: SqlExecutor;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

// Resolved from the working directory: npm scripts, tests and the bundled server all run in the project root.
export const migrationsFolder = resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

export async function openDatabase(options: { databaseUrl?: string; dataDir: string | null; migrationsDir?: string }): Promise<Database> {
  const folder = options.migrationsDir ?? migrationsFolder;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, folder);
  return openPglite(options.dataDir, folder);
}

async function openPostgres(url: string, migrationsDir: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    sql: { executeSql: async (text, values) => pool.query(text, values as unknown[]) },
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsDir }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null, migrationsDir: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(`${dataDir}/pgdata`) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    sql: {
      // PGlite's exec runs multi-statement SQL (no parameters); query takes parameters.
      executeSql: async (text, values) =>
        values && values.length > 0 ? client.query(text, values) : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
  };
}

/** SQLSTATE of a database error; Drizzle wraps driver errors, so look at the cause too. */
export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}
