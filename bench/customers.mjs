// Issue 12: the customer register searched over 20 000 customers on PostgreSQL, 20 connections,
// p99 under 50 ms. The kinds of search rotate, as admins type them: part of a name, part of a
// phone number, a misspelt surname (found through pg_trgm word similarity), a surname and the
// beginning of a city, a surname alone, part of an e-mail, a street and number. The admin logs in
// once; every request carries the session cookie.
import autocannon from "autocannon";
import pg from "pg";
import { adminCookie } from "./admin-bookings.mjs";
import { freshDatabase, POSTGRES_SERVER_ENV } from "./booking.mjs";

const P99_BUDGET_MS = 50;
const CONNECTIONS = 20;
const CUSTOMERS = 20_000;

/** 20 000 customers with varied Swedish names, streets, cities and phone numbers; 1 000 with a product. */
export async function seedCustomers(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      WITH names AS (
        SELECT ARRAY['Anna','Erik','Maria','Lars','Karin','Johan','Sara','Anders','Eva','Per','Lena','Mikael','Åsa','Örjan','Henrietta','Gunnar'] AS first,
               ARRAY['Andersson','Johansson','Karlsson','Nilsson','Eriksson','Larsson','Olsson','Persson','Svensson','Gustafsson','Lindqvist','Berg','Öberg','Åberg','Sandström','Holmgren','von Essen'] AS last,
               ARRAY['Uppsala','Stockholm','Västerås','Enköping','Sala','Knivsta','Sigtuna','Örebro','Gävle','Luleå'] AS city,
               ARRAY['Storgatan','Kungsgatan','Björkvägen','Tallstigen','Ängsvägen','Skolgatan','Sjövägen','Lönngatan'] AS street
      )
      INSERT INTO customers (name, email, phone, address, city, postal_code)
      SELECT first[1 + n % 16] || ' ' || last[1 + (n / 16) % 17] || CASE WHEN n % 5 = 0 THEN '-' || last[1 + n % 17] ELSE '' END,
             'kund' || n || '@exempel.se',
             '07' || (n % 10) || '-' || lpad(((n * 7919) % 10000000)::text, 7, '0'),
             street[1 + n % 8] || ' ' || (1 + n % 97), city[1 + (n / 8) % 10], lpad((10000 + (n * 37) % 89999)::text, 5, '0')
      FROM generate_series(0, ${CUSTOMERS - 1}) n, names ORDER BY n`);
    await client.query(
      `INSERT INTO products (customer_id, model, type, install_date) SELECT id, 'Nibe F2120', 'luftvärmepump', current_date - (id % 2000) FROM customers WHERE id % 20 = 0`,
    );
    await client.query("VACUUM ANALYZE");
    const { rows } = await client.query("SELECT count(*)::int AS n FROM customers");
    return rows[0].n;
  } finally {
    await client.end();
  }
}

function run(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

const SEARCHES = ["Lindqvist", "070-", "Lindkvist", "Sandström Upps", "Holmgren", "kund1234", "Björkvägen 12"];

export async function customerSearchOnPostgres(ctx, { duration = 10 } = {}) {
  const db = await freshDatabase("vps_bench_customers");
  let server;
  try {
    server = await ctx.startServer({ env: { ...POSTGRES_SERVER_ENV, DATABASE_URL: db.url }, label: "postgres-customers" });
    const count = await seedCustomers(db.url);
    const cookie = await adminCookie(server.baseUrl);
    const urlFor = (q) => `/api/customers?${new URLSearchParams({ q, sort: "lastName", dir: "asc", page: "1" })}`;
    const matches = {};
    for (const q of SEARCHES) {
      const probe = await fetch(`${server.baseUrl}${urlFor(q)}`, { headers: { cookie } });
      if (!probe.ok) throw new Error(`GET ${urlFor(q)}: ${probe.status} ${await probe.text()}`);
      matches[q] = (await probe.json()).total;
    }
    ctx.log(`seeded ${count} customers; matches: ${JSON.stringify(matches)}`);
    let next = 0;
    const load = (seconds) =>
      run({
        url: server.baseUrl,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { cookie },
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: urlFor(SEARCHES[next++ % SEARCHES.length]) }) }],
      });
    await load(2); // warm-up, as the other load benches: JIT, the database pool, each connection's prepared plans
    const result = await load(duration);
    const failed = result.non2xx + result.errors + result.timeouts;
    const bench = "GET /api/customers search (pg)";
    return [
      { benchmark: bench, metric: "customers in database", value: count, unit: "", limit: `>= ${CUSTOMERS}`, ok: count >= CUSTOMERS },
      {
        benchmark: bench,
        metric: "every search finds customers",
        value: Object.values(matches).filter((n) => n > 0).length,
        unit: `of ${SEARCHES.length}`,
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
    ];
  } finally {
    await server?.stop();
    await db.drop().catch(() => {});
  }
}
