// Issue 3 benchmarks: availability on a real PostgreSQL holding 10 000 bookings, and booking throughput.
// Each function takes the runner's ctx and returns rows { benchmark, metric, value, unit, limit?, ok }.
import autocannon from "autocannon";
import pg from "pg";
import { randomBytes } from "node:crypto";

const P99_BUDGET_MS = 50;

/** Server URL of the machine's PostgreSQL; the benchmarks create and drop their own databases on it. */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function run(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

async function withAdmin(fn) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database on the server; returns its URL and a drop function. */
export async function freshDatabase(prefix) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

/**
 * Environment of a bench server on PostgreSQL: no demo data, and the first admin that a production
 * start insists on (the benches never log in with it).
 */
export const POSTGRES_SERVER_ENV = { SEED_DEMO: "0", ADMIN_USERNAME: "bench", ADMIN_PASSWORD: "Lyktgubbe-Moln-73" };

const iso = (date) => date.toISOString().slice(0, 10);
/** Deterministic pseudo-random numbers (mulberry32): two runs of a bench send the same sequence. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function stockholmToday() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Stockholm" }).format(new Date());
}
export function addDays(isoDate, days) {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}
export const weekday = (isoDate) => new Date(`${isoDate}T12:00:00Z`).getUTCDay();

/**
 * 10 000 active bookings, four two-hour visits a day over 2 500 days up to the end of the booking
 * horizon, so every availability query reads a realistically full table.
 */
export async function seedTenThousandBookings(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO customers (name, email, phone, address, city, postal_code) VALUES ('Bench Kund', 'bench@exempel.se', '070', 'Gatan 1', 'Uppsala', '75320')`,
    );
    await client.query(`
      INSERT INTO bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city)
      SELECT 1, 'service', d::date, s.label, s.st::time, s.et::time, 'confirmed', 'Bench Kund', 'bench@exempel.se', '070', 'Gatan 1', '75320', 'Uppsala'
      FROM generate_series(current_date - 2425, current_date + 74, interval '1 day') d,
           (VALUES ('08:00-10:00','08:00','10:00'), ('10:00-12:00','10:00','12:00'), ('12:00-14:00','12:00','14:00'), ('16:00-18:00','16:00','18:00')) s(label, st, et)`);
    const { rows } = await client.query("SELECT count(*)::int AS n FROM bookings");
    // VACUUM as well: it marks the pages all-visible, as autovacuum has long done on a production
    // table, so index-only scans need no visits to the table.
    await client.query("VACUUM ANALYZE");
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/**
 * Issue 27 (rules D25): 10 bookable technicians and 10 000+ visits, each a technician's own: every
 * day from 240 days ago to the end of the booking window, four service times a day, each given to
 * eight of the ten technicians (so a time still has room, as in a busy company). VACUUM ANALYZE as above.
 */
export async function seedCapacityBookings(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO customers (name, email, phone, address, city, postal_code) VALUES ('Bench Kund', 'bench@exempel.se', '070', 'Gatan 1', 'Uppsala', '75320')`,
    );
    await client.query(`
      INSERT INTO users (username, password, name, role, bookable)
      SELECT 'bench-tekniker-' || n, 'x', 'Tekniker ' || n, 'technician', true FROM generate_series(1, 10) n`);
    await client.query(`
      INSERT INTO bookings (customer_id, service_type, date, time_slot, start_time, end_time, status, contact_name, contact_email, contact_phone, address, postal_code, city, assigned_technician_id)
      SELECT 1, 'service', d::date, s.label, s.st::time, s.et::time, 'confirmed', 'Bench Kund', 'bench@exempel.se', '070', 'Gatan 1', '75320', 'Uppsala', u.id
      FROM generate_series(current_date - 240, current_date + 74, interval '1 day') d,
           (VALUES ('08:00-10:00','08:00','10:00'), ('10:00-12:00','10:00','12:00'), ('12:00-14:00','12:00','14:00'), ('16:00-18:00','16:00','18:00')) s(label, st, et),
           (SELECT id FROM users WHERE username LIKE 'bench-tekniker-%' ORDER BY id LIMIT 8) u`);
    const { rows } = await client.query("SELECT count(*)::int AS n FROM bookings");
    await client.query("VACUUM ANALYZE");
    return rows[0].n;
  } finally {
    await client.end();
  }
}

function latencyRows(benchmark, result) {
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return [
    { benchmark, metric: "requests/s (mean)", value: Math.round(result.requests.average), unit: "req/s", ok: true },
    { benchmark, metric: "latency p99", value: result.latency.p99, unit: "ms", limit: `< ${P99_BUDGET_MS} ms`, ok: result.latency.p99 < P99_BUDGET_MS },
    { benchmark, metric: "failed answers", value: non2xx, unit: "", limit: "0", ok: non2xx === 0 },
  ];
}

