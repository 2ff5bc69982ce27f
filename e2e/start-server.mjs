// Starts the built app for the browser tests with a fresh, empty embedded database (demo data seeded).
// Used by playwright.config.ts as its webServer command; PORT, SEED_DEMO and LOG_LEVEL come from there.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

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

process.env.DATA_DIR = dataDir;
process.env.CLIENT_DIR = clientDir;
process.env.SEED_DEMO ??= "1";
process.env.LOG_LEVEL ??= "warn";
// The embedded database only; a DATABASE_URL in the shell must not leak into the journeys.
delete process.env.DATABASE_URL;

// main.js reads its configuration from the environment when imported, then listens and handles SIGTERM.
await import(pathToFileURL(entry).href);
