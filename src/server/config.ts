import { isIP } from "node:net";
import { resolve } from "node:path";

/** Abuse limits; every one holds across app instances because the counts live in the database. */
export type Limits = {
  /** Login attempts per (username, client address) and window; successful ones are not counted. */
  loginAttemptsPerUserAndAddress: number;
  /** Login attempts per client address and window, whatever the username. */
  loginAttemptsPerAddress: number;
  /** Failed logins of one username from all addresses after which every attempt is slowed down. */
  loginFailuresBeforeSlowdown: number;
  loginWindowSeconds: number;
  /** Delay added to each login of a username under attack (slows guessing, never locks the owner out). */
  loginSlowdownMs: number;
  /** Booking attempts per client address and hour. */
  bookingsPerAddressPerHour: number;
  /** Bookings per e-mail address and day. */
  bookingsPerEmailPerDay: number;
  /** Visits an e-mail address may have ahead at once through the public form (staff may book more). */
  activeBookingsPerEmail: number;
  /** Questions to ServiceBot per client address and hour. */
  chatbotQuestionsPerAddressPerHour: number;
};

export const DEFAULT_LIMITS: Limits = {
  loginAttemptsPerUserAndAddress: 10,
  loginAttemptsPerAddress: 30,
  loginFailuresBeforeSlowdown: 20,
  loginWindowSeconds: 60,
  loginSlowdownMs: 1000,
  bookingsPerAddressPerHour: 10,
  bookingsPerEmailPerDay: 5,
  // A household rarely has more than three visits pending (say a service, a home visit and an
  // installation); more go through the office, and the cap bounds e-mails sent to any one address.
  activeBookingsPerEmail: 3,
  // A long conversation is some 20 questions; three times that per hour stops only scripts.
  chatbotQuestionsPerAddressPerHour: 60,
};

export type AppConfig = {
  port: number;
  host: string;
  production: boolean;
  /** Embedded database folder; ignored when databaseUrl is set. `null` means in memory (tests). */
  dataDir: string | null;
  databaseUrl?: string;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Public origin used in e-mailed links, e.g. https://boka.example.se */
  publicUrl: string;
  /**
   * The origin browsers use to reach us when PUBLIC_URL is set: the CSRF check compares Origin with
   * it (a reverse proxy may rewrite Host). Null: compare with the request's own origin.
   */
  publicOrigin: string | null;
  logLevel: string | false;
  /** Built client to serve; null when the API runs alone (tests). */
  clientDir: string | null;
  timeZone: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (never "trust everyone"). */
  trustProxy: false | number | string[];
  adminUsername?: string;
  adminPassword?: string;
  /** Start background workers (outbox sender, scheduled jobs). Tests start them explicitly. */
  startWorkers: boolean;
  limits: Limits;
  /** ServiceBot's optional language model (an OpenAI-compatible endpoint); null: knowledge base only. */
  llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | null;
  /** Google Calendar's OAuth client (DECISIONS 12); null: not configured, and the screen says so. */
  google: GoogleConfig | null;
};

export type GoogleConfig = { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string; apiUrl: string };

/** A configuration that cannot work; main prints the message and exits without a stack trace. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the configuration from environment variables; every variable is listed in the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === "production";
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  const publicOrigin = env.PUBLIC_URL ? parseOrigin(env.PUBLIC_URL) : null;
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (production) assertProductionReady({ publicOrigin, trustProxy });
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    production,
    dataDir: resolve(env.DATA_DIR || "./data"),
    databaseUrl,
    // DECISIONS 19 and the audit: demo data by default only on the embedded database outside
    // production; otherwise only when SEED_DEMO=1 asks for it.
    seedDemo: env.SEED_DEMO !== undefined ? env.SEED_DEMO === "1" || env.SEED_DEMO === "true" : !databaseUrl && !production,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Värmepumpsservice <info@varmepumpsservice.se>",
    publicUrl: publicOrigin ?? `http://localhost:${port}`,
    publicOrigin,
    logLevel: env.LOG_LEVEL ?? "info",
    clientDir: resolve(env.CLIENT_DIR ?? "./dist/client"),
    timeZone: "Europe/Stockholm",
    trustProxy,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    startWorkers: true,
    limits: {
      ...DEFAULT_LIMITS,
      ...limitFromEnv(env, "BOOKINGS_PER_ADDRESS_PER_HOUR", "bookingsPerAddressPerHour"),
      ...limitFromEnv(env, "BOOKINGS_PER_EMAIL_PER_DAY", "bookingsPerEmailPerDay"),
      ...limitFromEnv(env, "ACTIVE_BOOKINGS_PER_EMAIL", "activeBookingsPerEmail"),
      ...limitFromEnv(env, "CHATBOT_QUESTIONS_PER_ADDRESS_PER_HOUR", "chatbotQuestionsPerAddressPerHour"),
    },
    llm: llmFromEnv(env),
    google: googleFromEnv(env),
  };
}

/**
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together, or neither. The endpoints default to Google's
 * own; GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL and GOOGLE_API_URL point elsewhere (a test stand-in).
 */
