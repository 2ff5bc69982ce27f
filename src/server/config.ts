import { isIP } from "node:net";
import { resolve } from "node:path";
import { z } from "zod";

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
  /** Moves and cancellations through one customer link per day. */
  linkChangesPerLinkPerDay: number;
  /** Image uploads and deletions through one customer link per day. */
  linkImageChangesPerLinkPerDay: number;
  /** Actions through customer links (move, cancel, upload, delete) per client address and hour, whatever the link. */
  linkActionsPerAddressPerHour: number;
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
  // A customer moves a visit a few times at most; every move e-mails the address the visit was
  // booked with (issue 22.2: 52 moves once sent 53 e-mails to a stranger).
  linkChangesPerLinkPerDay: 10,
  // A booking holds 20 images: all of them, some deleted and taken again, fit in a day.
  linkImageChangesPerLinkPerDay: 60,
  // Twice a busy customer's hour of it, from one address over any number of links.
  linkActionsPerAddressPerHour: 120,
};

/**
 * How long PostgreSQL work may wait before the request answers 503 (PostgreSQL only; the embedded
 * database is one connection inside the process, with no other session to wait for). Migrations and
 * first-run data run on their own connection without them.
 */
export type DatabaseTimeouts = {
  /** One statement's run time (PostgreSQL's statement_timeout). */
  statementMs: number;
  /** Waiting for a row, table or advisory lock (lock_timeout); shorter than statementMs, so a lock wait is reported as one. */
  lockMs: number;
  /** Waiting for a connection from the pool, or for a new one to open. */
  acquireMs: number;
};

// The slowest request (the year's statistics over 50 000 bookings, see the bench) takes well under a
// second; 15 s is far beyond any legitimate statement yet ends a runaway one before a browser or a
// proxy (typically 30-60 s) gives up. Locks are held for milliseconds; 5 s of waiting means something
// is stuck, and the user is better told to try again. A pool that hands out no connection for 10 s
// is overloaded or cut off from the server: queueing more requests would only add to the pile.
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementMs: 15_000, lockMs: 5_000, acquireMs: 10_000 };

/** How long a starting server keeps trying to reach DATABASE_URL (a database container starting beside it). */
export const DEFAULT_DATABASE_START_WAIT_MS = 60_000;

/** Connections to DATABASE_URL per instance. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/**
 * How long identical availability reads share one answer. Only bench/availability-mix.mjs changes it
 * (to 0, sharing off) to measure the uncached path, where every request runs the database query.
 */
export const DEFAULT_AVAILABILITY_CACHE_MS = 1000;

/**
 * Register searches running in the database at once, per instance. A search is CPU work in
 * PostgreSQL (counting and sorting up to thousands of matches); more at once only share the same
 * cores and all finish later, the last ones setting the p99, and they would crowd out the bookings'
 * short writes on the same pool (docs/decisions/0008-customer-register-search.md).
 */
export const DEFAULT_CUSTOMER_SEARCHES_AT_ONCE = 4;

/**
 * Five seconds: a load balancer polling the readiness check every second or two (or an orchestrator
 * taking the instance out of its endpoints) has stopped sending by then, yet it is well inside the
 * usual 10-30 s an orchestrator waits after SIGTERM before it kills.
 */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 5_000;

/** A week of nightly backups. */
export const DEFAULT_BACKUP_KEEP = 7;

/** Three minutes: long enough to catch a customer trying times, short enough to hear of the move soon. */
export const DEFAULT_MOVED_EMAIL_DELAY_SECONDS = 180;

