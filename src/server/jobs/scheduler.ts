import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { Database, SetupSession } from "../db/client";

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
    // pg-boss's schema, queues and schedules first, one instance at a time: createQueue attaches a
    // partition, and two instances doing it at the same moment deadlock (the loser crashed at start).
    await this.database.exclusively((session) => createQueues(session, jobs));
    const boss = new PgBoss({ db: this.database.sql, schema: SCHEMA });
    // pg-boss reports a failed poll or maintenance run (a lost connection, a timeout) here and goes on.
    boss.on("error", (error) => this.log.error({ err: error }, "pg-boss error"));
    await boss.start();
    for (const job of jobs) {
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

const SCHEMA = "pgboss";

/**
 * Installs or migrates pg-boss's schema and creates each job's queue and schedule, on the set-up
 * session (under the set-up lock). An instance that comes second finds the queues there: create_queue
 * then inserts nothing and attaches no partition.
 */
async function createQueues(session: SetupSession, jobs: ScheduledJob[]) {
  const boss = new PgBoss({ db: session.sql, schema: SCHEMA, supervise: false, schedule: false });
  boss.on("error", () => {}); // the awaited calls below throw their own errors
  await boss.start();
  try {
    for (const job of jobs) {
      // "stately": at most one run queued and one active, so a slow run never piles up behind itself.
      await boss.createQueue(job.name, { name: job.name, policy: "stately" });
      await boss.schedule(job.name, job.cron, {}, { tz: "Europe/Stockholm" });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