/** GET /api/availability/day and /range (month view) with 50 connections against PostgreSQL with 10 000 bookings. */
export async function availabilityOnPostgres(ctx, { duration = 10, connections = 50 } = {}) {
  const db = await freshDatabase("vps_bench_availability");
  let server;
  try {
    server = await ctx.startServer({ env: { ...POSTGRES_SERVER_ENV, DATABASE_URL: db.url }, label: "postgres" });
    const count = await seedTenThousandBookings(db.url);
    ctx.log(`seeded ${count} bookings`);
    let monday = addDays(stockholmToday(), 14);
    while (weekday(monday) !== 1) monday = addDays(monday, 1);
    const from = addDays(stockholmToday(), 14);
    const dayUrl = `${server.baseUrl}/api/availability/day?date=${monday}&serviceType=service`;
    const monthUrl = `${server.baseUrl}/api/availability/range?from=${from}&to=${addDays(from, 41)}&serviceType=service`;
    const day = await (await fetch(dayUrl)).json();
    ctx.log(`day ${monday}: ${day.slots.filter((s) => s.available).length}/${day.slots.length} free`);
    const rows = [{ benchmark: "availability-pg", metric: "bookings in database", value: count, unit: "", limit: ">= 10000", ok: count >= 10_000 }];
    rows.push(...latencyRows("availability-day (pg)", await run({ url: dayUrl, connections, duration })));
    rows.push(...latencyRows("availability-month (pg)", await run({ url: monthUrl, connections, duration })));
    return rows;
  } finally {
    await server?.stop();
    await db.drop().catch(() => {});
  }
}

/**
 * The settings' day limit (8 by default) would refuse the ninth home visit of a day: this bench
 * measures booking every free slot, so it raises the limit as an admin would, then waits out the
 * settings cache (2 s) before reading availability.
 */
async function allowManyBookingsPerDay(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO system_settings (key, value) VALUES ('maxBookingsPerDay', '50'::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
  } finally {
    await client.end();
  }
  await new Promise((resolve) => setTimeout(resolve, 2500));
}

/** Distinct, mutually non-overlapping free slots: home visits Monday-Friday and Saturday service/installation. */
async function freeSlots(baseUrl) {
  const today = stockholmToday();
  const slots = [];
  for (let offset = 3; offset <= 74; offset++) {
    const date = addDays(today, offset);
    const day = weekday(date);
    const types = day >= 1 && day <= 5 ? ["hembesok"] : day === 6 ? ["service", "installation"] : [];
    for (const serviceType of types) {
      const answer = await (await fetch(`${baseUrl}/api/availability/day?date=${date}&serviceType=${serviceType}`)).json();
      for (const slot of answer.slots) if (slot.available) slots.push({ serviceType, date, timeSlot: slot.label });
    }
  }
  return slots;
}

/** POST /api/bookings without images, every request for a different free slot, on PostgreSQL. */
export async function bookingThroughput(ctx, { connections = 10 } = {}) {
  const db = await freshDatabase("vps_bench_bookings");
  let server;
  try {
    // Every booking comes from 127.0.0.1: lift the per-address limit (10 an hour) for the measurement.
    const env = { ...POSTGRES_SERVER_ENV, DATABASE_URL: db.url, BOOKINGS_PER_ADDRESS_PER_HOUR: "1000000" };
    server = await ctx.startServer({ env, label: "postgres-bookings" });
    await allowManyBookingsPerDay(db.url);
    const slots = await freeSlots(server.baseUrl);
    let next = 0;
    const result = await run({
      url: `${server.baseUrl}/api/bookings`,
      connections,
      amount: slots.length,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          setupRequest: (request) => {
            const slot = slots[next++ % slots.length];
            const body = {
              ...slot,
              heatpumpModel: slot.serviceType === "hembesok" ? undefined : "Nibe F2120",
              description: "Prestandatest av bokningen.",
              name: `Kund ${next}`,
              email: `kund${next}@exempel.se`,
              phone: "070-123 45 67",
              address: "Storgatan 1",
              city: "Uppsala",
              postalCode: "753 20",
            };
            return { ...request, body: JSON.stringify(body) };
          },
        },
      ],
    });
    const created = result["2xx"];
    return [
      { benchmark: "post-bookings (pg)", metric: "distinct free slots booked", value: created, unit: `of ${slots.length}`, ok: created === slots.length },
      { benchmark: "post-bookings (pg)", metric: "requests/s (mean)", value: Math.round(result.requests.average), unit: "req/s", ok: true },
      { benchmark: "post-bookings (pg)", metric: "latency p99", value: result.latency.p99, unit: "ms", ok: true },
    ];
  } finally {
    await server?.stop();
    await db.drop().catch(() => {});
  }
}