export type AppConfig = {
  port: number;
  host: string;
  production: boolean;
  /** Embedded database folder; ignored when databaseUrl is set. `null` means in memory (tests). */
  dataDir: string | null;
  databaseUrl?: string;
  /** The most connections the PostgreSQL pool opens (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  databaseTimeouts: DatabaseTimeouts;
  /** How long main retries an unreachable DATABASE_URL before giving up. */
  databaseStartWaitMs: number;
  /** The SQL migrations' folder (MIGRATIONS_DIR), absolute. */
  migrationsDir: string;
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
  /**
   * How long a visit's "moved" e-mail waits for a later move to replace it (issue 22.2): a customer
   * moving a visit several times in a few minutes gets one e-mail with the last time.
   */
  movedEmailDelaySeconds: number;
  /** How long identical availability reads share one answer; 0: not at all (AVAILABILITY_CACHE_MS). */
  availabilityCacheMs: number;
  /** Customer-register searches one instance runs in the database at once (CUSTOMER_SEARCHES_AT_ONCE). */
  customerSearchesAtOnce: number;
  /** Identical statistics requests arriving together share one computation (STATISTICS_SHARING). */
  statisticsSharing: boolean;
  /** ServiceBot's optional language model (an OpenAI-compatible endpoint); null: knowledge base only. */
  llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | null;
  /** Google Calendar's OAuth client (rules D12); null: not configured, and the screen says so. */
  google: GoogleConfig | null;
  /** The bearer token GET /api/metrics asks for; null: the endpoint answers 404, as if it did not exist. */
  metricsToken: string | null;
  /** SIGTERM: how long /api/health/ready answers 503 while requests are still served, before the server closes. */
  shutdownDrainMs: number;
  /** Folder of the nightly backup (docs/decisions/0010-backups.md); null: none is made. */
  backupDir: string | null;
  /** How many nightly backups are kept in backupDir. */
  backupKeep: number;
};

export type GoogleConfig = { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string; apiUrl: string };

/** A configuration that cannot work; main prints the message and exits without a stack trace. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

// ---------------------------------------------------------------------------------------------
// Reading one variable. Its refusal is the rest of a sentence: loadConfig puts the variable's name
// in front ('PORT' + ' måste vara ett heltal 1–65535 (fick "abc").'), so every refusal names it.

/** What a reader answers for a value that cannot work. */
class Refusal {
  constructor(readonly says: string) {}
}
type Reader<T> = (raw: string) => T | Refusal;

/**
 * One environment variable. Unset and "" are the same (a compose file's `X=`, an env file's empty
 * line): `fallback`, written as the variable would be and read by the same reader, so the README's
 * Default column can be checked against it (config.readme.test.ts). No fallback: undefined.
 */
function variable<T>(read: Reader<T>, fallback: string): z.ZodType<T, string | undefined>;
function variable<T>(read: Reader<T>): z.ZodType<T | undefined, string | undefined>;
function variable<T>(read: Reader<T>, fallback?: string): z.ZodType<T | undefined, string | undefined> {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined => {
      const given = raw === undefined || raw === "" ? fallback : raw;
      if (given === undefined) return undefined;
      const value = read(given);
      if (value instanceof Refusal) {
        ctx.addIssue({ code: "custom", message: value.says, input: raw });
        return z.NEVER;
      }
      return value;
    })
    .meta({ fallback });
}

const text: Reader<string> = (raw) => raw;
const path: Reader<string> = (raw) => resolve(raw);

/**
 * A whole number written in digits, from `min` to `max`: "abc", "2.5", "1e3", "0x10" and "-1" are
 * refused, where Number() would read NaN or something the operator did not write.
 */
const wholeNumber =
  (min: number, max: number, says: (raw: string) => string): Reader<number> =>
  (raw) => {
    const n = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : new Refusal(says(raw));
  };
