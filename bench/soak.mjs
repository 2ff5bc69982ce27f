// Issue 24 (Soak): 20 minutes of mixed traffic at a steady rate against the built app on PostgreSQL,
// as a small company's day compressed: customers reading the public pages, looking at availability,
// booking with photos (real small JPEGs) and asking ServiceBot; the office searching bookings and
// customers, cancelling some bookings (which keeps the calendar from filling up, so the traffic stays
// the same from the first minute to the last); a technician looking at the day's visits and saving
// installation protocols (drafts, then finished with a signature).
//
// Every 10 s it samples the server's own figures from GET /api/metrics (METRICS_TOKEN): RSS, heap,
// event-loop delay p99 (prom-client resets its histogram at each scrape, so it is that window's),
// the PostgreSQL pool's waiting requests and connections in use; and the client's p99 per route.
//
// Budgets: no 5xx (and no network error), RSS at the end within 15 % of its value after the first
// 2 minutes, p99 per route in the last 5 minutes within 20 % of the first 5 (see P99_SLACK_MS).
//
// Rate limits stay as deployed. The bench talks to the app as the reverse proxy in front of it would
// (TRUST_PROXY=1, as bench/run.mjs starts every server): each customer comes from an address of its
// own in X-Forwarded-For (10.x.y.z), so the per-address limits (10 bookings an hour, 60 questions an
// hour) count per customer as in production; each booking has its own e-mail address (5 a day, 3
// ahead). Staff log in once each, from the office's address.
//
// Options: --minutes=20 (or SOAK_MINUTES), --rate=20 (actions per second, or SOAK_RATE);
// SOAK_DATABASE_URL: an existing, empty database to use instead of a fresh one on BENCH_DATABASE_URL's
// server; --soak-json=path writes every sample.
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import sharp from "sharp";
import { freshDatabase, POSTGRES_SERVER_ENV, random, stockholmToday, addDays } from "./booking.mjs";
import { seedCustomers } from "./customers.mjs";

const SAMPLE_EVERY_MS = 10_000;
/** RSS is compared with its value after this long: start-up, JIT and the pool have settled by then. */
const RSS_REFERENCE_S = 120;
const RSS_BUDGET = 0.15;
/** The first and the last this-many seconds are compared for p99. */
const P99_WINDOW_S = 300;
const P99_BUDGET = 0.2;
/**
 * p99 of a route answering in a few milliseconds moves by a millisecond or two with whatever else
 * the shared machine runs; 20 % of 3 ms is not a change anyone could act on. A route passes when its
 * p99 grew by at most 20 % or by at most this much.
 */
const P99_SLACK_MS = 2;
/** A route's p99 is judged only with this many answers in each window (fewer: its p99 is its maximum). */
const P99_MIN_SAMPLES = 100;
/** More actions waiting than this means the server no longer keeps up: the next ones are dropped and counted. */
const MAX_IN_FLIGHT = 200;
const METRICS_TOKEN = "soak-metrics-token-0123456789abcdef";
const STAFF_ORIGIN = "https://boka.example.se";
const OFFICE_ADDRESS = "192.0.2.10";
/** Bookings kept ahead before the office cancels the oldest, so free slots never run out. */
const ACTIVE_BOOKINGS = 40;

const SERVICE_TYPES = ["service", "installation", "troubleshooting", "hembesok"];
const HORIZON_DAYS = 74;
const TECHNICIAN = { username: "soak-tekniker", name: "Tekla Soak", password: "Fjällräv-Kompass-58" };

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const p99Of = (values) => percentile(Float64Array.from(values).sort(), 99);
const round1 = (n) => Math.round(n * 10) / 10;
const mb = (bytes) => Math.round(bytes / 1024 / 1024);

/**
 * Photos as a phone would send them after the booking page's resize: 640 × 480 JPEGs of a smooth
 * scene with sensor noise (a flat colour would compress to nothing and cost the server nothing).
 */
async function photoDataUrls(count) {
  const width = 640;
  const height = 480;
  const next = random(24);
  const photos = [];
  for (let i = 0; i < count; i++) {
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const o = (y * width + x) * 3;
        const noise = (next() - 0.5) * 40;
        raw[o] = Math.max(0, Math.min(255, 90 + (x * 120) / width + i * 20 + noise));
        raw[o + 1] = Math.max(0, Math.min(255, 110 + (y * 90) / height + noise));
        raw[o + 2] = Math.max(0, Math.min(255, 160 - (x * 60) / width + noise));
      }
    }
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    photos.push(`data:image/jpeg;base64,${jpeg.toString("base64")}`);
  }
  return photos;
}

