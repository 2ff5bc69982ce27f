import { z } from "zod";

// Backups and the e-mails held after a restore, as the integrations screen shows them
// (docs/decisions/0010-backups.md).

export const backupsAdminText = {
  noneHeld: "Inga e-post hålls kvar.",
} as const;

/** A backup's size as the screen and the commands show it: '840 kB', '12,5 MB'. */
export function formatBackupSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

export const BackupRunSchema = z.object({
  id: z.number(),
  kind: z.enum(["nightly", "manual"]),
  status: z.enum(["ok", "failed"]),
  fileName: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
});
export type BackupRunView = z.infer<typeof BackupRunSchema>;

export const BackupsStatusSchema = z.object({
  /** The nightly backup: on when BACKUP_DIR is set; it keeps the newest `keep` files. */
  nightly: z.object({ configured: z.boolean(), keep: z.number() }),
  /** The newest runs first, nightly and those `npm run backup` made. */
  runs: z.array(BackupRunSchema),
  /** E-mails queued when a restored backup was taken, waiting for an admin. */
  heldEmails: z.number(),
});
export type BackupsStatus = z.infer<typeof BackupsStatusSchema>;

export const HeldEmailsResultSchema = z.object({ count: z.number() });
export type HeldEmailsResult = z.infer<typeof HeldEmailsResultSchema>;