const positive = wholeNumber(1, Number.MAX_SAFE_INTEGER, (raw) => `måste vara ett positivt heltal (fick "${raw}").`);
/** A duration in milliseconds from 1 (a timeout of 0 would mean none at all). */
const positiveMs = wholeNumber(1, Number.MAX_SAFE_INTEGER, (raw) => `måste vara ett positivt heltal i millisekunder (fick "${raw}").`);
/** A duration in milliseconds that may be 0 (nothing to wait for, nothing shared). */
const zeroOrMoreMs = wholeNumber(0, Number.MAX_SAFE_INTEGER, (raw) => `måste vara ett heltal i millisekunder, 0 eller mer (fick "${raw}").`);
const zeroOrMoreSeconds = wholeNumber(0, Number.MAX_SAFE_INTEGER, (raw) => `måste vara ett heltal i sekunder, 0 eller mer (fick "${raw}").`);
const port = wholeNumber(1, 65_535, (raw) => `måste vara ett heltal 1–65535 (fick "${raw}").`);

/** On or off: 1 or true, 0 or false; anything else ("ja", "on") is refused rather than guessed. */
const onOff: Reader<boolean> = (raw) => {
  const value = raw.trim().toLowerCase();
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  return new Refusal(`måste vara 1 (på) eller 0 (av) (fick "${raw}").`);
};

/** An http(s) address; the configuration keeps its origin. */
const origin: Reader<string> = (raw) => {
  try {
    const parsed = new URL(raw);
    if (parsed.protocol === "http:" || parsed.protocol === "https:") return parsed.origin;
  } catch {
    // refused below
  }
  return new Refusal(`måste vara en fullständig adress som https://boka.example.se (fick "${raw}").`);
};

const fullUrl: Reader<string> = (raw) => (URL.canParse(raw) ? raw : new Refusal(`måste vara en fullständig adress (fick "${raw}").`));

/**
 * An address whose scheme must be one of `schemes`. The value is not repeated in the refusal: it
 * may hold a password, and the refusal is printed (and logged by a service manager).
 */
