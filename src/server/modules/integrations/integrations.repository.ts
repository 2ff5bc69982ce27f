import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { OutboxStatus } from "@/common/schemas/integrations";
import type { Db } from "../../db/client";
import { emailOutbox, oauthStates, systemSettings } from "../../db/schema";

const CONNECTION_KEY = "googleCalendarConnection";
const OUTBOX_LIST_LIMIT = 100;

/**
 * What the integrations screen stores and reads: the Google connection (a system setting of its
 * own, never among the form's settings), its single-use OAuth states, and the e-mail outbox.
 */
export function createIntegrationsRepository(db: Db) {
  function outboxMessages() {
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

  return {
    /** The stored Google connection, as stored, if any. */
    async googleConnection(): Promise<unknown> {
      const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, CONNECTION_KEY)).limit(1);
      return row?.value;
    },

    async storeGoogleConnection(connection: unknown): Promise<void> {
      await db
        .insert(systemSettings)
        .values({ key: CONNECTION_KEY, value: connection })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value: connection, updatedAt: sql`now()` } });
    },

    async deleteGoogleConnection(): Promise<void> {
      await db.delete(systemSettings).where(inArray(systemSettings.key, [CONNECTION_KEY]));
    },

    /** Records a new OAuth state (by its hash) for this admin; expired ones go at the same time. */
    async addOauthState(stateHash: string, userId: number, expiresAt: Date): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
      await db.insert(oauthStates).values({ stateHash, userId, expiresAt });
    },

    /** Uses up this admin's unexpired OAuth state; false when there was none. */
    async claimOauthState(stateHash: string, userId: number): Promise<boolean> {
      const [claimed] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.stateHash, stateHash), eq(oauthStates.userId, userId), gt(oauthStates.expiresAt, sql`now()`)))
        .returning({ stateHash: oauthStates.stateHash });
      return Boolean(claimed);
    },

    /** The number of outbox messages per status. */
    async outboxCounts(): Promise<{ status: string; n: number }[]> {
      return db
        .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .groupBy(emailOutbox.status);
    },

    /** The newest outbox messages, of one status or all. */
    async outboxList(status: OutboxStatus | undefined) {
      return outboxMessages()
        .where(status ? eq(emailOutbox.status, status) : undefined)
        .orderBy(desc(emailOutbox.id))
        .limit(OUTBOX_LIST_LIMIT);
    },

    async outboxMessage(id: number) {
      const [row] = await outboxMessages().where(eq(emailOutbox.id, id)).limit(1);
      return row;
    },
  };
}
export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
export type OutboxMessageRow = Awaited<ReturnType<IntegrationsRepository["outboxList"]>>[number];
