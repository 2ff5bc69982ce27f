#!/usr/bin/env node
// `npm run bench`: measures the BUILT app (dist/). Builds it first when dist/ is missing.
//
// One function per benchmark; each returns rows { benchmark, metric, value, unit, limit?, ok }.
// A row with ok === false makes the run exit 1. Servers are started through ctx and always stopped.
//
// Usage: node bench/run.mjs [--build] [--only=landing-assets,landing-browser,auth-user] [--duration=10]
//                           [--connections=50] [--json=out.json]
//   --build rebuilds first (otherwise only when dist/ is missing); --json also writes the rows to a file.
//
// Adding a benchmark (e.g. issue 3: availability day/month on PostgreSQL with 10 000 bookings,
// POST /api/bookings throughput, /booking JS gzip under 200 KB): write `async function myBench(ctx)`,
// get a server with `await ctx.server()` (embedded, demo data) or `await ctx.startServer({ env: { DATABASE_URL } })`,
// and add it to BENCHMARKS below.

import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { availabilityOnPostgres, bookingThroughput } from "./booking.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const SERVER_ENTRY = join(ROOT, "dist/server/main.js");
const CLIENT_INDEX = join(ROOT, "dist/client/index.html");

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = "true"] = arg.replace(/^--/, "").split("=");
    return [key, value];
  }),
);
const DURATION_S = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);

// Text that exists only in staff code. If any initial landing asset contains one of these, the public
// page downloads admin or technician code (issue 2: public pages must not load staff code).
const STAFF_MARKERS = [
  // technician portal (SPEC §2 Technician portal)
  "Tekniker Dashboard",
  "Dagens uppdrag",
  "Kommande uppdrag",
  "Skapa nytt protokoll",
  "Påbörja service",
  // admin dashboard cards (SPEC §2 Admin dashboard; texts of features/admin)
  "Kundregister",
  "Teknikerplanering",
  "Servicepåminnelser",
  "Systeminställningar",
];

// ---------------------------------------------------------------------------------------------
// Benchmarks

/** (a) JS and CSS the landing page loads initially (from its HTML), gzip bytes; no staff code allowed. */
async function landingAssets(ctx) {
  const { baseUrl } = await ctx.server();
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
    { benchmark: "landing assets", metric: `JS gzip (${sizes.js.files} files, ${kb(sizes.js.raw)} raw)`, value: sizes.js.gzip, unit: "B", ok: sizes.js.files > 0 },
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
    { benchmark: "GET /api/auth/user (401)", metric: `requests/s (${CONNECTIONS} conn, ${DURATION_S} s)`, value: Math.round(result.requests.average), unit: "req/s", ok: result.requests.average > 0 },
    { benchmark: "GET /api/auth/user (401)", metric: "latency p99", value: result.latency.p99, unit: "ms", ok: true },
    { benchmark: "GET /api/auth/user (401)", metric: "answers other than 401, errors", value: unexpected + result.errors + result.timeouts, unit: "", limit: "0", ok: unexpected + result.errors + result.timeouts === 0 },
  ];
}

/**
 * (a') Everything the landing page really downloads in Chromium until the network is idle, lazy route
 * chunks included. Skipped (with a note) when no Chromium is installed.
 */
async function landingInBrowser(ctx) {
  const { baseUrl } = await ctx.server();
  const measured = await pageAssetsInBrowser(ctx, `${baseUrl}/`);
  if (!measured) return [];
  const offending = measured.files.flatMap((file) => staffMarkersIn(file.body, file.url));
  for (const line of offending) ctx.log(`STAFF CODE ON THE LANDING PAGE: ${line}`);
  return [
    { benchmark: "landing in Chromium", metric: `JS gzip (${measured.js.files} files)`, value: measured.js.gzip, unit: "B", ok: measured.js.files > 0 },
    { benchmark: "landing in Chromium", metric: `CSS gzip (${measured.css.files} files)`, value: measured.css.gzip, unit: "B", ok: true },
    { benchmark: "landing in Chromium", metric: "staff code downloaded", value: offending.length, unit: "hits", limit: "0", ok: offending.length === 0 },
  ];
}