/** A signature as the pad draws it (a stroke on a transparent 500 × 200 PNG). */
async function signatureDataUrl() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="200"><path d="M30 150 C 80 20, 140 180, 200 90 S 320 40, 460 120" stroke="#111" stroke-width="3" fill="none"/></svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString("base64")}`;
}

/** The figures of GET /api/metrics the soak samples (Prometheus text format, unlabelled series). */
export function parseMetrics(text) {
  const value = (name) => {
    const match = new RegExp(`^${name} ([^\\s]+)`, "m").exec(text);
    return match ? Number(match[1]) : null;
  };
  return {
    rss: value("process_resident_memory_bytes"),
    heapUsed: value("nodejs_heap_size_used_bytes"),
    heapTotal: value("nodejs_heap_size_total_bytes"),
    external: value("nodejs_external_memory_bytes"),
    eventLoopP99Ms: value("nodejs_eventloop_lag_p99_seconds") === null ? null : value("nodejs_eventloop_lag_p99_seconds") * 1000,
    poolWaiting: value("db_pool_waiting_requests"),
    poolInUse: value("db_pool_connections_in_use"),
  };
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** An existing database, emptied as a fresh one would be (SOAK_DATABASE_URL: the caller's own). */
async function givenDatabase(url) {
  await withClient(url, async (client) => {
    const { rows } = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0].n > 0) throw new Error(`SOAK_DATABASE_URL must name an empty database; it has ${rows[0].n} tables`);
  });
  return { url, drop: async () => {} };
}

export async function soak(ctx, { minutes, rate, samplesFile } = {}) {
  const durationS = Math.round(minutes * 60);
  const rssReferenceS = Math.min(RSS_REFERENCE_S, Math.round(durationS / 5));
  const windowS = Math.min(P99_WINDOW_S, Math.floor(durationS / 4));
  const db = process.env.SOAK_DATABASE_URL ? await givenDatabase(process.env.SOAK_DATABASE_URL) : await freshDatabase("vps_bench_soak");
  let server;
  try {
    server = await ctx.startServer({
      env: { ...POSTGRES_SERVER_ENV, DATABASE_URL: db.url, METRICS_TOKEN, LLM_BASE_URL: "", LLM_API_KEY: "", LLM_MODEL: "" },
      label: "postgres-soak",
    });
    const base = server.baseUrl;
    const customers = await seedCustomers(db.url);
    const photos = await photoDataUrls(4);
    const signature = await signatureDataUrl();
    ctx.log(
      `soak: ${customers} customers seeded; photos ${photos.map((p) => `${Math.round((p.length * 3) / 4 / 1024)} KB`).join(", ")}; ${minutes} min at ${rate} actions/s`,
    );

    // --- Staff sessions -------------------------------------------------------------------------
    const staffHeaders = (cookie, write = false) => ({
      cookie,
      "x-forwarded-for": OFFICE_ADDRESS,
      ...(write ? { origin: STAFF_ORIGIN, "content-type": "application/json" } : {}),
    });
    const login = async (username, password, role) => {
      const response = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": OFFICE_ADDRESS },
        body: JSON.stringify({ username, password, role }),
      });
      if (!response.ok) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
      return response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    };
    const admin = await login(POSTGRES_SERVER_ENV.ADMIN_USERNAME, POSTGRES_SERVER_ENV.ADMIN_PASSWORD, "admin");
    const created = await fetch(`${base}/api/admin/users`, {
      method: "POST",
      headers: staffHeaders(admin, true),
      body: JSON.stringify({ ...TECHNICIAN, role: "technician" }),
    });
    if (created.status !== 201) throw new Error(`creating the technician: ${created.status} ${await created.text()}`);
    const technician = await login(TECHNICIAN.username, TECHNICIAN.password, "technician");

    const index = await (await fetch(`${base}/`)).text();
    const script = /<script[^>]+src="([^"]+)"/.exec(index)?.[1];
    if (!script) throw new Error("no script in the landing page");

    // --- Measurement ----------------------------------------------------------------------------
    const started = performance.now();
    const elapsedS = () => (performance.now() - started) / 1000;
    /** Every answer: [second since start, route, status, ms]. */
    const answers = [];
    let failures = 0; // network errors and timeouts
    const failureExamples = [];
    const unexpected = {};

    /** One request; the answer's time counts until its body has been read. */
    async function call(route, path, { method = "GET", headers = {}, body, expect = [200] } = {}) {
      const t0 = performance.now();
      try {
        const response = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
        const text = await response.text();
        answers.push([(t0 - started) / 1000, route, response.status, performance.now() - t0]);
        if (!expect.includes(response.status)) {
          const key = `${route} ${response.status}`;
          unexpected[key] = (unexpected[key] ?? 0) + 1;
          if (unexpected[key] <= 2) ctx.log(`soak: ${key}: ${text.slice(0, 200)}`);
        }
        return { status: response.status, text };
      } catch (error) {
        failures += 1;
        if (failureExamples.length < 5) failureExamples.push(`${route}: ${error.message}`);
        return { status: 0, text: "" };
      }
    }
    const json = (answer) => {
      try {
        return JSON.parse(answer.text);
      } catch {
        return null;
      }
    };

    // --- The customers' and staff's actions ------------------------------------------------------
    const next = random(2024);
    const pick = (list) => list[Math.floor(next() * list.length)];
    const today = stockholmToday();
    const dates = Array.from({ length: HORIZON_DAYS + 1 }, (_, i) => addDays(today, i));
    const questions = JSON.parse(readFileSync(new URL("./chatbot-questions.json", import.meta.url), "utf8")).questions.map((q) => q.q);
    const searches = ["Lindqvist", "Andersson", "Upps", "070-", "Kund", "Björkvägen", "Sandström"];
    let visitor = 0;
    /** A customer of their own, as the proxy reports them. */
    const customerAddress = () => {
      visitor += 1;
      return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
    };
    const activeBookings = []; // ids, oldest first
    const links = []; // customers' link tokens
    const drafts = []; // protocol ids still drafts
    let bookingsMade = 0;
    let bookingsCreated = 0;
    let bookingsTaken = 0; // 409: the slot went between reading availability and booking
    let protocolsSaved = 0;

    const book = async () => {
      const address = customerAddress();
      const serviceType = pick(SERVICE_TYPES);
      const date = pick(dates.slice(3));
      const day = json(
        await call("GET /api/availability/day", `/api/availability/day?date=${date}&serviceType=${serviceType}`, { headers: { "x-forwarded-for": address } }),
      );
      const slot = day?.slots?.find((s) => s.available);
      if (!slot) return;
      bookingsMade += 1;
      const n = bookingsMade;
      const body = {
        serviceType,
        heatpumpModel: serviceType === "hembesok" ? undefined : "Nibe F2120",
        description: "Värmepumpen låter konstigt och värmer sämre än förut.",
        date,
        timeSlot: slot.label,
        name: `Soak Kund ${n}`,
        email: `soak.kund${n}@exempel.se`,
        phone: "070-123 45 67",
        address: `Storgatan ${1 + (n % 90)}`,
        city: "Uppsala",
        postalCode: "753 20",
        images: n % 2 === 0 ? [photos[n % 4], photos[(n + 1) % 4]] : [photos[n % 4]],
      };
      const answer = await call("POST /api/bookings", "/api/bookings", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify(body),
        // 409: another customer took the slot between reading availability and booking (the
        // availability answer is shared for a second); a real customer sees it too and picks again.
        expect: [201, 409],
      });
      if (answer.status === 409) bookingsTaken += 1;
      const booked = answer.status === 201 ? json(answer) : null;
      if (!booked) return;
      bookingsCreated += 1;
      activeBookings.push(booked.id);
      const token = booked.manageUrl?.split("/").pop();
      if (token) links.push(token);
      if (links.length > 50) links.shift();
    };

    /** The office cancels the oldest booking once ACTIVE_BOOKINGS are ahead (its slot frees up again). */
    const cancelOldest = async () => {
      if (activeBookings.length <= ACTIVE_BOOKINGS) return;
      const id = activeBookings.shift();
      await call("PATCH /api/admin/bookings/:id/status", `/api/admin/bookings/${id}/status`, {
        method: "PATCH",
        headers: staffHeaders(admin, true),
        body: JSON.stringify({ status: "cancelled" }),
      });
    };

    let protocolCounter = 0;
    const saveProtocol = async () => {
      protocolCounter += 1;
      const n = protocolCounter;
      const body = {
        installationDate: pick(dates),
        customerName: `Soak Kund ${n}`,
        customerEmail: `soak.protokoll${n}@exempel.se`,
        customerPhone: "070-123 45 67",
        installationAddress: "Björkvägen 3, 741 30 Knivsta",
        installedBrand: "Nibe",
        installedModel: "F2120-12",
        installedPower: "12 kW",
        refrigerantType: "R410A",
        refrigerantAmount: 2.4,
        technicianNotes: "Kondensvattnet leds till dagvattenbrunnen.",
        installedItems: { heatPump: true, pipes: true },
      };
      // A draft is saved, edited once or twice, then finished with the technician's signature.
      if (drafts.length > 0 && next() < 0.6) {
        const draft = drafts[0];
        const finish = draft.saves >= 2;
        const answer = await call("PATCH /api/technician/protocols/:id", `/api/technician/protocols/${draft.id}`, {
          method: "PATCH",
          headers: staffHeaders(technician, true),
          body: JSON.stringify({
            ...body,
            ...draft.body,
            notes: `Sparad ${draft.saves + 1} gånger.`,
            ...(finish ? { action: "finish", technicianSignature: signature } : {}),
          }),
        });
        if (answer.status === 200) protocolsSaved += 1;
        draft.saves += 1;
        if (finish || answer.status !== 200) drafts.shift();
        return;
      }
      const answer = await call("POST /api/technician/protocols", "/api/technician/protocols", {
        method: "POST",
        headers: staffHeaders(technician, true),
        body: JSON.stringify(body),
        expect: [201],
      });
      const saved = answer.status === 201 ? json(answer) : null;
      if (saved) {
        protocolsSaved += 1;
        drafts.push({ id: saved.id, saves: 1, body });
      }
    };

    const publicGet = (route, path) => () => call(route, path, { headers: { "x-forwarded-for": customerAddress() } });
    // Weights: what a small company's traffic is made of (most of it customers reading).
    const actions = [
      [8, publicGet("GET /", "/")],
      [5, publicGet("GET /booking", "/booking")],
      [2, publicGet("GET /policies/terms", "/policies/terms")],
      [5, publicGet("GET /api/public/config", "/api/public/config")],
      [4, publicGet("GET /assets/*.js", script)],
      [
        18,
        () =>
          call("GET /api/availability/day", `/api/availability/day?date=${pick(dates)}&serviceType=${pick(SERVICE_TYPES)}`, {
            headers: { "x-forwarded-for": customerAddress() },
          }),
      ],
      [
        6,
        () => {
          const from = pick(dates.slice(0, 40));
          return call("GET /api/availability/range", `/api/availability/range?from=${from}&to=${addDays(from, 34)}&serviceType=${pick(SERVICE_TYPES)}`, {
            headers: { "x-forwarded-for": customerAddress() },
          });
        },
      ],
      [3, book],
      [
        3,
        () =>
          links.length
            ? call("GET /api/booking-links/:token", `/api/booking-links/${pick(links)}`, { headers: { "x-forwarded-for": customerAddress() } })
            : undefined,
      ],
      [
        8,
        () =>
          call("POST /api/chatbot/troubleshoot", "/api/chatbot/troubleshoot", {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": customerAddress() },
            body: JSON.stringify({ question: pick(questions) }),
          }),
      ],
      [
        6,
        () =>
          call(
            "GET /api/admin/bookings",
            `/api/admin/bookings?${new URLSearchParams({ search: next() < 0.5 ? "Soak" : "", status: pick(["all", "confirmed", "planned"]), sort: "date_desc", page: "1", pageSize: "25" })}`,
            { headers: staffHeaders(admin) },
          ),
      ],
      [
        5,
        () =>
          call("GET /api/customers", `/api/customers?${new URLSearchParams({ q: pick(searches), sort: "lastName", dir: "asc", page: "1" })}`, {
            headers: staffHeaders(admin),
          }),
      ],
      [2, () => call("GET /api/admin/overview", "/api/admin/overview", { headers: staffHeaders(admin) })],
      [
        2,
        () =>
          activeBookings.length
            ? call("GET /api/admin/bookings/:id", `/api/admin/bookings/${pick(activeBookings)}`, { headers: staffHeaders(admin) })
            : undefined,
      ],
      [2, cancelOldest],
      [4, () => call("GET /api/technician/bookings/upcoming", "/api/technician/bookings/upcoming", { headers: staffHeaders(technician) })],
      [2, () => call("GET /api/technician/protocols", "/api/technician/protocols", { headers: staffHeaders(technician) })],
      [3, saveProtocol],
    ];
    const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);
    const chooseAction = () => {
      let r = next() * totalWeight;
      for (const [w, action] of actions) {
        if ((r -= w) < 0) return action;
      }
      return actions.at(-1)[1];
    };

    // --- Sampling ---------------------------------------------------------------------------------
    const samples = [];
    let sampledUpTo = 0;
    let sampleFailures = 0;
    const sample = () =>
      takeSample().catch((error) => {
        sampleFailures += 1;
        ctx.log(`soak: sample failed: ${error.message}`);
      });
    const takeSample = async () => {
      const at = elapsedS();
      const response = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      if (!response.ok) throw new Error(`GET /api/metrics: ${response.status}`);
      const figures = parseMetrics(await response.text());
      const window = answers.slice(sampledUpTo);
      sampledUpTo = answers.length;
      const byRoute = {};
      for (const [, route, , ms] of window) (byRoute[route] ??= []).push(ms);
      const p99ByRoute = Object.fromEntries(Object.entries(byRoute).map(([route, ms]) => [route, round1(p99Of(ms))]));
      const s = {
        at: Math.round(at),
        ...figures,
        requests: window.length,
        fiveXx: window.filter(([, , status]) => status >= 500).length,
        p99: round1(p99Of(window.map((a) => a[3]))),
        p99ByRoute,
      };
      samples.push(s);
      ctx.log(
        `soak ${String(s.at).padStart(5)} s: rss ${mb(s.rss)} MB, heap ${mb(s.heapUsed)}/${mb(s.heapTotal)} MB, external ${mb(s.external)} MB, ` +
          `event loop p99 ${round1(s.eventLoopP99Ms)} ms, pool waiting ${s.poolWaiting} (in use ${s.poolInUse}), ${s.requests} answers (p99 ${s.p99} ms), 5xx ${s.fiveXx}, in flight ${inFlight}`,
      );
    };

    // --- The run: one action every 1/rate s, never waiting for the previous one (an open loop, as
    // customers do not wait for each other). ------------------------------------------------------
    const pending = new Set();
    let inFlight = 0;
    let dropped = 0;
    let fired = 0;
    const intervalMs = 1000 / rate;
    let nextSample = SAMPLE_EVERY_MS;
    let sampling = Promise.resolve();
    const stopAt = durationS * 1000;
    for (;;) {
      const now = performance.now() - started;
      if (now >= stopAt) break;
      if (now >= nextSample) {
        nextSample += SAMPLE_EVERY_MS;
        sampling = sampling.then(sample);
      }
      const due = Math.floor(now / intervalMs) + 1;
      while (fired < due) {
        fired += 1;
        if (inFlight >= MAX_IN_FLIGHT) {
          dropped += 1;
          continue;
        }
        inFlight += 1;
        const p = Promise.resolve()
          .then(chooseAction())
          .finally(() => {
            inFlight -= 1;
            pending.delete(p);
          });
        pending.add(p);
      }
      await sleep(Math.max(1, intervalMs - ((performance.now() - started) % intervalMs)));
    }
    await Promise.allSettled(pending);
    await sampling;
    await sample();

    // --- Figures ----------------------------------------------------------------------------------
    if (samplesFile) writeFileSync(samplesFile, JSON.stringify({ minutes, rate, samples }, null, 2));
    const fiveXx = answers.filter(([, , status]) => status >= 500).length;
    const unexpectedCount = Object.values(unexpected).reduce((a, b) => a + b, 0);
    const reference = samples.find((s) => s.at >= rssReferenceS) ?? samples[0];
    const last = samples.at(-1);
    const rssChange = (last.rss - reference.rss) / reference.rss;
    const loopP99 = samples.map((s) => s.eventLoopP99Ms).filter((v) => v !== null);
    const waiting = samples.map((s) => s.poolWaiting ?? 0);
    const bench = `soak (pg, ${minutes} min, ${rate}/s)`;
    const rows = [
      {
        benchmark: bench,
        metric: `answers (${Math.round(answers.length / durationS)} req/s); bookings with photos ${bookingsCreated} (${bookingsTaken} slots taken meanwhile); protocol saves ${protocolsSaved}`,
        value: answers.length,
        unit: "",
        ok: answers.length > 0,
      },
      { benchmark: bench, metric: "5xx answers", value: fiveXx, unit: "", limit: "0", ok: fiveXx === 0 },
      {
        benchmark: bench,
        metric: `network errors and timeouts${failureExamples.length ? ` (${failureExamples.join("; ")})` : ""}`,
        value: failures,
        unit: "",
        limit: "0",
        ok: failures === 0,
      },
      {
        benchmark: bench,
        metric: `other unexpected answers${unexpectedCount ? ` ${JSON.stringify(unexpected)}` : ""}`,
        value: unexpectedCount,
        unit: "",
        limit: "0",
        ok: unexpectedCount === 0,
      },
      { benchmark: bench, metric: `actions dropped (more than ${MAX_IN_FLIGHT} in flight)`, value: dropped, unit: "", limit: "0", ok: dropped === 0 },
      { benchmark: bench, metric: "samples of /api/metrics that failed", value: sampleFailures, unit: "", limit: "0", ok: sampleFailures === 0 },
      { benchmark: bench, metric: `RSS after ${rssReferenceS} s`, value: mb(reference.rss), unit: "MB", ok: true },
      {
        benchmark: bench,
        metric: `RSS at the end (change ${(rssChange * 100).toFixed(1)} %)`,
        value: mb(last.rss),
        unit: "MB",
        limit: `<= +${RSS_BUDGET * 100} %`,
        ok: rssChange <= RSS_BUDGET,
      },
      {
        benchmark: bench,
        metric: `heap used after ${rssReferenceS} s -> at the end`,
        value: `${mb(reference.heapUsed)} -> ${mb(last.heapUsed)}`,
        unit: "MB",
        ok: true,
      },
      {
        benchmark: bench,
        metric: "event-loop delay p99 per 10 s: median / max",
        value: `${round1(percentile(Float64Array.from(loopP99).sort(), 50))} / ${round1(Math.max(...loopP99))}`,
        unit: "ms",
        ok: true,
      },
      {
        benchmark: bench,
        metric: "pool waiting per sample: max (samples with any)",
        value: `${Math.max(...waiting)} (${waiting.filter((w) => w > 0).length}/${waiting.length})`,
        unit: "",
        ok: true,
      },
    ];
    const early = answers.filter(([at]) => at < windowS);
    const late = answers.filter(([at]) => at >= durationS - windowS);
    const routes = [...new Set(answers.map(([, route]) => route))].sort();
    const grouped = (list) => {
      const by = {};
      for (const [, route, , ms] of list) (by[route] ??= []).push(ms);
      return by;
    };
    const earlyBy = grouped(early);
    const lateBy = grouped(late);
    for (const route of routes) {
      const a = earlyBy[route] ?? [];
      const b = lateBy[route] ?? [];
      const first = p99Of(a);
      const second = p99Of(b);
      const judged = a.length >= P99_MIN_SAMPLES && b.length >= P99_MIN_SAMPLES;
      const change = (second - first) / first;
      const ok = !judged || change <= P99_BUDGET || second - first <= P99_SLACK_MS;
      rows.push({
        benchmark: `soak p99 ${route}`,
        metric: `first ${windowS / 60} min (${a.length}) -> last ${windowS / 60} min (${b.length}), ${Number.isFinite(change) ? `${change >= 0 ? "+" : ""}${(change * 100).toFixed(0)} %` : "-"}`,
        value: `${round1(first)} -> ${round1(second)}`,
        unit: "ms",
        limit: judged ? `<= +${P99_BUDGET * 100} % or +${P99_SLACK_MS} ms` : `not judged (< ${P99_MIN_SAMPLES} answers)`,
        ok,
      });
    }
    return rows;
  } finally {
    await server?.stop();
    await db.drop().catch(() => {});
  }
}
