// Issue 13: GET /api/statistics?period=year over 50 000 bookings on PostgreSQL, p99 under 200 ms.
// A year of bookings, about 137 a day in ten-minute slots (the exclusion constraint forbids two
// active bookings at once), in every status and service type, for 5 000 customers, with service
// history, reminders and the customers' answers beside them. The admin logs in once; every request
// carries the cookie.
//
// Measured twice on the same database: as the app runs, where identical requests arriving together
// share one computation, and with that sharing off (STATISTICS_SHARING=0), where every request runs
// the statement itself. The budget holds for both; the second is the honest one, since requests at
// the same moment for the same period are what sharing helps and a load test sends nothing else.
import autocannon from "autocannon";
import pg from "pg";
import { adminCookie } from "./admin-bookings.mjs";
import { freshDatabase, POSTGRES_SERVER_ENV, stockholmToday } from "./booking.mjs";

const P99_BUDGET_MS = 200;
const CONNECTIONS = 10;
const BOOKINGS = 50_000;

export async function seedStatistics(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const year = stockholmToday().slice(0, 4);
    await client.query(`
      INSERT INTO customers (name, email, phone, address, city, postal_code)
      SELECT 'Kund ' || n, 'statistik' || n || '@exempel.se', '070-' || lpad(n::text, 7, '0'), 'Gatan ' || n, 'Uppsala', '753 20'
      FROM generate_series(1, 5000) n`);
    // Booking n: day n / 137 of the year, slot n % 137 of ten minutes from 00:00.
    await client.query(`
      INSERT INTO bookings (customer_id, service_type, contact_name, contact_email, contact_phone, address, postal_code, city, date, time_slot, start_time, end_time, status)
      SELECT c.id, (ARRAY['service','installation','troubleshooting','hembesok'])[1 + n % 4], c.name, c.email, c.phone, c.address, c.postal_code, c.city,
             d, to_char(s, 'HH24:MI') || '-' || to_char(s + interval '10 minutes', 'HH24:MI'), s::time, (s + interval '10 minutes')::time,
             (ARRAY['planned','confirmed','completed','completed','cancelled','in_progress'])[1 + n % 6]
      FROM generate_series(0, ${BOOKINGS - 1}) n
      CROSS JOIN LATERAL (SELECT (date '${year}-01-01' + (n / 137)) AS d, time '00:00' + (n % 137) * interval '10 minutes' AS s) t
      JOIN customers c ON c.id = (SELECT min(id) FROM customers) + n % 5000`);
    await client.query(`
      INSERT INTO service_history (customer_id, booking_id, service_date, service_type, status, cost)
      SELECT customer_id, id, date + time '12:00', 'maintenance', 'completed', 1500 + id % 1000 FROM bookings WHERE status = 'completed'`);
    await client.query(`
      INSERT INTO reminders (customer_id, reminder_type, due_date, sent, sent_at, token)
      SELECT id, 'service', date '${year}-01-01' + id % 300, true, date '${year}-01-01' + id % 300, 'bench-' || id FROM customers`);
    // A third of the reminders led to a booking; some of the others to an unsubscription.
    await client.query(`
      INSERT INTO service_reminder_responses (reminder_id, customer_id, response_type, response_date)
      SELECT id, customer_id, CASE WHEN id % 3 = 0 THEN 'booked' ELSE 'unsubscribed' END, sent_at + interval '2 days'
      FROM reminders WHERE id % 3 = 0 OR id % 5 = 0`);
    await client.query("VACUUM ANALYZE");
    const { rows } = await client.query("SELECT count(*)::int AS n FROM bookings");
    return rows[0].n;
  } finally {
    await client.end();
  }
}

function run(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

export async function statisticsOnPostgres(ctx, { duration = 10 } = {}) {
  const db = await freshDatabase("vps_bench_statistics");
  const servers = [];
  try {
    const path = "/api/statistics?period=year";
    const start = async (label, env) => {
      const server = await ctx.startServer({ env: { ...POSTGRES_SERVER_ENV, DATABASE_URL: db.url, ...env }, label });
      servers.push(server);
      return server;
    };
    // The first server migrates the empty database; the data set is written once and read by both.
    const shared = await start("postgres-statistics", {});
    const count = await seedStatistics(db.url);
    const measure = async (server) => {
      const cookie = await adminCookie(server.baseUrl);
      const probe = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
      if (!probe.ok) throw new Error(`GET ${path}: ${probe.status} ${await probe.text()}`);
      const figures = await probe.json();
      const load = (seconds) => run({ url: `${server.baseUrl}${path}`, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
      await load(2); // warm-up, as the other load benches: JIT, the database pool and its connections
      return { figures, result: await load(duration) };
    };
    const rows = [];
    const report = (bench, { figures, result }) => {
      const failed = result.non2xx + result.errors + result.timeouts;
      ctx.log(
        `${bench}: the year: ${figures.total} bookings, ${figures.completionRate} % completed, ${figures.revenue} kr, ${figures.remindersSent} reminders sent, ${figures.remindersBooked} booked`,
      );
      rows.push(
        { benchmark: bench, metric: "the year counts them all", value: figures.total, unit: "", limit: `= ${count}`, ok: figures.total === count },
        { benchmark: bench, metric: `requests/s (${CONNECTIONS} conn, ${duration} s)`, value: Math.round(result.requests.average), unit: "req/s", ok: true },
        {
          benchmark: bench,
          metric: "latency p99",
          value: result.latency.p99,
          unit: "ms",
          limit: `< ${P99_BUDGET_MS} ms`,
          ok: result.latency.p99 < P99_BUDGET_MS,
        },
        { benchmark: bench, metric: "failed answers", value: failed, unit: "", limit: "0", ok: failed === 0 },
      );
    };
    rows.push({
      benchmark: "GET /api/statistics?period=year (pg)",
      metric: "bookings in database",
      value: count,
      unit: "",
      limit: `>= ${BOOKINGS}`,
      ok: count >= BOOKINGS,
    });
    report("GET /api/statistics?period=year (pg, sharing)", await measure(shared));
    await shared.stop();
    report("GET /api/statistics?period=year (pg, no sharing)", await measure(await start("postgres-statistics-unshared", { STATISTICS_SHARING: "0" })));
    return rows;
  } finally {
    for (const server of servers) await server.stop();
    await db.drop().catch(() => {});
  }
}
