import type { FastifyBaseLogger } from "fastify";
import type { Readiness, ReadinessCheck } from "@/common/schemas/operations";
import { shortReason } from "../../db/errors";
import { shippedMigrationTimes, type OperationsRepository } from "./operations.repository";
import { operationsText as text } from "./operations.text";
import { TIMED_OUT, within } from "./within";

/** How long the readiness check waits for the database: a load balancer's probe itself times out after a few seconds. */
export const READY_DATABASE_TIMEOUT_MS = 2_000;

type Checks = Readiness["checks"];

const failedChecks = (checks: Checks): ReadinessCheck[] => [
  ...(checks.shutdown === "draining" ? (["shutdown"] as const) : []),
  ...(checks.database === "failed" || checks.database === "timeout" ? (["database"] as const) : []),
  ...(checks.migrations === "pending" || checks.migrations === "unknown" ? (["migrations"] as const) : []),
];

export type ReadinessService = ReturnType<typeof createReadiness>;

/**
 * GET /api/health/ready: whether this instance should get traffic. Not while it drains before a
 * shutdown (answered at once, without the database), nor when the database does not answer within
 * READY_DATABASE_TIMEOUT_MS, nor when the database lacks a migration of this version's journal.
 *
 * Probes from several load balancers arriving together share one round of checks, so a slow
 * database gets one ping at a time from the probes, never a pile of them. Migrations never go
 * backwards on a running database, so once they are all there that answer is kept.
 */
export function createReadiness({
  repo,
  migrationsFolder,
  log,
  databaseTimeoutMs = READY_DATABASE_TIMEOUT_MS,
}: {
  repo: OperationsRepository;
  migrationsFolder: string;
  log: FastifyBaseLogger;
  databaseTimeoutMs?: number;
}) {
  let draining = false;
  let migrationsApplied = false;
  let journal: number[] | undefined;
  let running: Promise<Readiness> | undefined;
  let lastFailed = "";
  /** Why the latest failed check failed (an SQLSTATE or socket error code), for the log line. */
  let reason: string | undefined;

  async function database(): Promise<Checks["database"]> {
    try {
      return (await within(databaseTimeoutMs, repo.ping())) === TIMED_OUT ? "timeout" : "ok";
    } catch (error) {
      reason = shortReason(error);
      return "failed";
    }
  }

  /** The `when` of every migration this version ships (drizzle's journal), read once. */
  const journalTimes = () => (journal ??= shippedMigrationTimes(migrationsFolder));

  async function migrations(): Promise<{ state: Checks["migrations"]; pending: number }> {
    if (migrationsApplied) return { state: "ok", pending: 0 };
    try {
      const last = await within(databaseTimeoutMs, repo.lastAppliedMigration());
      if (last === TIMED_OUT) return { state: "unknown", pending: 0 };
      // Drizzle's rule: a journal entry made after the newest applied migration is still to run.
      const pending = journalTimes().filter((when) => last === null || when > last).length;
      migrationsApplied = pending === 0;
      return { state: pending === 0 ? "ok" : "pending", pending };
    } catch (error) {
      reason = shortReason(error);
      return { state: "unknown", pending: 0 };
    }
  }

  function report(checks: Checks, pending = 0): Readiness {
    const failed = failedChecks(checks);
    if (failed.length === 0) return { status: "ready", checks, failed };
    const messages = [
      checks.shutdown === "draining" && text.draining,
      checks.database === "failed" && text.databaseFailed,
      checks.database === "timeout" && text.databaseTimeout(databaseTimeoutMs),
      checks.migrations === "pending" && text.migrationsPending(pending),
      checks.migrations === "unknown" && text.migrationsUnknown,
    ].filter(Boolean);
    return { status: "unavailable", checks, failed, message: messages.join(" ") };
  }

  const drainingReport = () => report({ shutdown: "draining", database: "skipped", migrations: "skipped" });

  async function runChecks(): Promise<Readiness> {
    reason = undefined;
    const db = await database();
    if (db !== "ok") return report({ shutdown: "ok", database: db, migrations: "skipped" });
    const { state, pending } = await migrations();
    return report({ shutdown: "ok", database: "ok", migrations: state }, pending);
  }

  /** One line when the answer changes (not one per probe): operators see when and why it flipped. */
  function logChange(result: Readiness) {
    const failed = result.failed.join(",");
    if (failed === lastFailed) return;
    lastFailed = failed;
    if (failed) log.warn({ failed: result.failed, checks: result.checks, reason }, "not ready");
    else log.info("ready");
  }

  return {
    async check(): Promise<Readiness> {
      if (draining) return drainingReport();
      running ??= runChecks().finally(() => (running = undefined));
      const result = await running;
      // A drain that began while the checks ran wins: the load balancer must stop sending at once.
      if (draining) return drainingReport();
      logChange(result);
      return result;
    },
    /** SIGTERM (main.ts): from now on the instance is not ready, while it goes on serving what comes. */
    beginDrain() {
      if (draining) return;
      draining = true;
      log.info("draining: the readiness check answers 503 from now on");
    },
    get draining() {
      return draining;
    },
  };
}
