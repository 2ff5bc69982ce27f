import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { PoolStats } from "../../db/client";
import type { ScheduledJob } from "../../jobs/scheduler";
import type { OperationsRepository, OutboxStats } from "./operations.repository";
import { TIMED_OUT, within } from "./within";

/** Where a booking came from: the public form (customers, service reminders' offers) or staff. */
export type BookingSource = "public" | "staff";

/** Label of every request that matched no route: the raw URL could hold a token, and would make a series per URL. */
export const UNMATCHED_ROUTE = "unmatched";

/** How long a scrape waits for the outbox's figures; a scraper gives up after 10 s by default. */
const OUTBOX_STATS_TIMEOUT_MS = 2_000;

/**
 * What the app counts for GET /api/metrics (issue 24). Built only when METRICS_TOKEN is set; without
 * it every method does nothing and nothing is collected.
 */
export type Metrics = {
  readonly registry: Registry | null;
  bookingCreated(source: BookingSource): void;
  /** The job, counting its runs and failures. */
  counted(job: ScheduledJob): ScheduledJob;
};

export const NO_METRICS: Metrics = { registry: null, bookingCreated: () => {}, counted: (job) => job };

type Sources = {
  outbox: Pick<OperationsRepository, "outboxStats">;
  /** The PostgreSQL pool; null for the embedded database (no pool, and no pool metrics). */
  pool: (() => PoolStats | null) | null;
};

/**
 * One registry per app (tests build many apps in one process). Gauges of the database are read on
 * each scrape; a scrape while the database is down still answers, without the outbox's figures
 * (absent, not a stale or invented 0), so the process's own figures are there when most needed.
 */
export function createMetrics({ outbox, pool }: Sources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const jobRuns = new Counter({
    name: "job_runs_total",
    help: "Scheduled job runs on this instance, by job (failed ones too)",
    labelNames: ["job"],
    registers: [registry],
  });
  const jobFailures = new Counter({ name: "job_failures_total", help: "Scheduled job runs that failed, by job", labelNames: ["job"], registers: [registry] });
  const bookings = new Counter({
    name: "bookings_created_total",
    help: "Bookings created through this instance, by source",
    labelNames: ["source"],
    registers: [registry],
  });
  // Every series exists from the start at 0, so rate() and increase() see the first one.
  for (const source of ["public", "staff"] satisfies BookingSource[]) bookings.inc({ source }, 0);

  registerOutboxGauges(registry, outbox);
  if (pool) registerPoolGauges(registry, pool);

  return {
    registry,
    bookingCreated: (source) => bookings.inc({ source }),
    counted(job) {
      jobRuns.inc({ job: job.name }, 0);
      jobFailures.inc({ job: job.name }, 0);
      const run = async () => {
        try {
          return await job.run();
        } catch (error) {
          jobFailures.inc({ job: job.name });
          throw error;
        } finally {
          jobRuns.inc({ job: job.name });
        }
      };
      return { ...job, run };
    },
  };
}

function registerOutboxGauges(registry: Registry, outbox: Sources["outbox"]) {
  // One query per scrape for both gauges: a scrape calls every collect at once, and they share the first one's query.
  let reading: Promise<OutboxStats | null> | undefined;
  const read = () =>
    (reading ??= within(OUTBOX_STATS_TIMEOUT_MS, outbox.outboxStats())
      .then((stats) => (stats === TIMED_OUT ? null : stats))
      .catch(() => null)
      .finally(() => (reading = undefined)));

  new Gauge({
    name: "outbox_messages",
    help: "E-mails in the outbox waiting to be sent (queued) or given up on (failed)",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const stats = await read();
      this.reset();
      if (!stats) return;
      this.set({ status: "queued" }, stats.queued);
      this.set({ status: "failed" }, stats.failed);
    },
  });
  new Gauge({
    name: "outbox_oldest_message_age_seconds",
    help: "How long the oldest e-mail waiting in the outbox has waited (0 when none waits)",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const stats = await read();
      this.reset();
      if (stats) this.set({ status: "queued" }, stats.oldestQueuedAgeSeconds ?? 0);
    },
  });
}

function registerPoolGauges(registry: Registry, pool: () => PoolStats | null) {
  const gauge = (name: string, help: string, value: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = pool();
        if (stats) this.set(value(stats));
      },
    });
  gauge("db_pool_connections_in_use", "PostgreSQL connections running a query or transaction", (s) => s.total - s.idle);
  gauge("db_pool_connections_idle", "PostgreSQL connections open and free", (s) => s.idle);
  gauge("db_pool_waiting_requests", "Queries and transactions waiting for a PostgreSQL connection", (s) => s.waiting);
  gauge("db_pool_connections_max", "The most PostgreSQL connections the pool opens (DATABASE_POOL_SIZE)", (s) => s.max);
}

/**
 * Request count and latency by the route's pattern (`/api/booking-links/:token`), never the URL,
 * which carries link, feed and reminder tokens and would make a series per URL.
 */
export function registerRequestMetrics(app: FastifyInstance, registry: Registry) {
  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({ name: "http_requests_total", help: "HTTP requests answered, by route pattern and status", labelNames, registers: [registry] });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether an Authorization header carries the bearer token, compared in constant time: both sides
 * are hashed first, so neither the token's characters nor its length can be timed.
 */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(token)) && match !== null;
}
