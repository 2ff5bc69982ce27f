#!/usr/bin/env node
// `npm run bench`: measures the BUILT app (dist/). Builds it first when dist/ is missing.
//
// One function per benchmark; each returns rows { benchmark, metric, value, unit, limit?, ok }.
// A row with ok === false makes the run exit 1. Servers are started through ctx and always stopped.
//
// Usage: node bench/run.mjs [--build] [--only=landing-assets,landing-browser,auth-user] [--duration=10]
//                           [--connections=50] [--json=out.json] [--dist=path]
//   --build rebuilds first (otherwise only when dist/ is missing); --json also writes the rows to a file;
//   --dist (or BENCH_DIST) measures another build output than ./dist (e.g. a private copy while others rebuild).
//
// Issue 24 (bench/soak.mjs): `--only=soak` runs 20 minutes of mixed traffic on PostgreSQL at a steady
// rate; --minutes=N (or SOAK_MINUTES) for a shorter try, --rate=N actions per second (or SOAK_RATE,
// default 20), --soak-json=path for every 10 s sample. Not part of a plain `npm run bench`: it is
// only run when named in --only. `--only=embedded-memory` (bench/embedded-memory.mjs) measures the
// embedded database's RSS at rest, after a minute of traffic and after a restart (--memory-seconds=N).
//
// Issue 7 (bench/pages.mjs): "/" at most 90 KB and "/booking" at most 160 KB gzip of JS + CSS before
// any interaction, nothing of zod, react-hook-form, the API client, TanStack Query or the chat dialog
// on "/" until used; Lighthouse mobile (median of 3) on "/", "/booking" and "/policies/terms":
// performance >= 95, accessibility 100, best practices >= 95, SEO 100, LCP <= 1.8 s, CLS <= 0.02,
// TBT <= 100 ms. `--only=landing-browser,booking-browser,lighthouse` runs just those.
//
// Adding a benchmark (e.g. issue 3: availability day/month on PostgreSQL with 10 000 bookings,
// POST /api/bookings throughput, /booking JS gzip under 200 KB): write `async function myBench(ctx)`,
// get a server with `await ctx.server()` (embedded, production, no demo data) or `await ctx.startServer({ env: { DATABASE_URL } })`,
// and add it to BENCHMARKS below.

import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { adminBookingListOnPostgres } from "./admin-bookings.mjs";
import { availabilityMix } from "./availability-mix.mjs";
import { availabilityOnPostgres, bookingThroughput, POSTGRES_SERVER_ENV } from "./booking.mjs";
import { customerSearchOnPostgres } from "./customers.mjs";
import { invoiceListOnPostgres } from "./invoices.mjs";
import { statisticsOnPostgres } from "./statistics.mjs";
import { chatbotBench } from "./chatbot.mjs";
import { soak } from "./soak.mjs";
import { embeddedMemory } from "./embedded-memory.mjs";
import { DEFERRED_ON_LANDING, lighthouseBench, markersIn, pageBytes, STAFF_MARKERS } from "./pages.mjs";

const ROOT = resolve(import.meta.dirname, "..");

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = "true"] = arg.replace(/^--/, "").split("=");
    return [key, value];
  }),
);
const DURATION_S = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);
const DIST = resolve(args.dist ?? process.env.BENCH_DIST ?? join(ROOT, "dist"));
const SERVER_ENTRY = join(DIST, "server/main.js");
const CLIENT_INDEX = join(DIST, "client/index.html");

// ---------------------------------------------------------------------------------------------
// Benchmarks

