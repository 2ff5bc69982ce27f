import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { emptyPostgresDatabase, scratchFolder } from "../../src/server/test-support/scratch";
import { startMain, type MainProcess } from "../../src/server/test-support/main-process";
import { freePort } from "../../src/server/test-support/smtp";
import {
  CLIENT_ADDRESS,
  CLIENT_NETWORK,
  DEPLOY,
  eventually,
  headerEcho,
  httpsGet,
  interpolate,
  interpolatedVariables,
  logLinesOf,
  parseEnvFile,
  readDeployFile,
  REPO,
  requireBuild,
  SHUTDOWN_DRAIN_MS,
  requireTool,
  run,
  runToEnd,
  type ChildRun,
} from "./support";

// deploy/compose.yaml and deploy/Caddyfile. No Docker engine runs here: the compose file is read and
// checked, and then what it describes is run as plain processes: PostgreSQL (this machine's, a new
// database), the two app services' environment as compose gives it to the built server
// (`node dist/server/main.js`, the image's CMD), both started at the same moment, and Caddy with the
// Caddyfile in front, over HTTPS with Caddy's own test CA. Replaced, and only these: DATABASE_URL (a
// new database instead of the postgres service), BACKUP_DIR (a folder instead of the volume), PORT
// and HOST (two instances on one machine), APP_UPSTREAMS (their ports), and Caddy's global options
// (no admin endpoint, no trust-store install, a free port for the http:// redirect).
// Not exercised: Docker itself (images, networks, volumes, restart policies, healthcheck timing).

const compose = parse(readDeployFile("compose.yaml"), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
  restart?: string;
  stop_grace_period?: string;
  init?: boolean;
  logging?: { driver: string; options: Record<string, string> };
};

const dockerfile = readDeployFile("Dockerfile");
const dockerUser = /^USER (\S+)$/m.exec(dockerfile)![1];
const appServices = Object.entries(compose.services).filter(([, service]) => service.build?.dockerfile === "deploy/Dockerfile");
const STRONG_PASSWORD = "Kanelbulle-Fjäll-9";
/** What deploy/.env holds in this test (compose.env.example's keys, filled in). */
const composeEnv = (caddyPort: number): Record<string, string> => ({
  ...parseEnvFile(readDeployFile("compose.env.example")),
  SITE_ADDRESS: `127.0.0.1:${caddyPort}`,
  POSTGRES_PASSWORD: "not-used-by-the-test",
  ADMIN_USERNAME: "chef",
  ADMIN_PASSWORD: STRONG_PASSWORD,
  SMTP_URL: "",
});

const seconds = (value: string) => Number(/^(\d+)s$/.exec(value)?.[1] ?? NaN);

