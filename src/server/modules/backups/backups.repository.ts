import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { backups, emailOutbox } from "../../db/schema";

export type BackupRun = typeof backups.$inferSelect;
export type NewBackupRun = typeof backups.$inferInsert;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createBackupsRepository(db: Db) {
  return {
    async record(run: NewBackupRun): Promise<BackupRun> {
      const [row] = await db.insert(backups).values(run).returning();
      return row;
    },

    recent(limit: number): Promise<BackupRun[]> {
      return db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.id)).limit(limit);
    },

    async latest(kind: BackupRun["kind"]): Promise<BackupRun | undefined> {
      const [row] = await db.select().from(backups).where(eq(backups.kind, kind)).orderBy(desc(backups.startedAt), desc(backups.id)).limit(1);
      return row;
    },

    /** Migrations applied to this database, and its server's version: what a backup's manifest records. */
    async facts(): Promise<{ migrations: number; databaseVersion: string }> {
      const [{ migrations }] = rowsOf<{ migrations: number }>(await db.execute(sql`select count(*)::int as migrations from drizzle.__drizzle_migrations`));
      const [{ version }] = rowsOf<{ version: string }>(await db.execute(sql`select current_setting('server_version') as version`));
      return { migrations, databaseVersion: version.split(" ")[0] };
    },

    /**
     * After a restore: every message that was waiting to be sent when the backup was taken is held (a
     * claim it had is void: that process is gone). Returns how many.
     */
    async holdQueued(): Promise<number> {
      const held = await db
        .update(emailOutbox)
        .set({ status: "held", claimedUntil: null })
        .where(eq(emailOutbox.status, "queued"))
        .returning({ id: emailOutbox.id });
      return held.length;
    },

    async heldCount(): Promise<number> {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, "held"));
      return n;
    },

    /** Back in the queue, due at once (or when it was due, if later), recording who let them go. Returns their ids. */
    async releaseHeld(userId: number): Promise<number[]> {
      const released = await db
        .update(emailOutbox)
        .set({ status: "queued", nextAttemptAt: sql`greatest(${emailOutbox.nextAttemptAt}, now())`, holdDecidedBy: userId, holdDecidedAt: sql`now()` })
        .where(eq(emailOutbox.status, "held"))
        .returning({ id: emailOutbox.id });
      return released.map((row) => row.id);
    },

    /** Never sent; kept, marked discarded, with who decided so. Returns how many. */
    async discardHeld(userId: number): Promise<number> {
      const discarded = await db
        .update(emailOutbox)
        .set({ status: "discarded", holdDecidedBy: userId, holdDecidedAt: sql`now()` })
        .where(eq(emailOutbox.status, "held"))
        .returning({ id: emailOutbox.id });
      return discarded.length;
    },
  };
}
export type BackupsRepository = ReturnType<typeof createBackupsRepository>;
