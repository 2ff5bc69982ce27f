import { desc, eq, sql } from "drizzle-orm";
import type { OutboxList, OutboxMessageView, OutboxStatus } from "@/common/schemas/integrations";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema";

const LIST_LIMIT = 100;

/** The outbox as admins see it (DECISIONS 14): counts per status and the newest messages. */
export function createOutboxView(db: Db) {
  async function counts(): Promise<OutboxList["counts"]> {
    const rows = await db.select({ status: emailOutbox.status, n: sql<number>`count(*)::int` }).from(emailOutbox).groupBy(emailOutbox.status);
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    return { queued: byStatus.queued ?? 0, sent: byStatus.sent ?? 0, failed: byStatus.failed ?? 0 };
  }

  function select() {
    return db
      .select({
          id: emailOutbox.id,
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          status: emailOutbox.status,
          attempts: emailOutbox.attempts,
          lastError: emailOutbox.lastError,
          createdAt: emailOutbox.createdAt,
          sentAt: emailOutbox.sentAt,
          nextAttemptAt: emailOutbox.nextAttemptAt,
      })
      .from(emailOutbox);
  }
  type Row = Awaited<ReturnType<typeof select>>[number];
  const toView = (r: Row): OutboxMessageView => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
  });

  return {
    counts,
    async list(status: OutboxStatus | undefined): Promise<OutboxList> {
      const rows = await select()
        .where(status ? eq(emailOutbox.status, status) : undefined)
        .orderBy(desc(emailOutbox.id))
        .limit(LIST_LIMIT);
      return { counts: await counts(), messages: rows.map(toView) };
    },
    async find(id: number): Promise<OutboxMessageView | undefined> {
      const [row] = await select().where(eq(emailOutbox.id, id)).limit(1);
      return row ? toView(row) : undefined;
    },
  };
}
export type OutboxView = ReturnType<typeof createOutboxView>;