describe("deploy/compose.yaml", () => {
  it("runs PostgreSQL 15 with a health check and a volume for its data", () => {
    const postgres = compose.services.postgres;
    expect(postgres.image).toMatch(/^postgres:15(\.\d+)?$/);
    expect(postgres.healthcheck!.test.join(" ")).toMatch(/pg_isready -U varmepumpsservice -d varmepumpsservice/);
    const [volume, path] = postgres.volumes![0].split(":");
    expect(path).toBe("/var/lib/postgresql/data");
    expect(compose.volumes).toHaveProperty(volume);
    expect(postgres.restart).toBe("always");
  });

  it("runs two app instances of the Dockerfile's image behind TRUST_PROXY=1, on the postgres service, once it is healthy", () => {
    expect(appServices.map(([name]) => name)).toEqual(["app1", "app2"]);
    const postgres = compose.services.postgres.environment!;
    for (const [name, app] of appServices) {
      expect(app.build!.context, name).toBe("..");
      const env = app.environment!;
      expect(env).toMatchObject({ NODE_ENV: "production", TRUST_PROXY: "1", BACKUP_DIR: "/backups" });
      expect(env.PUBLIC_URL).toMatch(/^https:\/\/\$\{SITE_ADDRESS:\?/);
      const url = new URL(interpolate(env.DATABASE_URL, { POSTGRES_PASSWORD: "pw" }));
      expect([url.protocol, url.hostname, url.port, url.username, url.pathname]).toEqual([
        "postgres:",
        "postgres",
        "5432",
        postgres.POSTGRES_USER,
        `/${postgres.POSTGRES_DB}`,
      ]);
      expect(interpolate(env.DATABASE_URL, { POSTGRES_PASSWORD: "pw" })).toContain(":pw@");
      expect(app.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
      // Healthy means ready for traffic, so `docker compose up --wait` waits for a serving instance.
      expect(app.healthcheck!.test).toEqual(["CMD", "node", "healthcheck.mjs", "/api/health/ready"]);
      // docker stop's SIGKILL comes only after the drain and the requests in flight.
      expect(seconds(app.stop_grace_period!) * 1000).toBeGreaterThanOrEqual(SHUTDOWN_DRAIN_MS + 20_000);
      expect(app.restart).toBe("always");
      expect(app.init).toBe(true);
      // Docker's default json-file log grows for ever.
      expect(app.logging).toMatchObject({ driver: "json-file", options: { "max-size": expect.any(String), "max-file": expect.any(String) } });
      // Both instances write the nightly backup into the same volume, a folder the image gives its
      // user (a new named volume takes over that ownership; root's would refuse every backup).
      expect(app.volumes).toEqual([`backups:${env.BACKUP_DIR}`]);
      expect(dockerfile).toContain(`RUN mkdir -p /data ${env.BACKUP_DIR} && chown ${dockerUser}:${dockerUser} /data ${env.BACKUP_DIR}`);
    }
  });

  it("puts Caddy in front on 80 and 443 with the Caddyfile mounted, its certificates kept in a volume, and both instances as upstreams", () => {
    const caddy = compose.services.caddy;
    expect(caddy.image).toMatch(/^caddy:2/);
    expect(caddy.ports).toEqual(expect.arrayContaining(["80:80", "443:443"]));
    expect(caddy.volumes).toEqual(expect.arrayContaining(["./Caddyfile:/etc/caddy/Caddyfile:ro", "caddy-data:/data"]));
    const imagePort = /PORT=(\d+)/.exec(readDeployFile("Dockerfile"))![1];
    expect(caddy.environment!.APP_UPSTREAMS.split(" ")).toEqual(appServices.map(([name]) => `${name}:${imagePort}`));
    expect(caddy.environment!.SITE_ADDRESS).toMatch(/^\$\{SITE_ADDRESS:\?/);
  });

  it("needs only what compose.env.example lists: every required variable is there, and every other one has a default", () => {
    const example = parseEnvFile(readDeployFile("compose.env.example"));
    const used = interpolatedVariables(readDeployFile("compose.yaml"));
    for (const [name, kind] of used) {
      if (kind === "required" || kind === "plain") expect(Object.keys(example), `${name} (${kind})`).toContain(name);
    }
    // Nothing in the example that compose does not use.
    expect(Object.keys(example).filter((name) => !used.has(name))).toEqual([]);
    // compose refuses to start without a required one.
    expect(() => interpolate(compose.services.app1.environment!.DATABASE_URL, {})).toThrow(/POSTGRES_PASSWORD: Set POSTGRES_PASSWORD in deploy\/.env/);
  });
});

describe("deploy/Caddyfile", () => {
  it("is a valid Caddy configuration", () => {
    requireTool("caddy", "apt-get install caddy");
    const result = runToEnd("caddy", ["validate", "--config", join(DEPLOY, "Caddyfile"), "--adapter", "caddyfile"]);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain("Valid configuration");
  });
});

type Caddy = ChildRun & { port: number; ca: Buffer };

/** Caddy with deploy/Caddyfile, its site at https://127.0.0.1:<port>, in front of `upstreams`. */
async function startCaddy(folder: string, siteAddress: string, upstreams: string): Promise<Caddy> {
  mkdirSync(folder, { recursive: true });
  const port = Number(siteAddress.split(":")[1]);
  const config = join(folder, "Caddyfile");
  // Test-only global options in front of the unchanged file.
  writeFileSync(config, `{\n\tadmin off\n\tskip_install_trust\n\thttp_port ${await freePort()}\n}\n\n${readDeployFile("Caddyfile")}`);
  const caddy = run("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      SITE_ADDRESS: siteAddress,
      APP_UPSTREAMS: upstreams,
      HOME: folder,
      XDG_DATA_HOME: join(folder, "data"),
      XDG_CONFIG_HOME: join(folder, "config"),
    },
  });
  const caPath = join(folder, "data/caddy/pki/authorities/local/root.crt");
  const ca = await eventually(async () => readFileSync(caPath));
  return Object.assign(caddy, { port, ca });
}

describe("two instances started together on one new PostgreSQL database, behind Caddy", () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  let instances: MainProcess[] = [];
  let caddy: Caddy;
  let databaseUrl: string;

  beforeAll(async () => {
    requireBuild();
    requireTool("caddy", "apt-get install caddy");
    const scratch = await emptyPostgresDatabase(serverUrl, "vps_deploy");
    cleanups.push(() => scratch.drop());
    databaseUrl = scratch.url;
    const folder = scratchFolder("vps-compose-", (cleanup) => cleanups.push(cleanup));
    const caddyPort = await freePort();
    const dotEnv = composeEnv(caddyPort);
    // Each app service's environment as compose interpolates it, both started at the same moment.
    instances = await Promise.all(
      appServices.map(async ([name, service]) => {
        const env = Object.fromEntries(Object.entries(service.environment!).map(([key, value]) => [key, interpolate(String(value), dotEnv)]));
        const backups = join(folder, `backups-${name}`);
        mkdirSync(backups);
        const instance = await startMain({ ...env, DATABASE_URL: databaseUrl, BACKUP_DIR: backups }, { args: ["dist/server/main.js"], cwd: REPO });
        cleanups.push(() => instance.stop());
        return instance;
      }),
    );
    await Promise.all(instances.map((instance) => instance.serving()));
    const caddyEnv = interpolate(compose.services.caddy.environment!.SITE_ADDRESS, dotEnv);
    caddy = await startCaddy(join(folder, "caddy"), caddyEnv, instances.map((instance) => `127.0.0.1:${instance.port}`).join(" "));
    cleanups.push(() => caddy.stop());
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const viaCaddy = (path: string, headers: Record<string, string> = {}) => httpsGet(`https://127.0.0.1:${caddy.port}${path}`, { ca: caddy.ca, headers });

  it("both start in production with compose's environment, migrate the database once between them and pass compose's readiness check", async () => {
    const journal = JSON.parse(readFileSync(join(REPO, "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
      expect(rows[0].n).toBe(journal.entries.length);
      const admins = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE username = 'chef'");
      expect(admins.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
    const check = compose.services.app1.healthcheck!.test.slice(1); // ["node", "healthcheck.mjs", "/api/health/ready"]
    for (const instance of instances) {
      const result = runToEnd(process.execPath, [join(DEPLOY, check[1]), check[2]], { env: { ...process.env, PORT: String(instance.port) } });
      expect(result.status, `instance on ${instance.port}`).toBe(0);
    }
  });

  it("over HTTPS, requests reach both instances; each keeps the request's X-Request-Id and takes the client's address from X-Forwarded-For, a forged one ignored", async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `deploy-caddy-${i}`);
    await eventually(async () => expect((await viaCaddy("/api/health/live")).status).toBe(200));
    for (const id of ids) {
      const answer = await viaCaddy("/api/public/config", { "x-request-id": id, "x-forwarded-for": "203.0.113.9" });
      expect(answer.status).toBe(200);
      expect(answer.headers["x-request-id"]).toBe(id);
    }
    // Which instance logged each request (pino writes asynchronously: wait for the lines).
    const servedBy = await eventually(async () =>
      ids.map((id) => {
        const found = instances.filter((instance) => logLinesOf(instance.output(), id).some((line) => line.msg === "incoming request"));
        expect(found, id).toHaveLength(1);
        return found[0];
      }),
    );
    expect(new Set(servedBy).size).toBe(2);
    for (const id of ids) {
      const incoming = logLinesOf(servedBy[ids.indexOf(id)].output(), id).find((line) => line.msg === "incoming request")!;
      expect(incoming.req).toMatchObject({ remoteAddress: CLIENT_NETWORK, host: `127.0.0.1:${caddy.port}` });
    }
    // Without an id of the client's, the app makes one and answers with it.
    expect((await viaCaddy("/api/public/config")).headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends the app X-Forwarded-For (the client's address only), X-Forwarded-Proto https, X-Forwarded-Host and the client's X-Request-Id", async () => {
    const echo = await headerEcho();
    const folder = scratchFolder("vps-caddy-echo-", (cleanup) => cleanups.push(cleanup));
    const probe = await startCaddy(folder, `127.0.0.1:${await freePort()}`, `127.0.0.1:${echo.port}`);
    try {
      const answer = await eventually(async () => {
        const result = await httpsGet(`https://127.0.0.1:${probe.port}/api/public/config`, {
          ca: probe.ca,
          headers: { "x-request-id": "deploy-probe-1", "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "http" },
        });
        expect(result.status).toBe(200);
        return JSON.parse(result.body) as { headers: Record<string, string> };
      });
      expect(answer.headers).toMatchObject({
        "x-forwarded-for": CLIENT_ADDRESS,
        "x-forwarded-proto": "https",
        "x-forwarded-host": `127.0.0.1:${probe.port}`,
        "x-request-id": "deploy-probe-1",
      });
    } finally {
      await probe.stop();
      await new Promise((resolve) => echo.server.close(resolve));
    }
  });

  it("a rolling restart loses no request: while one instance drains and stops on SIGTERM, every request through Caddy is answered", async () => {
    const [stopping, staying] = instances;
    stopping.child.kill("SIGTERM");
    const statuses: number[] = [];
    let afterExit = 0;
    let exited = false;
    void stopping.exited.then(() => (exited = true));
    // Requests one after another until the instance is gone and a few more after it.
    while (afterExit < 5) {
      const answer = await viaCaddy("/api/public/config", { "x-request-id": `deploy-rolling-${statuses.length}` });
      statuses.push(answer.status);
      if (exited) afterExit += 1;
    }
    expect(await stopping.exited).toBe(0);
    expect(
      statuses.every((status) => status === 200),
      JSON.stringify(statuses),
    ).toBe(true);
    // The last ones can only have been served by the instance that stayed.
    const last = `deploy-rolling-${statuses.length - 1}`;
    await eventually(async () => expect(logLinesOf(staying.output(), last).length).toBeGreaterThan(0));
  });
});
