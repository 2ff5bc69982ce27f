import { z } from "zod";

// Issue 24: running the app. Health checks for load balancers and orchestrators, and the alerts the
// admin overview shows in red when something operators must fix has gone wrong.

// --- GET /api/health/live, GET /api/health/ready ----------------------------------------------------

/** The process answers (no database). */
export const LivenessSchema = z.object({ status: z.literal("ok") });

export const READINESS_CHECKS = ["shutdown", "database", "migrations"] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/**
 * Whether the instance should get traffic, check by check. "skipped": not looked at, because an
 * earlier check already failed (a draining instance answers at once; migrations need the database).
 */
export const ReadinessSchema = z.object({
  status: z.enum(["ready", "unavailable"]),
  checks: z.object({
    shutdown: z.enum(["ok", "draining"]),
    database: z.enum(["ok", "failed", "timeout", "skipped"]),
    migrations: z.enum(["ok", "pending", "unknown", "skipped"]),
  }),
  /** The checks that failed, in the order above; empty when ready. */
  failed: z.array(z.enum(READINESS_CHECKS)),
  /** For a person reading the answer: which check failed, in Swedish. */
  message: z.string().optional(),
});
export type Readiness = z.output<typeof ReadinessSchema>;

// --- The admin overview's alerts (GET /api/admin/overview) ------------------------------------------

export const OverviewAlertSchema = z.discriminatedUnion("kind", [
  /** E-mails that have failed to go out for more than an hour (given up, or still being retried). */
  z.object({ kind: z.literal("outbox-failing"), count: z.number().int().positive(), since: z.string() }),
  /** The latest backup failed; `message` is the backup's own reason, when it gave one. */
  z.object({ kind: z.literal("backup-failed"), since: z.string(), message: z.string().nullable() }),
]);
export type OverviewAlert = z.output<typeof OverviewAlertSchema>;
