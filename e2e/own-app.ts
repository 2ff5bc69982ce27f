import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export type OwnApp = { url: string; stop(): Promise<void> };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Drops an own app's database on E2E_DATABASE_URL's server, if the journeys run on one. */
async function dropDatabase(name: string): Promise<void> {
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * The built app (E2E_DIST) on a port and a fresh database of its own (embedded, or with
 * E2E_DATABASE_URL one on that PostgreSQL server, dropped again on stop), for a journey that needs a
 * configuration or a data set the shared server cannot have (a stand-in Google, a known data set).
 * `env` adds to or overrides what e2e/start-server.mjs reads. Resolves once it answers.
 */
export async function startOwnApp(name: string, env: Record<string, string>, { timeoutMs = 60_000 } = {}): Promise<OwnApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = join(tmpdir(), `vps-e2e-${name}-${port}`);
  const databaseName = `vps_e2e_${name.toLowerCase().replace(/[^a-z0-9]/g, "_")}_${port}`;
  const app = spawn(process.execPath, ["e2e/start-server.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      E2E_DATA_DIR: dataDir,
      E2E_MAIL_DIR: `${dataDir}-mail`,
      E2E_DATABASE_NAME: databaseName,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (app.exitCode === null && app.signalCode === null) {
      const exited = new Promise((resolve) => app.once("exit", resolve));
      app.kill("SIGTERM");
      await exited;
    }
    for (const dir of [dataDir, `${dataDir}-mail`]) rmSync(dir, { recursive: true, force: true });
    await dropDatabase(databaseName);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the ${name} app exited (${app.exitCode})`);
    if (
      await fetch(`${url}/api/public/config`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${name} app did not start within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