function googleFromEnv(env: NodeJS.ProcessEnv): GoogleConfig | null {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = env;
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) throw new ConfigError("GOOGLE_CLIENT_ID och GOOGLE_CLIENT_SECRET måste anges tillsammans.");
  return {
    clientId,
    clientSecret,
    authUrl: env.GOOGLE_AUTH_URL || "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
    apiUrl: (env.GOOGLE_API_URL || "https://www.googleapis.com").replace(/\/+$/, ""),
  };
}

/** LLM_BASE_URL, LLM_API_KEY and LLM_MODEL together, or none of them. */
function llmFromEnv(env: NodeJS.ProcessEnv): AppConfig["llm"] {
  const { LLM_BASE_URL: baseUrl, LLM_API_KEY: apiKey, LLM_MODEL: model } = env;
  if (!baseUrl && !apiKey && !model) return null;
  if (!baseUrl || !apiKey || !model) throw new ConfigError("LLM_BASE_URL, LLM_API_KEY och LLM_MODEL måste anges tillsammans.");
  try {
    new URL(baseUrl);
  } catch {
    throw new ConfigError(`LLM_BASE_URL måste vara en fullständig adress (fick "${baseUrl}").`);
  }
  const timeoutMs = env.LLM_TIMEOUT_MS ? Number(env.LLM_TIMEOUT_MS) : 8000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100) throw new ConfigError(`LLM_TIMEOUT_MS måste vara ett heltal, minst 100 (fick "${env.LLM_TIMEOUT_MS}").`);
  return { baseUrl, apiKey, model, timeoutMs };
}

function limitFromEnv(env: NodeJS.ProcessEnv, name: string, key: keyof Limits): Partial<Limits> {
  const raw = env[name];
  if (raw === undefined || raw === "") return {};
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} måste vara ett positivt heltal (fick "${raw}").`);
  return { [key]: value };
}

function parseOrigin(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("protocol");
    return parsed.origin;
  } catch {
    throw new ConfigError(`PUBLIC_URL måste vara en fullständig adress som https://boka.example.se (fick "${url}").`);
  }
}

/**
 * TRUST_PROXY is the number of reverse proxies in front of the app (usually 1), or their addresses
 * (IPs or CIDR ranges, comma-separated). "Trust every hop" is refused: with it, anyone could choose
 * their own client address with a forged X-Forwarded-For and escape the per-address limits.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  if (raw === undefined || raw === "" || raw === "0" || raw === "false") return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(",").map((e) => e.trim()).filter(Boolean);
  const valid = entries.length > 0 && entries.every((e) => isIP(e.split("/")[0]) !== 0 || ["loopback", "linklocal", "uniquelocal"].includes(e));
  if (!valid) {
    throw new ConfigError(
      `TRUST_PROXY måste vara antalet proxyservrar framför appen (oftast 1) eller deras adresser, t.ex. "10.0.0.5" eller "10.0.0.0/8" (fick "${raw}").`,
    );
  }
  return entries;
}

/**
 * In production the session cookie is Secure, so browsers only keep it over HTTPS. The app speaks
 * plain HTTP, so HTTPS means a TLS proxy in front, and then the app must know the proxy (for client
 * addresses) and its public address (for the CSRF check and links). Without them login would
 * answer 200 yet never stick; say so at start-up instead.
 */
function assertProductionReady({ publicOrigin, trustProxy }: { publicOrigin: string | null; trustProxy: AppConfig["trustProxy"] }) {
  if (!publicOrigin || !publicOrigin.startsWith("https://")) {
    throw new ConfigError(
      "I produktion (NODE_ENV=production) måste PUBLIC_URL vara sidans https-adress, t.ex. PUBLIC_URL=https://boka.example.se. Se avsnittet om omvänd proxy i README.",
    );
  }
  if (trustProxy === false) {
    throw new ConfigError(
      "I produktion körs appen bakom en TLS-proxy: sätt TRUST_PROXY till antalet proxyservrar (oftast 1) eller proxyns adress. Se avsnittet om omvänd proxy i README.",
    );
  }
}
