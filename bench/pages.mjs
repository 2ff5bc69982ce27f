// Issue 7: public pages that appear at once. Two kinds of benchmarks on the BUILT app:
//   - bytes: everything a page downloads in Chromium before any interaction (until the network is
//     idle), JS + CSS gzip, against a budget; and code that must not be there (staff code anywhere;
//     zod, react-hook-form, the API client, TanStack Query and the chat dialog on "/");
//   - Lighthouse (mobile, the default config: Moto G class device, simulated slow 4G) on "/", "/booking"
//     and a policy page, median of 3 runs, against category and metric budgets.
// Each function takes the runner's ctx (bench/run.mjs) and returns rows { benchmark, metric, value, unit, limit?, ok }.
// Chromium: CHROME_PATH or CHROMIUM_PATH, default /usr/bin/chromium (Debian's; never downloaded).

import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";

export const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const KB = 1024;

/** Text that exists only in staff code: none of it may reach a public page (issue 2). */
export const STAFF_MARKERS = [
  // technician portal (rules §2 Technician portal)
  "Tekniker Dashboard",
  "Dagens uppdrag",
  "Kommande uppdrag",
  "Skapa nytt protokoll",
  "Påbörja service",
  // admin dashboard cards (rules §2 Admin dashboard; texts of features/admin)
  "Kundregister",
  "Teknikerplanering",
  "Servicepåminnelser",
  "Systeminställningar",
];

/**
 * Strings that survive minification in code "/" must not load until it is used (issue 7): the
 * validation library, the form library, the API client, server state, and the ServiceBot dialog.
 */
export const DEFERRED_ON_LANDING = {
  zod: ["$ZodType", "ZodError"],
  "react-hook-form": ["shouldUnregister"],
  "API client (lib/api)": ["ApiError"],
  "TanStack Query": ["No QueryClient set"],
  "chat dialog": ["Hej! Jag är ServiceBot"],
};

