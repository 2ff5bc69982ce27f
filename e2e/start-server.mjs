// Starts the built app for the browser tests with a fresh, empty embedded database (demo data seeded)
// and a real SMTP server that catches every e-mail the app sends (issue 14: customers open the link
// from their confirmation e-mail). Used by playwright.config.ts as its webServer command; PORT,
// SEED_DEMO, LOG_LEVEL and E2E_MAIL_DIR come from there.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

// E2E_DIST points at another build output (default ./dist), e.g. a private copy while others rebuild.
const dist = resolve(process.env.E2E_DIST ?? "dist");
const entry = join(dist, "server/main.js");
const clientDir = join(dist, "client");
if (!existsSync(entry) || !existsSync(join(clientDir, "index.html"))) {
  console.error(`e2e: the app is not built in ${dist}. Run \`npm run build\` first.`);
  process.exit(1);
}

const port = process.env.PORT ?? "3100";
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `vps-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// Every e-mail the app sends is written here as JSON (e2e/fixtures.ts `waitForEmail` reads it). The
// same default as playwright.config.ts, which also passes it in E2E_MAIL_DIR.
const mailDir = resolve(process.env.E2E_MAIL_DIR ?? `${dataDir}-mail`);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

/** The addresses of a parsed header (To, Cc): one object or a list of them. */
const addressesOf = (field) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase()).filter(Boolean));

let received = 0;
// A plain SMTP server on 127.0.0.1 (no STARTTLS, no AUTH), as in src/server/test-support/smtp.ts.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then((mail) => {
      received += 1;
      const message = {
        // The envelope's recipients are who the message was delivered to; the To header may differ.
        to: [...new Set([...session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), ...addressesOf(mail.to)])],
        from: mail.from?.text ?? null,
        subject: mail.subject ?? "",
        text: mail.text ?? "",
        html: typeof mail.html === "string" ? mail.html : "",
        attachments: mail.attachments.map((a) => ({ filename: a.filename ?? null, contentType: a.contentType, content: a.content.toString("utf8") })),
        receivedAt: new Date().toISOString(),
      };
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const name = `${Date.now()}-${String(received).padStart(5, "0")}.json`;
      writeFileSync(join(mailDir, `.${name}.tmp`), JSON.stringify(message, null, 2));
      renameSync(join(mailDir, `.${name}.tmp`), join(mailDir, name));
      callback();
    }, callback);
  },
});
await new Promise((resolveListen, reject) => {
  smtp.once("error", reject);
  smtp.listen(0, "127.0.0.1", () => resolveListen());
});
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}`;

// E2E_DATABASE_URL: a PostgreSQL server to run the journeys against instead of the embedded database
// (.ci/run sets it: the app's queries then cost the server native PostgreSQL's CPU, not PGlite's
// WebAssembly). The URL names a database to connect to for administration (postgres); the app gets a
// fresh, empty database of its own on that server, E2E_DATABASE_NAME (default vps_e2e_<port>),
// dropped and created again here, which the app migrates at start as in production.
const serverUrl = process.env.E2E_DATABASE_URL;
let databaseUrl;
if (serverUrl) {
  const name = process.env.E2E_DATABASE_NAME ?? `vps_e2e_${port}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`e2e: E2E_DATABASE_NAME must be a plain identifier: ${name}`);
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}

// E2E_SEED_SQL: a journey's own known data set (e2e/admin-statistics.spec.ts), written into the fresh
// database after the migrations and before the app opens it. Run with SEED_DEMO=0 and
// ADMIN_USERNAME/ADMIN_PASSWORD, the app then adds only its first admin.
if (process.env.E2E_SEED_SQL) {
  const migrationsFolder = resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder });
      await client.query(process.env.E2E_SEED_SQL);
    } finally {
      await client.end();
    }
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // As src/server/db/client.ts opens it: the same folder and extensions.
    const client = new PGlite(join(dataDir, "pgdata"), { extensions: { pg_trgm, btree_gist } });
    try {
      await migrate(drizzle(client), { migrationsFolder });
      await client.exec(process.env.E2E_SEED_SQL);
    } finally {
      await client.close();
    }
  }
  delete process.env.E2E_SEED_SQL;
}

process.env.DATA_DIR = dataDir;
process.env.CLIENT_DIR = clientDir;
process.env.SEED_DEMO ??= "1";
process.env.LOG_LEVEL ??= "warn";
// No load balancer to wait for: SIGTERM (Playwright's, own-app's stop) closes at once.
process.env.SHUTDOWN_DRAIN_MS ??= "0";
// E2E_DATABASE_URL's fresh database, or the embedded one: a DATABASE_URL in the shell must not leak
// into the journeys.
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
else delete process.env.DATABASE_URL;

// main.js reads its configuration from the environment when imported, then listens and handles SIGTERM.
await import(pathToFileURL(entry).href);
