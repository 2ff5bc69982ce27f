// Issue 14: GET /api/admin/bookings with a search term and a status filter over 10 000 bookings on
// PostgreSQL, 20 connections, p99 under 50 ms. The bookings carry varied Swedish names, streets,
// cities, statuses and service types, so the search matches a realistic share of them (not all, as
// one repeated customer would, and not none). The admin logs in once; every request carries the
// session cookie, as the list page's requests do.
import autocannon from "autocannon";
import pg from "pg";
import { freshDatabase, POSTGRES_SERVER_ENV } from "./booking.mjs";

const P99_BUDGET_MS = 50;
const CONNECTIONS = 20;

/** 10 000 bookings, 20 per day over 500 days around today, each with its own customer. */
export async function seedVariedBookings(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      WITH names AS (
        SELECT ARRAY['Anna','Erik','Maria','Lars','Karin','Johan','Sara','Anders','Eva','Per','Lena','Mikael'] AS first,
               ARRAY['Andersson','Johansson','Karlsson','Nilsson','Eriksson','Larsson','Olsson','Persson','Svensson','Gustafsson','Lindqvist','Berg','Öberg','Åberg'] AS last,
               ARRAY['Uppsala','Stockholm','Västerås','Enköping','Sala','Knivsta','Sigtuna','Örebro'] AS city,
               ARRAY['Storgatan','Kungsgatan','Björkvägen','Tallstigen','Ängsvägen','Skolgatan','Sjövägen'] AS street
      ), numbered AS (
        SELECT n, names.* FROM generate_series(0, 9999) n, names
      ), inserted_customers AS (
        INSERT INTO customers (name, email, phone, address, city, postal_code)
        SELECT first[1 + n % 12] || ' ' || last[1 + (n / 12) % 14], 'kund' || n || '@exempel.se', '070-' || lpad((n % 1000000)::text, 7, '0'),
               street[1 + n % 7] || ' ' || (1 + n % 97), city[1 + (n / 7) % 8], lpad((70000 + n % 9000)::text, 5, '0')
        FROM numbered ORDER BY n
        RETURNING id, name, email, phone, address, city, postal_code
      )
      INSERT INTO bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city)
      SELECT c.id,
             (ARRAY['service','installation','troubleshooting','hembesok'])[1 + c.id % 4],
             current_date - 400 + (c.id - 1) / 20,
             s.label, s.st::time, s.et::time,
             (ARRAY['planned','confirmed','completed','cancelled','in_progress','rescheduled'])[1 + (c.id / 3) % 6],
             c.name, c.email, c.phone, c.address, c.postal_code, c.city
      FROM inserted_customers c
      JOIN (VALUES (0,'07:00-08:00','07:00','08:00'), (1,'08:00-09:00','08:00','09:00'), (2,'09:00-10:00','09:00','10:00'), (3,'10:00-11:00','10:00','11:00'),
                   (4,'11:00-12:00','11:00','12:00'), (5,'12:00-13:00','12:00','13:00'), (6,'13:00-14:00','13:00','14:00'), (7,'14:00-15:00','14:00','15:00'),
                   (8,'15:00-16:00','15:00','16:00'), (9,'16:00-17:00','16:00','17:00'), (10,'17:00-18:00','17:00','18:00'), (11,'18:00-19:00','18:00','19:00'),
                   (12,'19:00-20:00','19:00','20:00'), (13,'20:00-21:00','20:00','21:00'), (14,'06:00-07:00','06:00','07:00'), (15,'05:00-06:00','05:00','06:00'),
                   (16,'04:00-05:00','04:00','05:00'), (17,'03:00-04:00','03:00','04:00'), (18,'02:00-03:00','02:00','03:00'), (19,'01:00-02:00','01:00','02:00'))
        s(k, label, st, et) ON s.k = (c.id - 1) % 20`);
    await client.query("VACUUM ANALYZE");
    const { rows } = await client.query("SELECT count(*)::int AS n FROM bookings");
    return rows[0].n;
  } finally {
    await client.end();
  }
}

export async function adminCookie(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: POSTGRES_SERVER_ENV.ADMIN_USERNAME, password: POSTGRES_SERVER_ENV.ADMIN_PASSWORD, role: "admin" }),
  });
  if (!response.ok) throw new Error(`admin login: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function run(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

/** The admin list searched by a surname and filtered by status, 20 connections, on PostgreSQL. */
export async function adminBookingListOnPostgres(ctx, { duration = 10 } = {}) {
  const db = await freshDatabase("vps_bench_admin_list");
  let server;
  try {
    server = await ctx.startServer({ env: { ...POSTGRES_SERVER_ENV, DATABASE_URL: db.url }, label: "postgres-admin-list" });
    const count = await seedVariedBookings(db.url);
    const cookie = await adminCookie(server.baseUrl);
    const url = `${server.baseUrl}/api/admin/bookings?search=Andersson&status=confirmed&sort=date_desc&page=1&pageSize=25`;
    const probe = await fetch(url, { headers: { cookie } });
    if (!probe.ok) throw new Error(`GET ${url}: ${probe.status} ${await probe.text()}`);
    const page = await probe.json();
    ctx.log(`seeded ${count} bookings; "Andersson" + confirmed: ${page.total} matches, ${page.items.length} on the first page`);
    const result = await run({ url, connections: CONNECTIONS, duration, headers: { cookie } });
    const failed = result.non2xx + result.errors + result.timeouts;
    const bench = "GET /api/admin/bookings search+status (pg)";
    return [
      { benchmark: bench, metric: "bookings in database", value: count, unit: "", limit: ">= 10000", ok: count >= 10_000 },
      { benchmark: bench, metric: "matches of the search", value: page.total, unit: "", ok: page.total > 0 && page.items.length > 0 },
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
    ];
  } finally {
    await server?.stop();
    await db.drop().catch(() => {});
  }
}