/** (a) JS and CSS the landing page loads initially (from its HTML), gzip bytes; no staff code allowed. */
async function landingAssets(ctx) {
  const { baseUrl } = await ctx.pagesServer();
  const html = await (await fetch(`${baseUrl}/`)).text();
  const assets = initialAssets(html);
  const sizes = { js: { raw: 0, gzip: 0, files: 0 }, css: { raw: 0, gzip: 0, files: 0 } };
  const offending = [];
  for (const asset of assets) {
    const response = await fetch(new URL(asset.href, `${baseUrl}/`));
    if (!response.ok) throw new Error(`GET ${asset.href}: ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const size = sizes[asset.kind];
    size.raw += body.length;
    size.gzip += gzipSync(body, { level: 9 }).length;
    size.files += 1;
    offending.push(...staffMarkersIn(body, asset.href));
  }
  ctx.log(`landing assets: ${assets.map((a) => a.href).join(", ")}`);
  for (const line of offending) ctx.log(`STAFF CODE ON THE LANDING PAGE: ${line}`);
  return [
    {
      benchmark: "landing assets",
      metric: `JS gzip (${sizes.js.files} files, ${kb(sizes.js.raw)} raw)`,
      value: sizes.js.gzip,
      unit: "B",
      ok: sizes.js.files > 0,
    },
    { benchmark: "landing assets", metric: `CSS gzip (${sizes.css.files} files, ${kb(sizes.css.raw)} raw)`, value: sizes.css.gzip, unit: "B", ok: true },
    { benchmark: "landing assets", metric: "staff code in initial chunks", value: offending.length, unit: "hits", limit: "0", ok: offending.length === 0 },
  ];
}

/** (b) GET /api/auth/user anonymously under autocannon: 401 is the expected answer. */
async function authUserThroughput(ctx) {
  const { baseUrl } = await ctx.server();
  const result = await load({ url: `${baseUrl}/api/auth/user`, connections: CONNECTIONS, duration: DURATION_S });
  const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  const unexpected = Object.entries(codes)
    .filter(([code]) => code !== "401")
    .reduce((sum, [, count]) => sum + count, 0);
  ctx.log(`GET /api/auth/user status codes: ${JSON.stringify(codes)}, errors ${result.errors}, timeouts ${result.timeouts}`);
  return [
    {
      benchmark: "GET /api/auth/user (401)",
      metric: `requests/s (${CONNECTIONS} conn, ${DURATION_S} s)`,
      value: Math.round(result.requests.average),
      unit: "req/s",
      ok: result.requests.average > 0,
    },
    { benchmark: "GET /api/auth/user (401)", metric: "latency p99", value: result.latency.p99, unit: "ms", ok: true },
    {
      benchmark: "GET /api/auth/user (401)",
      metric: "answers other than 401, errors",
      value: unexpected + result.errors + result.timeouts,
      unit: "",
      limit: "0",
      ok: unexpected + result.errors + result.timeouts === 0,
    },
  ];
}

const BENCHMARKS = [
  { id: "landing-assets", run: landingAssets },
  // Issue 7: before any interaction, "/" at most 90 KB and "/booking" at most 160 KB of JS + CSS (gzip).
  { id: "landing-browser", run: (ctx) => pageBytes(ctx, { path: "/", budgetKb: 90, deferred: DEFERRED_ON_LANDING }) },
  { id: "booking-browser", run: (ctx) => pageBytes(ctx, { path: "/booking", budgetKb: 160, deferred: { "chat dialog": DEFERRED_ON_LANDING["chat dialog"] } }) },
  { id: "lighthouse", run: (ctx) => lighthouseBench(ctx) },
  { id: "auth-user", run: authUserThroughput },
  { id: "availability-pg", run: (ctx) => availabilityOnPostgres(ctx, { duration: DURATION_S, connections: CONNECTIONS }) },
  { id: "availability-mix-pg", run: (ctx) => availabilityMix(ctx, { duration: DURATION_S, connections: CONNECTIONS }) },
  { id: "post-bookings-pg", run: (ctx) => bookingThroughput(ctx) },
  // Issue 14: the admin list searched and filtered over 10 000 bookings, p99 < 50 ms at 20 connections.
  { id: "admin-bookings-pg", run: (ctx) => adminBookingListOnPostgres(ctx, { duration: DURATION_S }) },
  // Issue 12: the customer register searched over 20 000 customers, p99 < 50 ms at 20 connections.
  { id: "customers-pg", run: (ctx) => customerSearchOnPostgres(ctx, { duration: DURATION_S }) },
  // Issue 25: the invoice list over 20 000 invoices, p99 < 50 ms at 20 connections; parallel sends stay gap-free.
  { id: "invoices-pg", run: (ctx) => invoiceListOnPostgres(ctx, { duration: DURATION_S }) },
  // Issue 13: a year's statistics over 50 000 bookings, p99 < 200 ms.
  { id: "statistics-pg", run: (ctx) => statisticsOnPostgres(ctx, { duration: DURATION_S }) },
  // Issue 9: ServiceBot's top-1/top-3 accuracy, honest "vet inte" outside the knowledge base, p95 < 20 ms.
  { id: "chatbot", run: (ctx) => chatbotBench(ctx) },
  // Issue 24: the embedded database's memory at rest, after traffic and after a restart (README "Memory").
  { id: "embedded-memory", run: (ctx) => embeddedMemory(ctx, { seconds: Number(args["memory-seconds"] ?? 60) }) },
  // Issue 24: 20 minutes of mixed traffic on PostgreSQL; no 5xx, RSS and p99 steady (see bench/soak.mjs).
  {
    id: "soak",
    onlyWhenNamed: true,
    run: (ctx) =>
      soak(ctx, {
        minutes: Number(args.minutes ?? process.env.SOAK_MINUTES ?? 20),
        rate: Number(args.rate ?? process.env.SOAK_RATE ?? 20),
        samplesFile: args["soak-json"],
      }),
  },
];

// ---------------------------------------------------------------------------------------------
// Helpers

/** The script, modulepreload and stylesheet assets named in the HTML (what the browser fetches first). */
export function initialAssets(html) {
  const assets = [];
  const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, "i"))?.[1];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, "src");
    if (src) assets.push({ kind: "js", href: src });
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase();
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") assets.push({ kind: "js", href });
    else if (rel === "stylesheet") assets.push({ kind: "css", href });
  }
  return assets.filter((a, i) => assets.findIndex((b) => b.href === a.href) === i);
}

/** Staff markers found in a file (see bench/pages.mjs), as lines for the log. */
function staffMarkersIn(body, name) {
  return markersIn(body, STAFF_MARKERS).map((m) => `${name} contains "${m}"`);
}

function load(options) {
  return new Promise((resolvePromise, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolvePromise(result)));
    process.once("SIGINT", () => instance.stop());
  });
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function freePort() {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePromise(port));
    });
  });
}

// BENCH_PORT: the first server listens there and each further one on the next port (a machine shared
// with others may give each user a range); otherwise a free port.
let nextPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;

/** Starts dist/server/main.js on a free port with a fresh DATA_DIR; resolves when it answers. */
// `dataDir`: an existing DATA_DIR to start on (a restart), which stop() leaves in place; else a fresh one.
async function startServer({ env = {}, label = "app", dataDir: givenDataDir } = {}) {
  const port = nextPort ? nextPort++ : await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), "vps-bench-"));
  // Production refuses demo data (its admin's password is on the login page) and wants an admin.
  const production = (env.NODE_ENV ?? "production") === "production";
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: "",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      CLIENT_DIR: join(DIST, "client"),
      SEED_DEMO: env.SEED_DEMO ?? (production ? "0" : "1"),
      ADMIN_USERNAME: env.ADMIN_USERNAME ?? POSTGRES_SERVER_ENV.ADMIN_USERNAME,
      ADMIN_PASSWORD: env.ADMIN_PASSWORD ?? POSTGRES_SERVER_ENV.ADMIN_PASSWORD,
      LOG_LEVEL: env.LOG_LEVEL ?? "warn",
      // No load balancer to wait for: SIGTERM closes at once.
      SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? "0",
      // Production requires what a deployment behind a TLS proxy has (README: reverse proxy). The
      // bench talks plain HTTP to the app as such a proxy would; no request here carries a cookie,
      // so the CSRF check against PUBLIC_URL never applies.
      PUBLIC_URL: env.PUBLIC_URL ?? "https://boka.example.se",
      TRUST_PROXY: env.TRUST_PROXY ?? "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolvePromise) => child.once("exit", (code, signal) => resolvePromise({ code, signal })));
  let alive = true;
  void exited.then(() => (alive = false));

  const stop = async () => {
    if (alive) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      if (!alive) throw new Error(`${label} server exited before it was ready`);
      try {
        const response = await fetch(`${baseUrl}/api/public/config`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${label} server did not answer within 120 s`);
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, pid: child.pid, stop };
}

