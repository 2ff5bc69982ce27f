import type { OutboxList, OutboxMessageView, OutboxStatus } from "@/common/schemas/integrations";
import type { IntegrationsRepository, OutboxMessageRow } from "./integrations.repository";

const toView = (r: OutboxMessageRow): OutboxMessageView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  nextAttemptAt: r.nextAttemptAt.toISOString(),
});

/** The outbox as admins see it (rules D14): counts per status and the newest messages. */
export function createOutboxView(repo: IntegrationsRepository) {
  async function counts(): Promise<OutboxList["counts"]> {
    const byStatus = Object.fromEntries((await repo.outboxCounts()).map((r) => [r.status, r.n]));
    return {
      queued: byStatus.queued ?? 0,
      sent: byStatus.sent ?? 0,
      failed: byStatus.failed ?? 0,
      held: byStatus.held ?? 0,
      discarded: byStatus.discarded ?? 0,
    };
  }

  return {
    counts,
    async list(status: OutboxStatus | undefined): Promise<OutboxList> {
      const rows = await repo.outboxList(status);
      return { counts: await counts(), messages: rows.map(toView) };
    },
    async find(id: number): Promise<OutboxMessageView | undefined> {
      const row = await repo.outboxMessage(id);
      return row ? toView(row) : undefined;
    },
  };
}
export type OutboxView = ReturnType<typeof createOutboxView>;
