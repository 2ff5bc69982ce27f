import type { OverviewAlert } from "@/common/schemas/operations";
import type { OperationsRepository } from "./operations.repository";

/** An e-mail that has not gone out an hour after it was written, though it was tried, is an alert. */
export const OUTBOX_FAILING_ALERT_SECONDS = 3600;

/**
 * The latest backup, when it failed: when, and its own reason (null when it gave none). Null when
 * the latest backup succeeded, or there is none yet. Provided by the backups module (app.ts).
 */
export type BackupFailure = { failedAt: Date; message: string | null };
export type BackupStatusProvider = () => Promise<BackupFailure | null>;

/**
 * What the admin overview shows in red (issue 24): e-mail that has been failing for more than an
 * hour, and a failed nightly backup. Operators also see these in the metrics and on the integrations
 * screen; the overview is where an admin looks every day.
 */
export function createOperationalAlerts({ repo, backupStatus }: { repo: Pick<OperationsRepository, "outboxFailingFor">; backupStatus?: BackupStatusProvider }) {
  async function outboxAlert(): Promise<OverviewAlert | null> {
    const { count, since } = await repo.outboxFailingFor(OUTBOX_FAILING_ALERT_SECONDS);
    return count > 0 && since ? { kind: "outbox-failing", count, since: since.toISOString() } : null;
  }

  async function backupAlert(): Promise<OverviewAlert | null> {
    const failure = (await backupStatus?.()) ?? null;
    return failure ? { kind: "backup-failed", since: failure.failedAt.toISOString(), message: failure.message } : null;
  }

  return async function alerts(): Promise<OverviewAlert[]> {
    return (await Promise.all([outboxAlert(), backupAlert()])).filter((alert) => alert !== null);
  };
}
export type OperationalAlerts = ReturnType<typeof createOperationalAlerts>;
