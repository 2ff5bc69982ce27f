import { describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { CONFIG_VARIABLES, ConfigError, DEFAULT_DATABASE_TIMEOUTS, DEFAULT_LIMITS, loadConfig } from "./config";

const production = { NODE_ENV: "production", PUBLIC_URL: "https://boka.example.se", TRUST_PROXY: "1", DATA_DIR: "/tmp/vps-config-test" };

describe("configuration", () => {
  it("seeds demo data by default only on the embedded database outside production, or when SEED_DEMO=1 asks for it", () => {
    expect(loadConfig({ ...production }).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: "0" }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: "/tmp/vps-config-test" }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: "/tmp/vps-config-test", DATABASE_URL: "postgres://x@y/z", SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: "/tmp/vps-config-test", DATABASE_URL: "postgres://x@y/z" }).seedDemo).toBe(false);
  });

  it("refuses demo data in production, whose admin password the login page publishes, saying what to do instead", () => {
    for (const SEED_DEMO of ["1", "true"]) {
      expect(() => loadConfig({ ...production, SEED_DEMO })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, SEED_DEMO, ADMIN_USERNAME: "chef", ADMIN_PASSWORD: "Kanelbulle-Fjäll-9" })).toThrow(
        "I produktion (NODE_ENV=production) kan demodata inte användas: demokontonas lösenord visas för alla på inloggningssidan. Ta bort SEED_DEMO (eller sätt SEED_DEMO=0) och skapa den första administratören med ADMIN_USERNAME och ADMIN_PASSWORD, eller med `npm run create-admin`.",
      );
    }
  });

  it("refuses to start in production without an https PUBLIC_URL or without TRUST_PROXY, saying what to set", () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, PUBLIC_URL: "http://boka.example.se" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...production, TRUST_PROXY: undefined })).toThrow(/TRUST_PROXY/);
    expect(loadConfig(production).publicOrigin).toBe("https://boka.example.se");
  });

  it("reads TRUST_PROXY as a hop count or addresses, never as 'trust everyone'", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16" }).trustProxy).toEqual(["10.0.0.5", "10.1.0.0/16"]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow(ConfigError);
  });

  it("uses PUBLIC_URL's origin for links and the CSRF check, and the local address without it", () => {
    expect(loadConfig({ PUBLIC_URL: "https://boka.example.se/" }).publicUrl).toBe("https://boka.example.se");
    expect(loadConfig({ PORT: "4000" })).toMatchObject({ publicUrl: "http://localhost:4000", publicOrigin: null });
    expect(() => loadConfig({ PUBLIC_URL: "boka.example.se" })).toThrow(/PUBLIC_URL/);
  });

  it("takes the booking limits from the environment when given, and refuses nonsense", () => {
    expect(loadConfig({}).limits).toEqual(DEFAULT_LIMITS);
    expect(loadConfig({ BOOKINGS_PER_ADDRESS_PER_HOUR: "500" }).limits.bookingsPerAddressPerHour).toBe(500);
    expect(() => loadConfig({ ACTIVE_BOOKINGS_PER_EMAIL: "-1" })).toThrow(/ACTIVE_BOOKINGS_PER_EMAIL/);
  });

  it("holds a moved visit's e-mail back three minutes unless MOVED_EMAIL_DELAY_SECONDS says otherwise (0 sends at once)", () => {
    expect(loadConfig({}).movedEmailDelaySeconds).toBe(180);
    expect(loadConfig({ MOVED_EMAIL_DELAY_SECONDS: "0" }).movedEmailDelaySeconds).toBe(0);
    expect(loadConfig({ MOVED_EMAIL_DELAY_SECONDS: "600" }).movedEmailDelaySeconds).toBe(600);
    expect(() => loadConfig({ MOVED_EMAIL_DELAY_SECONDS: "-5" })).toThrow(/MOVED_EMAIL_DELAY_SECONDS/);
    expect(() => loadConfig({ MOVED_EMAIL_DELAY_SECONDS: "tre minuter" })).toThrow(/MOVED_EMAIL_DELAY_SECONDS/);
  });

  it("makes a nightly backup only when BACKUP_DIR is set, keeping seven unless BACKUP_KEEP says otherwise", () => {
    expect(loadConfig({})).toMatchObject({ backupDir: null, backupKeep: 7 });
    expect(loadConfig({ BACKUP_DIR: "/srv/kopior", BACKUP_KEEP: "30" })).toMatchObject({ backupDir: "/srv/kopior", backupKeep: 30 });
    expect(() => loadConfig({ BACKUP_KEEP: "0" })).toThrow('BACKUP_KEEP måste vara ett positivt heltal (fick "0").');
    expect(() => loadConfig({ BACKUP_KEEP: "en vecka" })).toThrow(/BACKUP_KEEP/);
  });

  it("takes the customer-link limits from the environment when given, and refuses nonsense", () => {
    const limits = loadConfig({
      LINK_CHANGES_PER_LINK_PER_DAY: "4",
      LINK_IMAGE_CHANGES_PER_LINK_PER_DAY: "30",
      LINK_ACTIONS_PER_ADDRESS_PER_HOUR: "50",
    }).limits;
    expect(limits).toMatchObject({ linkChangesPerLinkPerDay: 4, linkImageChangesPerLinkPerDay: 30, linkActionsPerAddressPerHour: 50 });
    expect(DEFAULT_LIMITS).toMatchObject({ linkChangesPerLinkPerDay: 10, linkImageChangesPerLinkPerDay: 60, linkActionsPerAddressPerHour: 120 });
    expect(() => loadConfig({ LINK_CHANGES_PER_LINK_PER_DAY: "0" })).toThrow(/LINK_CHANGES_PER_LINK_PER_DAY/);
    expect(() => loadConfig({ LINK_ACTIONS_PER_ADDRESS_PER_HOUR: "många" })).toThrow(/LINK_ACTIONS_PER_ADDRESS_PER_HOUR/);
  });

  it("has no metrics without METRICS_TOKEN, and refuses a token that could be guessed or is not a bearer token", () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: "" }).metricsToken).toBeNull();
    const token = "3f9a1c0e7b2d4f6a8c1e3b5d7f9a2c4e";
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ METRICS_TOKEN: "aB3-._~+/aB3-._~+/==" }).metricsToken).toBe("aB3-._~+/aB3-._~+/==");
    for (const METRICS_TOKEN of ["hemlig", "a".repeat(15), `${token} ${token}`, `${token}\n`, `${token}ä`]) {
      expect(() => loadConfig({ METRICS_TOKEN }), METRICS_TOKEN).toThrow(
        "METRICS_TOKEN måste vara minst 16 tecken av A-Z, a-z, 0-9 och - . _ ~ + /, till exempel från `openssl rand -hex 32`.",
      );
    }
  });

  it("drains five seconds on SIGTERM unless SHUTDOWN_DRAIN_MS says otherwise (0: close at once)", () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "0" }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "15000" }).shutdownDrainMs).toBe(15_000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "-1" })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "5s" })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});

