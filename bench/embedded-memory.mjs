// Issue 24 (Soak, embedded memory): what the built app on the embedded database (PGlite) holds in
// memory at rest and after some traffic, so the README can say what a company should plan for.
//
// Three moments, each read 20 s after the last request (RSS from /proc, the rest from /api/metrics):
// the first start on an empty DATA_DIR (which also runs initdb), the same server after a minute of
// mixed traffic (bookings with photos, which the embedded database stores, availability, ServiceBot,
// staff lists), and a restart on that DATA_DIR (what a server is after its first day). PGlite's
// WebAssembly memory only grows, so "after traffic" is what stays.
//
// Budget: RSS at rest after the restart under 350 MB (408 MB with initdb's settings, 306 MB with
// those of src/server/db/client.ts). The other two are figures only: the first start also carries
// what initdb left, and 20 s after traffic much of the JavaScript heap is garbage Node has not yet
// collected (a minute later it has).
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { addDays, POSTGRES_SERVER_ENV, stockholmToday } from "./booking.mjs";
import { parseMetrics } from "./soak.mjs";

const RSS_BUDGET_MB = 350;
const REST_MS = 20_000;
const METRICS_TOKEN = "embedded-memory-token-0123456789";
const OFFICE_ADDRESS = "192.0.2.10";

const mb = (bytes) => Math.round(bytes / 1024 / 1024);

function rssOf(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line.split(/\s+/)[1]) * 1024;
}

export async function figures(server) {
  const response = await fetch(`${server.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`GET /api/metrics: ${response.status}`);
  return { ...parseMetrics(await response.text()), rss: rssOf(server.pid) };
}

async function photo(seed) {
  const width = 640;
  const height = 480;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i * 7 + seed * 13 + ((i / 1920) | 0)) % 256) ^ ((i * 2654435761) >>> 27);
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}

/** About `seconds` of mixed traffic, four at a time; returns the number of answers and any 5xx. */
export async function traffic(baseUrl, seconds) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": OFFICE_ADDRESS },
    body: JSON.stringify({ username: POSTGRES_SERVER_ENV.ADMIN_USERNAME, password: POSTGRES_SERVER_ENV.ADMIN_PASSWORD, role: "admin" }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const photos = [await photo(1), await photo(2)];
  const today = stockholmToday();
  const types = ["service", "installation", "troubleshooting", "hembesok"];
  let n = 0;
  let answers = 0;
  let fiveXx = 0;
  const get = async (path, headers = {}) => {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    answers += 1;
    if (response.status >= 500) fiveXx += 1;
    return response.ok ? response.json().catch(() => null) : null;
  };
  const one = async () => {
    n += 1;
    const address = `10.1.${(n >> 8) & 255}.${n & 255}`;
    const serviceType = types[n % 4];
    const date = addDays(today, 3 + (n % 70));
    const day = await get(`/api/availability/day?date=${date}&serviceType=${serviceType}`, { "x-forwarded-for": address });
    await get(`/api/availability/range?from=${date}&to=${addDays(date, 34)}&serviceType=${serviceType}`, { "x-forwarded-for": address });
    await get(`/api/admin/bookings?search=Kund&page=1&pageSize=25`, { cookie, "x-forwarded-for": OFFICE_ADDRESS });
    await get(`/api/customers?q=Kund&page=1`, { cookie, "x-forwarded-for": OFFICE_ADDRESS });
    const chat = await fetch(`${baseUrl}/api/chatbot/troubleshoot`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ question: "Värmepumpen blåser bara kall luft" }),
    });
    answers += 1;
    if (chat.status >= 500) fiveXx += 1;
    const slot = day?.slots?.find((s) => s.available);
    if (n % 3 === 0 && slot) {
      const response = await fetch(`${baseUrl}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({
          serviceType,
          heatpumpModel: serviceType === "hembesok" ? undefined : "Nibe F2120",
          description: "Värmepumpen låter konstigt.",
          date,
          timeSlot: slot.label,
          name: `Kund ${n}`,
          email: `minne.kund${n}@exempel.se`,
          phone: "070-123 45 67",
          address: "Storgatan 1",
          city: "Uppsala",
          postalCode: "753 20",
          images: photos,
        }),
      });
      answers += 1;
      if (response.status >= 500) fiveXx += 1;
    }
  };
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < until) await one();
    }),
  );
  return { answers, fiveXx };
}

export async function embeddedMemory(ctx, { seconds = 60 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "vps-bench-memory-"));
  const env = { METRICS_TOKEN, LLM_BASE_URL: "", LLM_API_KEY: "", LLM_MODEL: "" };
  const rows = [];
  const row = (moment, f, budget) =>
    rows.push({
      benchmark: "embedded memory (PGlite)",
      metric: `${moment}: RSS (heap used ${mb(f.heapUsed)} of ${mb(f.heapTotal)} MB, external incl. PGlite's WebAssembly memory ${mb(f.external)} MB)`,
      value: mb(f.rss),
      unit: "MB",
      limit: budget ? `< ${RSS_BUDGET_MB} MB` : "",
      ok: budget ? mb(f.rss) < RSS_BUDGET_MB : true,
    });
  try {
    const first = await ctx.startServer({ env, label: "embedded-memory", dataDir });
    try {
      await sleep(REST_MS);
      row("first start on an empty DATA_DIR, at rest", await figures(first), false);
      const { answers, fiveXx } = await traffic(first.baseUrl, seconds);
      await sleep(REST_MS);
      row(`after ${seconds} s of traffic (${answers} answers, ${fiveXx} 5xx), 20 s later`, await figures(first), false);
      rows.push({ benchmark: "embedded memory (PGlite)", metric: "5xx answers during the traffic", value: fiveXx, unit: "", limit: "0", ok: fiveXx === 0 });
    } finally {
      await first.stop();
    }
    const restarted = await ctx.startServer({ env, label: "embedded-memory-restart", dataDir });
    try {
      await sleep(REST_MS);
      row("restart on that DATA_DIR, at rest", await figures(restarted), true);
    } finally {
      await restarted.stop();
    }
    return rows;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
