import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";

/** A job pg-boss runs on a cron schedule: once per tick across all app instances on the database. */
export type ScheduledJob = { name: string; cron: string; run: () => Promise<unknown> };

/**
 * Recurring work (outbox sweep, session purge, reminders) on pg-boss in our own database. pg-boss
 * keeps schedules and jobs in tables, so with several app instances each tick runs once, on
 * whichever instance fetches it.
 */
export class Scheduler {
  private boss?: PgBoss;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(jobs: ScheduledJob[]) {
    const boss = new PgBoss({ db: this.database.sql, schema: "pgboss" });
    boss.on("error", (error) => this.log.error({ err: error }, "pg-boss error"));
    await boss.start();
    for (const job of jobs) {
      // "stately": at most one run queued and one active, so a slow run never piles up behind itself.
      await boss.createQueue(job.name, { name: job.name, policy: "stately" });
      await boss.schedule(job.name, job.cron, {}, { tz: "Europe/Stockholm" });
      await boss.work(job.name, async () => {
        await job.run();
      });
    }
    this.boss = boss;
  }

  async stop() {
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5000 });
    this.boss = undefined;
  }
}
