// Issue 25: the invoice list over 20 000 invoices on PostgreSQL, searched and filtered as admins do
// (a number, part of a name, an OCR, overdue first, unpaid, paid), 20 connections, p99 under 50 ms;
// and sending invoices in parallel from many connections keeps the number series without a gap.
import autocannon from "autocannon";
import pg from "pg";
import { adminCookie } from "./admin-bookings.mjs";
import { freshDatabase, POSTGRES_SERVER_ENV } from "./booking.mjs";
import { seedCustomers } from "./customers.mjs";

const P99_BUDGET_MS = 50;
const CONNECTIONS = 20;
const INVOICES = 20_000;
const PARALLEL_SENDS = 100;

/**
 * 20 000 invoices over the seeded customers: 18 000 sent with numbers 1001…, of which half paid,
 * a tenth credited and some overdue, and 2 000 drafts; one line each, a fifth with ROT.
 */
export async function seedInvoices(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      INSERT INTO invoices (kind, status, number, ocr, customer_id, customer_name, customer_address, customer_postal_code, customer_city,
                            customer_email, issue_date, due_date, payment_terms_days, lines, total_ore, to_pay_ore, paid_ore, access_token, sent_at, created_at)
      SELECT 'invoice',
             CASE WHEN n >= 18000 THEN 'draft' WHEN n % 10 = 0 THEN 'credited' WHEN n % 2 = 0 THEN 'paid' ELSE 'sent' END,
             CASE WHEN n >= 18000 THEN NULL ELSE 1001 + n END,
             CASE WHEN n >= 18000 THEN NULL ELSE (1001 + n)::text || '00' END,
             c.id, c.name, c.address, c.postal_code, c.city, c.email,
             CASE WHEN n >= 18000 THEN NULL ELSE current_date - (n % 400) END,
             CASE WHEN n >= 18000 THEN NULL ELSE current_date - (n % 400) + 30 END,
             30,
             jsonb_build_array(jsonb_build_object('description', 'Service av värmepump', 'quantity', 1, 'unit', 'st', 'unitPriceOre', 200000, 'vatRate', 25, 'labour', true)),
             250000, 250000, CASE WHEN n % 2 = 0 AND n < 18000 THEN 250000 ELSE 0 END,
             md5(n::text || 'a') || md5(n::text || 'b'),
             CASE WHEN n >= 18000 THEN NULL ELSE now() END,
             now() - (n || ' minutes')::interval
      FROM generate_series(0, ${INVOICES - 1}) n
      JOIN customers c ON c.id = 1 + n % 20000`);
    await client.query("VACUUM ANALYZE");
    const { rows } = await client.query("SELECT count(*)::int AS n FROM invoices");
    return rows[0].n;
  } finally {
    await client.end();
  }
}

function run(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

const QUERIES = [
  { status: "all" },
  { status: "overdue" },
  { status: "unpaid", q: "lindqvist" },
  { status: "all", q: "12345" },
  { status: "paid", q: "andersson" },
  { status: "all", q: "kund1234" },
  { status: "draft" },
];

/** Sends drafts from many connections at once; the numbers must follow the last one without a gap. */
async function parallelSends(baseUrl, cookie, url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT id FROM invoices WHERE status = 'draft' ORDER BY id LIMIT ${PARALLEL_SENDS}`);
    const [{ last }] = (await client.query("SELECT max(number) AS last FROM invoices")).rows;
    // The server runs as production behind PUBLIC_URL (bench/run.mjs): a browser on that site sends its origin.
    const headers = { cookie, origin: "https://boka.example.se", "content-type": "application/json" };
    const answers = await Promise.all(rows.map((r) => fetch(`${baseUrl}/api/admin/invoices/${r.id}/send`, { method: "POST", headers, body: "{}" })));
    const accepted = answers.filter((a) => a.ok).length;
    const refused = answers.find((a) => !a.ok);
    if (refused) throw new Error(`POST /api/admin/invoices/:id/send: ${refused.status} ${await refused.text()}`);
    const numbers = (await client.query(`SELECT number FROM invoices WHERE number > $1 ORDER BY number`, [last])).rows.map((r) => r.number);
    const gapless = numbers.length === accepted && numbers.every((n, i) => n === Number(last) + 1 + i);
    return { accepted, gapless };
  } finally {
    await client.end();
  }
}

export async function invoiceListOnPostgres(ctx, { duration = 10 } = {}) {
  const db = await freshDatabase("vps_bench_invoices");
  let server;
  try {
    server = await ctx.startServer({ env: { ...POSTGRES_SERVER_ENV, DATABASE_URL: db.url }, label: "postgres-invoices" });
    await seedCustomers(db.url);
    const count = await seedInvoices(db.url);
    const cookie = await adminCookie(server.baseUrl);
    const urlFor = (query) => `/api/admin/invoices?${new URLSearchParams(query)}`;
    const matches = {};
    for (const query of QUERIES) {
      const probe = await fetch(`${server.baseUrl}${urlFor(query)}`, { headers: { cookie } });
      if (!probe.ok) throw new Error(`GET ${urlFor(query)}: ${probe.status} ${await probe.text()}`);
      matches[urlFor(query)] = (await probe.json()).total;
    }
    ctx.log(`seeded ${count} invoices; matches: ${JSON.stringify(matches)}`);
    let next = 0;
    const load = (seconds) =>
      run({
        url: server.baseUrl,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { cookie },
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: urlFor(QUERIES[next++ % QUERIES.length]) }) }],
      });
    await load(2); // warm-up
    const result = await load(duration);
    const failed = result.non2xx + result.errors + result.timeouts;
    const sends = await parallelSends(server.baseUrl, cookie, db.url);
    const bench = "GET /api/admin/invoices search and filter (pg)";
    return [
      { benchmark: bench, metric: "invoices in database", value: count, unit: "", limit: `>= ${INVOICES}`, ok: count >= INVOICES },
      {
        benchmark: bench,
        metric: "every query finds invoices",
        value: Object.values(matches).filter((n) => n > 0).length,
        unit: `of ${QUERIES.length}`,
        ok: Object.values(matches).every((n) => n > 0),
      },
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
      {
        benchmark: "POST /api/admin/invoices/:id/send x100 at once (pg)",
        metric: "sent, numbers without gap",
        value: sends.accepted,
        unit: `of ${PARALLEL_SENDS}`,
        limit: `${PARALLEL_SENDS}, no gap`,
        ok: sends.accepted === PARALLEL_SENDS && sends.gapless,
      },
    ];
  } finally {
    await server?.stop();
    await db.drop().catch(() => {});
  }
}