/** The markers found in a file, also in the \\uXXXX or \\xXX forms a minifier may give non-ASCII letters. */
export function markersIn(body, markers) {
  const text = body.toString("utf8");
  const escaped = (marker, upper) =>
    marker.replace(/[^\u0020-\u007e]/g, (c) => {
      const hex = c.charCodeAt(0).toString(16).padStart(4, "0");
      return `\\u${upper ? hex.toUpperCase() : hex}`;
    });
  const hexEscaped = (marker) => marker.replace(/[\x80-\xff]/g, (c) => `\\x${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return markers.filter((m) => [m, escaped(m, false), escaped(m, true), hexEscaped(m)].some((v) => text.includes(v)));
}

async function launchBrowser() {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * A failing row: a budget measured in the browser is not met when there is no browser to measure it
 * (install Debian's with `apt-get install -y chromium`, or point CHROME_PATH at one).
 */
function chromiumMissing(benchmark) {
  return { benchmark, metric: `Chromium at ${CHROMIUM}`, value: "missing", unit: "", limit: "installed", ok: false };
}

/**
 * JS and CSS a page downloads in headless Chromium (mobile viewport) until the network is idle, with
 * no interaction; also the console errors it logged. Null when no Chromium is installed.
 */
export async function pageAssetsInBrowser(ctx, url) {
  if (!existsSync(CHROMIUM)) {
    ctx.log(`no Chromium at ${CHROMIUM}: browser measurement cannot run`);
    return null;
  }
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "sv-SE",
      timezoneId: "Europe/Stockholm",
    });
    const pending = [];
    const consoleErrors = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(String(error)));
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
    ctx.log(`${url} downloaded: ${files.map((f) => `${f.url} (${(gzipSync(f.body, { level: 9 }).length / KB).toFixed(1)} KB)`).join(", ")}`);
    return { files, js: total("js"), css: total("css"), consoleErrors };
  } finally {
    await browser.close();
  }
}

/**
 * Everything `path` downloads before interaction: JS + CSS gzip within `budgetKb`, no staff code, none
 * of `deferred` (name → markers), and no console errors (hydration mismatches are console errors).
 */
export async function pageBytes(ctx, { path, budgetKb, deferred = {} }) {
  const { baseUrl } = await ctx.pagesServer();
  const measured = await pageAssetsInBrowser(ctx, `${baseUrl}${path}`);
  const name = `${path} in Chromium`;
  if (!measured) return [chromiumMissing(name)];
  const staff = measured.files.flatMap((file) => markersIn(file.body, STAFF_MARKERS).map((m) => `${file.url} contains "${m}"`));
  const early = Object.entries(deferred).flatMap(([what, markers]) =>
    measured.files.flatMap((file) => (markersIn(file.body, markers).length > 0 ? [`${what} (${file.url})`] : [])),
  );
  for (const line of staff) ctx.log(`STAFF CODE ON ${path}: ${line}`);
  for (const line of early) ctx.log(`LOADED BEFORE USE ON ${path}: ${line}`);
  for (const line of measured.consoleErrors) ctx.log(`CONSOLE ERROR ON ${path}: ${line}`);
  const total = measured.js.gzip + measured.css.gzip;
  const rows = [
    { benchmark: name, metric: `JS gzip (${measured.js.files} files)`, value: measured.js.gzip, unit: "B", ok: measured.js.files > 0 },
    { benchmark: name, metric: `CSS gzip (${measured.css.files} files)`, value: measured.css.gzip, unit: "B", ok: true },
    { benchmark: name, metric: "JS + CSS gzip before interaction", value: total, unit: "B", limit: `<= ${budgetKb} KB`, ok: total <= budgetKb * KB },
    { benchmark: name, metric: "staff code downloaded", value: staff.length, unit: "hits", limit: "0", ok: staff.length === 0 },
    {
      benchmark: name,
      metric: "console errors (incl. hydration)",
      value: measured.consoleErrors.length,
      unit: "",
      limit: "0",
      ok: measured.consoleErrors.length === 0,
    },
  ];
  if (Object.keys(deferred).length > 0) {
    rows.push({
      benchmark: name,
      metric: `loaded before use: ${Object.keys(deferred).join(", ")}`,
      value: early.length,
      unit: "hits",
      limit: "0",
      ok: early.length === 0,
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

export const LIGHTHOUSE_PAGES = ["/", "/booking", "/policies/terms"];
export const LIGHTHOUSE_RUNS = 3;

/** Category scores (0-100) and metric budgets (issue 7). */
const CATEGORY_BUDGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 };
const METRIC_BUDGETS = [
  { id: "largest-contentful-paint", label: "LCP", unit: "ms", max: 1800 },
  { id: "cumulative-layout-shift", label: "CLS", unit: "", max: 0.02 },
  { id: "total-blocking-time", label: "TBT", unit: "ms", max: 100 },
];
/** Reported without a budget. */
const METRIC_INFO = [
  { id: "first-contentful-paint", label: "FCP", unit: "ms" },
  { id: "speed-index", label: "Speed Index", unit: "ms" },
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Lighthouse (the `lighthouse` package, its default mobile config) on each page, `runs` times, each in
 * a Chromium started by chrome-launcher; the median of each figure. Failed audits of a run whose
 * category misses its budget are printed, so the cause is on screen.
 */
export async function lighthouseBench(ctx, { pages = LIGHTHOUSE_PAGES, runs = LIGHTHOUSE_RUNS } = {}) {
  if (!existsSync(CHROMIUM)) {
    ctx.log(`no Chromium at ${CHROMIUM}: Lighthouse cannot run`);
    return [chromiumMissing("Lighthouse")];
  }
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const { baseUrl } = await ctx.pagesServer();
  const rows = [];
  for (const path of pages) {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      let lhr;
      for (let attempt = 1; ; attempt += 1) {
        // A fresh browser per run: one reused across pages sometimes loses the trace (NO_NAVSTART).
        const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
        try {
          const result = await lighthouse(`${baseUrl}${path}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: Object.keys(CATEGORY_BUDGETS),
          });
          lhr = result.lhr;
        } finally {
          await chrome.kill();
        }
        // Lighthouse lost its own trace ("Please run Lighthouse again"): no measurement of the page,
        // so the run is made again, at most twice. Any other error fails the bench.
        if (lhr.runtimeError?.code !== "NO_NAVSTART" || attempt > 2) break;
        ctx.log(`lighthouse ${path} run ${run + 1}/${runs}: NO_NAVSTART (Lighthouse lost its trace), running it again`);
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      results.push(lhr);
      const scores = Object.entries(lhr.categories).map(([id, category]) => `${id} ${Math.round(category.score * 100)}`);
      ctx.log(
        `lighthouse ${path} run ${run + 1}/${runs}: ${scores.join(", ")}, LCP ${Math.round(lhr.audits["largest-contentful-paint"].numericValue)} ms, TBT ${Math.round(lhr.audits["total-blocking-time"].numericValue)} ms, CLS ${lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)}`,
      );
    }
    const benchmark = `Lighthouse mobile ${path} (median of ${runs})`;
    for (const [id, min] of Object.entries(CATEGORY_BUDGETS)) {
      const value = median(results.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)));
      rows.push({ benchmark, metric: id, value, unit: "", limit: `>= ${min}`, ok: value >= min });
      if (value < min) logFailedAudits(ctx, path, id, results);
    }
    for (const metric of [...METRIC_BUDGETS, ...METRIC_INFO]) {
      const raw = median(results.map((lhr) => lhr.audits[metric.id].numericValue));
      const value = metric.unit === "ms" ? Math.round(raw) : Number(raw.toFixed(3));
      rows.push({
        benchmark,
        metric: metric.label,
        value,
        unit: metric.unit,
        limit: metric.max === undefined ? undefined : `<= ${metric.max}${metric.unit ? ` ${metric.unit}` : ""}`,
        ok: metric.max === undefined || value <= metric.max,
      });
    }
  }
  return rows;
}

function logFailedAudits(ctx, path, categoryId, results) {
  const failed = new Map();
  for (const lhr of results) {
    for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1)
        failed.set(ref.id, `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
    }
  }
  for (const [id, title] of failed) ctx.log(`lighthouse ${path} ${categoryId}: ${id}: ${title}`);
}