describe("database timeouts", () => {
  it("default to 15 s per statement, 5 s per lock wait, 10 s for a connection and 60 s of waiting at start, each settable", () => {
    expect(loadConfig({})).toMatchObject({ databaseTimeouts: DEFAULT_DATABASE_TIMEOUTS, databaseStartWaitMs: 60_000 });
    expect(DEFAULT_DATABASE_TIMEOUTS).toEqual({ statementMs: 15_000, lockMs: 5_000, acquireMs: 10_000 });
    const set = loadConfig({
      DATABASE_STATEMENT_TIMEOUT_MS: "30000",
      DATABASE_LOCK_TIMEOUT_MS: "2000",
      DATABASE_ACQUIRE_TIMEOUT_MS: "3000",
      DATABASE_START_WAIT_MS: "1000",
    });
    expect(set).toMatchObject({ databaseTimeouts: { statementMs: 30_000, lockMs: 2_000, acquireMs: 3_000 }, databaseStartWaitMs: 1_000 });
    // 0 would mean "wait for ever", which is what the timeouts are there to prevent.
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT_MS: "0" })).toThrow(/DATABASE_LOCK_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "15s" })).toThrow(ConfigError);
  });
});

// Issue 28: one schema reads every variable; a value that cannot work stops the start with a sentence
// naming its variable, where PORT or DATABASE_POOL_SIZE used to become NaN and two settings fell back silently.
describe("values that cannot work", () => {
  it("refuses a PORT that is not a port, rather than listening on NaN", () => {
    expect(loadConfig({}).port).toBe(3000);
    expect(loadConfig({ PORT: "8080" }).port).toBe(8080);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(new ConfigError('PORT måste vara ett heltal 1–65535 (fick "abc").'));
    for (const PORT of ["0", "65536", "80.5", "-1", "1e3", " "])
      expect(() => loadConfig({ PORT }), PORT).toThrow(`PORT måste vara ett heltal 1–65535 (fick "${PORT}").`);
  });

  it("opens ten PostgreSQL connections unless DATABASE_POOL_SIZE says otherwise, and refuses a size that is not one", () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: "25" }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "tio" })).toThrow('DATABASE_POOL_SIZE måste vara ett positivt heltal (fick "tio").');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow('DATABASE_POOL_SIZE måste vara ett positivt heltal (fick "0").');
  });

  it("shares availability reads for 1 s unless AVAILABILITY_CACHE_MS says otherwise (0: not at all), and refuses what is no duration", () => {
    expect(loadConfig({}).availabilityCacheMs).toBe(1000);
    expect(loadConfig({ AVAILABILITY_CACHE_MS: "0" }).availabilityCacheMs).toBe(0);
    expect(loadConfig({ AVAILABILITY_CACHE_MS: "250" }).availabilityCacheMs).toBe(250);
    expect(() => loadConfig({ AVAILABILITY_CACHE_MS: "-5" })).toThrow('AVAILABILITY_CACHE_MS måste vara ett heltal i millisekunder, 0 eller mer (fick "-5").');
    expect(() => loadConfig({ AVAILABILITY_CACHE_MS: "abc" })).toThrow(/^AVAILABILITY_CACHE_MS /);
  });

  it("runs four customer searches at once unless CUSTOMER_SEARCHES_AT_ONCE says otherwise, and refuses a count that is not one", () => {
    expect(loadConfig({}).customerSearchesAtOnce).toBe(4);
    expect(loadConfig({ CUSTOMER_SEARCHES_AT_ONCE: "8" }).customerSearchesAtOnce).toBe(8);
    expect(loadConfig({ CUSTOMER_SEARCHES_AT_ONCE: " 2 " }).customerSearchesAtOnce).toBe(2);
    for (const CUSTOMER_SEARCHES_AT_ONCE of ["abc", "0", "-3", "2.5", "Infinity"]) {
      expect(() => loadConfig({ CUSTOMER_SEARCHES_AT_ONCE }), CUSTOMER_SEARCHES_AT_ONCE).toThrow(
        `CUSTOMER_SEARCHES_AT_ONCE måste vara ett positivt heltal (fick "${CUSTOMER_SEARCHES_AT_ONCE}").`,
      );
    }
  });

  it("shares statistics computations unless STATISTICS_SHARING is 0, and refuses a value that is neither on nor off", () => {
    expect(loadConfig({}).statisticsSharing).toBe(true);
    expect(loadConfig({ STATISTICS_SHARING: "1" }).statisticsSharing).toBe(true);
    expect(loadConfig({ STATISTICS_SHARING: "0" }).statisticsSharing).toBe(false);
    expect(loadConfig({ STATISTICS_SHARING: "false" }).statisticsSharing).toBe(false);
    expect(() => loadConfig({ STATISTICS_SHARING: "nej" })).toThrow('STATISTICS_SHARING måste vara 1 (på) eller 0 (av) (fick "nej").');
    expect(() => loadConfig({ SEED_DEMO: "ja" })).toThrow('SEED_DEMO måste vara 1 (på) eller 0 (av) (fick "ja").');
  });

  it("reads the migrations from ./drizzle unless MIGRATIONS_DIR names another folder", () => {
    expect(loadConfig({}).migrationsDir).toBe(resolve("drizzle"));
    expect(loadConfig({ MIGRATIONS_DIR: "/srv/app/drizzle" }).migrationsDir).toBe("/srv/app/drizzle");
  });

  it("refuses a log level pino does not know, and addresses of the wrong kind without repeating them (they may hold a password)", () => {
    expect(loadConfig({ LOG_LEVEL: "debug" }).logLevel).toBe("debug");
    expect(() => loadConfig({ LOG_LEVEL: "verbose" })).toThrow(/^LOG_LEVEL måste vara en av fatal, error, warn, info, debug, trace eller silent/);
    expect(loadConfig({ DATABASE_URL: "postgresql://app:hemligt@db:5432/vps" }).databaseUrl).toBe("postgresql://app:hemligt@db:5432/vps");
    expect(() => loadConfig({ DATABASE_URL: "mysql://app:hemligt@db/vps" })).toThrow(
      "DATABASE_URL måste vara en adress som börjar med postgres:// eller postgresql://, till exempel postgres://användare@värd:5432/databas.",
    );
    expect(() => loadConfig({ SMTP_URL: "smtp.example.se:hemligt" })).toThrow(/^SMTP_URL måste vara en adress som börjar med smtp:\/\/ eller smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: "smtp.example.se:hemligt" })).not.toThrow(/hemligt/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s", GOOGLE_TOKEN_URL: "oauth2.example" })).toThrow(
      'GOOGLE_TOKEN_URL måste vara en fullständig adress (fick "oauth2.example").',
    );
  });

  it("names every variable that is wrong, each in its own sentence", () => {
    expect(() => loadConfig({ PORT: "abc", BACKUP_KEEP: "0" })).toThrow(
      'PORT måste vara ett heltal 1–65535 (fick "abc"). BACKUP_KEEP måste vara ett positivt heltal (fick "0").',
    );
  });

  it("names the variable whatever nonsense it is given: every variable either takes the value or refuses it by name", () => {
    for (const name of CONFIG_VARIABLES) {
      for (const nonsense of ["¤ inte rätt", "-1"]) {
        let error: unknown = null;
        try {
          loadConfig({ [name]: nonsense });
        } catch (caught) {
          error = caught;
        }
        if (error === null) continue; // free text (HOST, MAIL_FROM, a folder, a key) takes anything
        expect(error, `${name}=${nonsense}`).toBeInstanceOf(ConfigError);
        expect((error as Error).message, `${name}=${nonsense}`).toContain(name);
        expect((error as Error).message, `${name}=${nonsense}`).toMatch(/\.$/);
      }
    }
  });

  it("takes an empty value as not set (a compose file's X= line)", () => {
    const empty = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, ""]));
    expect(loadConfig(empty)).toEqual(loadConfig({}));
  });
});
