import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export type AppConfig = {
  port: number;
  host: string;
  production: boolean;
  /** Embedded database folder; ignored when databaseUrl is set. `null` means in memory (tests). */
  dataDir: string | null;
  databaseUrl?: string;
  sessionSecret: string;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Public origin used in e-mailed links, e.g. https://boka.example.se */
  publicUrl: string;
  logLevel: string | false;
  /** Built client to serve; null when the API runs alone (tests). */
  clientDir: string | null;
  timeZone: string;
  trustProxy: boolean;
  adminUsername?: string;
  adminPassword?: string;
  /** Start background workers (outbox sender). Tests start them explicitly. */
  startWorkers: boolean;
};

/** Reads the configuration from environment variables; every variable is listed in the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === "production";
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = resolve(env.DATA_DIR ?? "./data");
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    production,
    dataDir,
    databaseUrl,
    sessionSecret: env.SESSION_SECRET ?? persistentSecret(dataDir),
    // DECISIONS 19: demo data by default on the embedded database, only on request with DATABASE_URL.
    seedDemo: env.SEED_DEMO !== undefined ? env.SEED_DEMO !== "0" && env.SEED_DEMO !== "false" : !databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Värmepumpsservice <info@varmepumpsservice.se>",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    logLevel: env.LOG_LEVEL ?? "info",
    clientDir: resolve(env.CLIENT_DIR ?? "./dist/client"),
    timeZone: "Europe/Stockholm",
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    startWorkers: true,
  };
}

/** A secret kept in DATA_DIR so sessions survive restarts when SESSION_SECRET is not given. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, ".session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