const urlWithScheme =
  (schemes: string[], example: string): Reader<string> =>
  (raw) => {
    const scheme = URL.canParse(raw) ? new URL(raw).protocol.slice(0, -1) : null;
    return scheme && schemes.includes(scheme)
      ? raw
      : new Refusal(`måste vara en adress som börjar med ${schemes.map((s) => `${s}://`).join(" eller ")}, till exempel ${example}.`);
  };

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const logLevel: Reader<string> = (raw) =>
  LOG_LEVELS.includes(raw) ? raw : new Refusal(`måste vara en av ${LOG_LEVELS.slice(0, -1).join(", ")} eller ${LOG_LEVELS.at(-1)} (fick "${raw}").`);

/** Shortest METRICS_TOKEN: 16 random characters cannot be guessed over the network; "secret" can. */
const METRICS_TOKEN_MIN_LENGTH = 16;

/** METRICS_TOKEN: long enough not to be guessed, and only characters a bearer token may have (RFC 6750). */
const metricsToken: Reader<string> = (raw) =>
  raw.length >= METRICS_TOKEN_MIN_LENGTH && /^[A-Za-z0-9\-._~+/]+=*$/.test(raw)
    ? raw
    : new Refusal(`måste vara minst ${METRICS_TOKEN_MIN_LENGTH} tecken av A-Z, a-z, 0-9 och - . _ ~ + /, till exempel från \`openssl rand -hex 32\`.`);

/**
 * TRUST_PROXY is the number of reverse proxies in front of the app (usually 1), or their addresses
 * (IPs or CIDR ranges, comma-separated). "Trust every hop" is refused: with it, anyone could choose
 * their own client address with a forged X-Forwarded-For and escape the per-address limits.
 */
const trustProxy: Reader<false | number | string[]> = (raw) => {
  if (raw === "0" || raw === "false") return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const valid = entries.length > 0 && entries.every((e) => isIP(e.split("/")[0]) !== 0 || ["loopback", "linklocal", "uniquelocal"].includes(e));
  if (!valid) {
    return new Refusal(`måste vara antalet proxyservrar framför appen (oftast 1) eller deras adresser, t.ex. "10.0.0.5" eller "10.0.0.0/8" (fick "${raw}").`);
  }
  return entries;
};

const limit = (key: keyof Limits) => variable(positive, String(DEFAULT_LIMITS[key]));

/**
 * Every environment variable the app reads, and how: the one place that does (issue 28). The README's
 * table lists exactly these (config.readme.test.ts). Variables only the tests or the scripts around
 * the app read (TEST_DATABASE_URL, E2E_*) are not the app's configuration.
 */
const EnvironmentSchema = z.object({
  PORT: variable(port, "3000"),
  HOST: variable(text, "0.0.0.0"),
  NODE_ENV: variable(text),
  DATA_DIR: variable(path, "./data"),
  DATABASE_URL: variable(urlWithScheme(["postgres", "postgresql"], "postgres://användare@värd:5432/databas")),
  DATABASE_POOL_SIZE: variable(positive, String(DEFAULT_DATABASE_POOL_SIZE)),
  DATABASE_STATEMENT_TIMEOUT_MS: variable(positiveMs, String(DEFAULT_DATABASE_TIMEOUTS.statementMs)),
  DATABASE_LOCK_TIMEOUT_MS: variable(positiveMs, String(DEFAULT_DATABASE_TIMEOUTS.lockMs)),
  DATABASE_ACQUIRE_TIMEOUT_MS: variable(positiveMs, String(DEFAULT_DATABASE_TIMEOUTS.acquireMs)),
  DATABASE_START_WAIT_MS: variable(positiveMs, String(DEFAULT_DATABASE_START_WAIT_MS)),
  // rules D19: the default depends on DATABASE_URL and NODE_ENV (below).
  SEED_DEMO: variable(onOff),
  ADMIN_USERNAME: variable(text),
  ADMIN_PASSWORD: variable(text),
  SMTP_URL: variable(urlWithScheme(["smtp", "smtps"], "smtp://användare:lösenord@smtp.example.se:587")),
  MAIL_FROM: variable(text, "Värmepumpsservice <info@varmepumpsservice.se>"),
  PUBLIC_URL: variable(origin),
  TRUST_PROXY: variable(trustProxy, "0"),
  BOOKINGS_PER_ADDRESS_PER_HOUR: limit("bookingsPerAddressPerHour"),
  BOOKINGS_PER_EMAIL_PER_DAY: limit("bookingsPerEmailPerDay"),
  ACTIVE_BOOKINGS_PER_EMAIL: limit("activeBookingsPerEmail"),
  CHATBOT_QUESTIONS_PER_ADDRESS_PER_HOUR: limit("chatbotQuestionsPerAddressPerHour"),
  LINK_CHANGES_PER_LINK_PER_DAY: limit("linkChangesPerLinkPerDay"),
  LINK_IMAGE_CHANGES_PER_LINK_PER_DAY: limit("linkImageChangesPerLinkPerDay"),
  LINK_ACTIONS_PER_ADDRESS_PER_HOUR: limit("linkActionsPerAddressPerHour"),
  MOVED_EMAIL_DELAY_SECONDS: variable(zeroOrMoreSeconds, String(DEFAULT_MOVED_EMAIL_DELAY_SECONDS)),
  LLM_BASE_URL: variable(fullUrl),
  LLM_API_KEY: variable(text),
  LLM_MODEL: variable(text),
  LLM_TIMEOUT_MS: variable(
    wholeNumber(100, Number.MAX_SAFE_INTEGER, (raw) => `måste vara ett heltal i millisekunder, minst 100 (fick "${raw}").`),
    "8000",
  ),
  GOOGLE_CLIENT_ID: variable(text),
  GOOGLE_CLIENT_SECRET: variable(text),
  // Google's own endpoints unless a test points them at a stand-in.
  GOOGLE_AUTH_URL: variable(fullUrl, "https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: variable(fullUrl, "https://oauth2.googleapis.com/token"),
  GOOGLE_API_URL: variable((raw) => (URL.canParse(raw) ? raw.replace(/\/+$/, "") : fullUrl(raw)), "https://www.googleapis.com"),
  AVAILABILITY_CACHE_MS: variable(zeroOrMoreMs, String(DEFAULT_AVAILABILITY_CACHE_MS)),
  CUSTOMER_SEARCHES_AT_ONCE: variable(positive, String(DEFAULT_CUSTOMER_SEARCHES_AT_ONCE)),
  // On unless turned off: bench/statistics.mjs measures both ways, and the budget holds without.
  STATISTICS_SHARING: variable(onOff, "1"),
  METRICS_TOKEN: variable(metricsToken),
  SHUTDOWN_DRAIN_MS: variable(zeroOrMoreMs, String(DEFAULT_SHUTDOWN_DRAIN_MS)),
  BACKUP_DIR: variable(path),
  BACKUP_KEEP: variable(positive, String(DEFAULT_BACKUP_KEEP)),
  LOG_LEVEL: variable(logLevel, "info"),
  CLIENT_DIR: variable(path, "./dist/client"),
  // Resolved from the working directory: npm scripts, tests and the bundled server all run in the project root.
  MIGRATIONS_DIR: variable(path, "./drizzle"),
});

export type ConfigVariable = keyof typeof EnvironmentSchema.shape;

/** The name of every environment variable the app reads. */
export const CONFIG_VARIABLES = Object.keys(EnvironmentSchema.shape) as ConfigVariable[];

/** A variable's default as it would be written in the environment; undefined when it has none (or one worked out from others). */
export function configDefault(name: ConfigVariable): string | undefined {
  return (EnvironmentSchema.shape[name].meta() as { fallback?: string } | undefined)?.fallback;
}

type Environment = z.output<typeof EnvironmentSchema>;

/** The rules that involve several variables; a refusal here is a whole sentence. */
const ConfigSchema = EnvironmentSchema.transform((env, ctx): AppConfig => {
  const refuse = (message: string) => {
    ctx.addIssue({ code: "custom", message, input: env });
    return z.NEVER;
  };
  const production = env.NODE_ENV === "production";
  // rules D19 and the audit: demo data by default only on the embedded database outside
  // production; otherwise only when SEED_DEMO=1 asks for it.
  const seedDemo = env.SEED_DEMO ?? (!env.DATABASE_URL && !production);
  const publicOrigin = env.PUBLIC_URL ?? null;
  if (production) {
    const problem = productionProblem({ publicOrigin, trustProxy: env.TRUST_PROXY, seedDemo });
    if (problem) return refuse(problem);
  }
  const llm = llmOf(env);
  if (typeof llm === "string") return refuse(llm);
  const google = googleOf(env);
  if (typeof google === "string") return refuse(google);
  return {
    port: env.PORT,
    host: env.HOST,
    production,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseTimeouts: { statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS, lockMs: env.DATABASE_LOCK_TIMEOUT_MS, acquireMs: env.DATABASE_ACQUIRE_TIMEOUT_MS },
    databaseStartWaitMs: env.DATABASE_START_WAIT_MS,
    migrationsDir: env.MIGRATIONS_DIR,
    seedDemo,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: publicOrigin ?? `http://localhost:${env.PORT}`,
    publicOrigin,
    logLevel: env.LOG_LEVEL,
    clientDir: env.CLIENT_DIR,
    timeZone: "Europe/Stockholm",
    trustProxy: env.TRUST_PROXY,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    startWorkers: true,
    limits: {
      ...DEFAULT_LIMITS,
      bookingsPerAddressPerHour: env.BOOKINGS_PER_ADDRESS_PER_HOUR,
      bookingsPerEmailPerDay: env.BOOKINGS_PER_EMAIL_PER_DAY,
      activeBookingsPerEmail: env.ACTIVE_BOOKINGS_PER_EMAIL,
      chatbotQuestionsPerAddressPerHour: env.CHATBOT_QUESTIONS_PER_ADDRESS_PER_HOUR,
      linkChangesPerLinkPerDay: env.LINK_CHANGES_PER_LINK_PER_DAY,
      linkImageChangesPerLinkPerDay: env.LINK_IMAGE_CHANGES_PER_LINK_PER_DAY,
      linkActionsPerAddressPerHour: env.LINK_ACTIONS_PER_ADDRESS_PER_HOUR,
    },
    movedEmailDelaySeconds: env.MOVED_EMAIL_DELAY_SECONDS,
    availabilityCacheMs: env.AVAILABILITY_CACHE_MS,
    customerSearchesAtOnce: env.CUSTOMER_SEARCHES_AT_ONCE,
    statisticsSharing: env.STATISTICS_SHARING,
    llm,
    google,
    metricsToken: env.METRICS_TOKEN ?? null,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    backupDir: env.BACKUP_DIR ?? null,
    backupKeep: env.BACKUP_KEEP,
  };
});

/**
 * Reads the configuration from environment variables, every one through the schema above. A value
 * that cannot work refuses the start with a sentence naming its variable (one per bad variable),
 * never a NaN or a silent fallback discovered later.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => (issue.path.length > 0 ? `${String(issue.path[0])} ${issue.message}` : issue.message)).join(" "));
}

/** LLM_BASE_URL, LLM_API_KEY and LLM_MODEL together, or none of them; a string is the refusal. */
function llmOf(env: Environment): AppConfig["llm"] | string {
  const { LLM_BASE_URL: baseUrl, LLM_API_KEY: apiKey, LLM_MODEL: model } = env;
  if (!baseUrl && !apiKey && !model) return null;
  if (!baseUrl || !apiKey || !model) return "LLM_BASE_URL, LLM_API_KEY och LLM_MODEL måste anges tillsammans.";
  return { baseUrl, apiKey, model, timeoutMs: env.LLM_TIMEOUT_MS };
}

/** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together, or neither; a string is the refusal. */
function googleOf(env: Environment): GoogleConfig | null | string {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = env;
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) return "GOOGLE_CLIENT_ID och GOOGLE_CLIENT_SECRET måste anges tillsammans.";
  return { clientId, clientSecret, authUrl: env.GOOGLE_AUTH_URL, tokenUrl: env.GOOGLE_TOKEN_URL, apiUrl: env.GOOGLE_API_URL };
}

/**
 * In production the session cookie is Secure, so browsers only keep it over HTTPS. The app speaks
 * plain HTTP, so HTTPS means a TLS proxy in front, and then the app must know the proxy (for client
 * addresses) and its public address (for the CSRF check and links). Without them login would
 * answer 200 yet never stick; say so at start-up instead.
 */
function productionProblem({
  publicOrigin,
  trustProxy,
  seedDemo,
}: {
  publicOrigin: string | null;
  trustProxy: AppConfig["trustProxy"];
  seedDemo: boolean;
}): string | null {
  if (!publicOrigin || !publicOrigin.startsWith("https://")) {
    return "I produktion (NODE_ENV=production) måste PUBLIC_URL vara sidans https-adress, t.ex. PUBLIC_URL=https://boka.example.se. Se avsnittet om omvänd proxy i README.";
  }
  if (trustProxy === false) {
    return "I produktion körs appen bakom en TLS-proxy: sätt TRUST_PROXY till antalet proxyservrar (oftast 1) eller proxyns adress. Se avsnittet om omvänd proxy i README.";
  }
  // The demo admin's password is published on the login page (rules D19): in production it
  // would be an admin account anyone can log in to.
  if (seedDemo) {
    return "I produktion (NODE_ENV=production) kan demodata inte användas: demokontonas lösenord visas för alla på inloggningssidan. Ta bort SEED_DEMO (eller sätt SEED_DEMO=0) och skapa den första administratören med ADMIN_USERNAME och ADMIN_PASSWORD, eller med `npm run create-admin`.";
  }
  return null;
}