function ensureBuilt() {
  if (!args.build && existsSync(SERVER_ENTRY) && existsSync(CLIENT_INDEX)) return;
  if (DIST !== join(ROOT, "dist")) throw new Error(`no build in ${DIST} (npm run build writes ./dist)`);
  console.log("bench: running `npm run build` ...");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

function printTable(rows) {
  const table = rows.map((r) => ({
    benchmark: r.benchmark,
    metric: r.metric,
    value: typeof r.value === "number" ? r.value.toLocaleString("en-US").replace(/,/g, " ") : String(r.value),
    unit: r.unit,
    limit: r.limit ?? "",
    result: r.ok ? "ok" : "FAIL",
  }));
  const columns = ["benchmark", "metric", "value", "unit", "limit", "result"];
  const widths = columns.map((c) => Math.max(c.length, ...table.map((r) => r[c].length)));
  const line = (cells) => cells.map((cell, i) => (i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ");
  console.log(`\n${line(columns)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const r of table) console.log(line(columns.map((c) => r[c])));
}

// ---------------------------------------------------------------------------------------------

async function main() {
  ensureBuilt();
  const only = args.only ? new Set(args.only.split(",")) : null;
  const servers = [];
  let defaultServer;
  let pagesServer;
  const ctx = {
    log: (message) => console.log(`  ${message}`),
    startServer: async (options) => {
      const server = await startServer(options);
      servers.push(server);
      return server;
    },
    server: async () => (defaultServer ??= ctx.startServer({ label: "embedded" })),
    // The page benchmarks' server: the same build, not in production mode (which would upgrade the
    // page's requests to https and require an https PUBLIC_URL); static files are served the same way.
    pagesServer: async () => (pagesServer ??= ctx.startServer({ label: "pages", env: { NODE_ENV: "development" } })),
  };

  const rows = [];
  let failed = false;
  try {
    for (const bench of BENCHMARKS) {
      if (only ? !only.has(bench.id) : bench.onlyWhenNamed) continue;
      console.log(`bench: ${bench.id} ...`);
      try {
        rows.push(...(await bench.run(ctx)));
      } catch (error) {
        failed = true;
        rows.push({ benchmark: bench.id, metric: `error: ${error.message}`, value: "-", unit: "", ok: false });
      }
    }
  } finally {
    await Promise.allSettled(servers.map((s) => s.stop()));
  }

  printTable(rows);
  if (args.json) writeFileSync(args.json, JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
  if (failed || rows.some((r) => !r.ok)) {
    console.log("\nbench: FAILED");
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