/** Issue 3: everything /booking downloads before the customer interacts, gzip; budget 200 KB. */
async function bookingPageInBrowser(ctx) {
  const { baseUrl } = await ctx.server();
  const measured = await pageAssetsInBrowser(ctx, `${baseUrl}/booking`);
  if (!measured) return [];
  const offending = measured.files.flatMap((file) => staffMarkersIn(file.body, file.url));
  const budget = 200 * 1024;
  return [
    { benchmark: "/booking in Chromium", metric: `JS gzip (${measured.js.files} files)`, value: measured.js.gzip, unit: "B", limit: "< 200 KB", ok: measured.js.gzip < budget },
    { benchmark: "/booking in Chromium", metric: `CSS gzip (${measured.css.files} files)`, value: measured.css.gzip, unit: "B", ok: true },
    { benchmark: "/booking in Chromium", metric: "staff code downloaded", value: offending.length, unit: "hits", limit: "0", ok: offending.length === 0 },
  ];
}

const BENCHMARKS = [
  { id: "landing-assets", run: landingAssets },
  { id: "landing-browser", run: landingInBrowser },
  { id: "booking-browser", run: bookingPageInBrowser },
  { id: "auth-user", run: authUserThroughput },
  { id: "availability-pg", run: (ctx) => availabilityOnPostgres(ctx, { duration: DURATION_S, connections: CONNECTIONS }) },
  { id: "post-bookings-pg", run: (ctx) => bookingThroughput(ctx) },
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

/** Staff markers found in a file, also in the \\uXXXX or \\xXX form a minifier may give non-ASCII letters. */
function staffMarkersIn(body, name) {
  const text = body.toString("utf8");
  const escaped = (marker, upper) =>
    marker.replace(/[^\u0020-\u007e]/g, (c) => {
      const hex = c.charCodeAt(0).toString(16).padStart(4, "0");
      return `\\u${upper ? hex.toUpperCase() : hex}`;
    });
  const hexEscaped = (marker) => marker.replace(/[\x80-\xff]/g, (c) => `\\x${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return STAFF_MARKERS.filter((m) => [m, escaped(m, false), escaped(m, true), hexEscaped(m)].some((v) => text.includes(v))).map(
    (m) => `${name} contains "${m}"`,
  );
}

/** JS and CSS a page downloads in headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium); null without one. */
async function pageAssetsInBrowser(ctx, url) {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) {
    ctx.log(`no Chromium at ${executablePath}: browser measurement skipped`);
    return null;
  }
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const pending = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      pending.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, kind: type === "script" ? "js" : "css", body })));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const files = await Promise.all(pending);
    const total = (kind) => ({
      files: files.filter((f) => f.kind === kind).length,
      gzip: files.filter((f) => f.kind === kind).reduce((sum, f) => sum + gzipSync(f.body, { level: 9 }).length, 0),
    });
    ctx.log(`${url} downloaded: ${files.map((f) => f.url).join(", ")}`);
    return { files, js: total("js"), css: total("css") };
  } finally {
    await browser.close();
  }
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

/** Starts dist/server/main.js on a free port with a fresh DATA_DIR; resolves when it answers. */
async function startServer({ env = {}, label = "app" } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "vps-bench-"));
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
      SEED_DEMO: env.SEED_DEMO ?? "1",
      LOG_LEVEL: env.LOG_LEVEL ?? "warn",
      // Production mode sets Secure cookies and upgrade-insecure-requests; we measure over plain HTTP.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
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
    rmSync(dataDir, { recursive: true, force: true });
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
  return { baseUrl, port, dataDir, stop };
}

function ensureBuilt() {
  if (!args.build && existsSync(SERVER_ENTRY) && existsSync(CLIENT_INDEX)) return;
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
  const ctx = {
    log: (message) => console.log(`  ${message}`),
    startServer: async (options) => {
      const server = await startServer(options);
      servers.push(server);
      return server;
    },
    server: async () => (defaultServer ??= ctx.startServer({ label: "embedded" })),
  };

  const rows = [];
  let failed = false;
  try {
    for (const bench of BENCHMARKS) {
      if (only && !only.has(bench.id)) continue;
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
