import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "../../db/client";
import { sqlState } from "../../db/errors";

/** Rows of a raw statement; both drivers answer with `rows`. */
async function rowsOf<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

// undefined_table, invalid_schema_name: drizzle's table of applied migrations is not there yet.
const NO_MIGRATIONS_TABLE = new Set(["42P01", "3F000"]);

/**
 * The `when` of every migration this version ships (drizzle's journal in `migrationsFolder`), to
 * compare with `lastAppliedMigration`: drizzle's journal format is drizzle's to read.
 */
export const shippedMigrationTimes = (migrationsFolder: string): number[] => readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);

export type OutboxStats = { queued: number; failed: number; oldestQueuedAgeSeconds: number | null };

/** What the health checks, the metrics and the overview's alerts read from the database. */
export function createOperationsRepository(db: Db) {
  return {
    /** The smallest round trip: the database answers. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },

    /**
     * When the newest applied migration was made (drizzle records its journal's `when`), or null when
     * none is applied. Drizzle's migrator applies the journal's migrations made after this one.
     */
    async lastAppliedMigration(): Promise<number | null> {
      try {
        const [row] = await rowsOf<{ last: number | null }>(db, sql`select max(created_at)::float8 as last from drizzle.__drizzle_migrations`);
        return row?.last === null || row?.last === undefined ? null : Number(row.last);
      } catch (error) {
        if (NO_MIGRATIONS_TABLE.has(sqlState(error) ?? "")) return null;
        throw error;
      }
    },

    /** The outbox for the metrics: messages waiting, given up, and how long the oldest waiting one has waited. */
    async outboxStats(): Promise<OutboxStats> {
      const [row] = await rowsOf<{ queued: number; failed: number; oldest: number | null }>(
        db,
        sql`select count(*) filter (where status = 'queued')::int as queued,
                   count(*) filter (where status = 'failed')::int as failed,
                   extract(epoch from now() - min(created_at) filter (where status = 'queued'))::float8 as oldest
              from email_outbox where status <> 'sent'`,
      );
      return { queued: Number(row.queued), failed: Number(row.failed), oldestQueuedAgeSeconds: row.oldest === null ? null : Number(row.oldest) };
    },

    /**
     * Messages that have failed to go out (at least one attempt failed, and not sent since) and were
     * written more than `seconds` ago: how many, and since when the oldest of them waits.
     */
    async outboxFailingFor(seconds: number): Promise<{ count: number; since: Date | null }> {
      const [row] = await rowsOf<{ n: number; since: string | Date | null }>(
        db,
        sql`select count(*)::int as n, min(created_at) as since from email_outbox
             where (status = 'failed' or (status = 'queued' and attempts > 0))
               and created_at < now() - make_interval(secs => ${seconds})`,
      );
      return { count: Number(row.n), since: row.since === null ? null : new Date(row.since) };
    },
  };
}
export type OperationsRepository = ReturnType<typeof createOperationsRepository>;
