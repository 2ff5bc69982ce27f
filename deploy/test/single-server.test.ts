import { readFileSync, realpathSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchFolder } from "../../src/server/test-support/scratch";
import { startMain, type MainProcess } from "../../src/server/test-support/main-process";
import { freePort } from "../../src/server/test-support/smtp";
import { staleLockWaitLine } from "../../src/server/db/client";
import {
  CLIENT_ADDRESS,
  CLIENT_NETWORK,
  DEPLOY,
  eventually,
  headerEcho,
  httpsGet,
  logLinesOf,
  parseEnvFile,
  parseUnit,
  readDeployFile,
  REPO,
  requireBuild,
  requireTool,
  run,
  runToEnd,
  SHUTDOWN_DRAIN_MS,
  timeSpanMs,
  type ChildRun,
} from "./support";

// One server without containers: deploy/varmepumpsservice.service (systemd) with
// deploy/varmepumpsservice.env.example, and nginx with deploy/nginx/ in front. systemd is not PID 1
// here, so the unit is checked with `systemd-analyze verify` and its ExecStart is run the way
// systemd would (WorkingDirectory = this checkout after `npm run build`, the EnvironmentFile's and
// Environment= variables, KillSignal), not by systemd itself: User=, the sandboxing, StateDirectory=
// and Restart= are not exercised. nginx runs the site file for real over HTTPS with a certificate
// made for the test; only its certificate paths, listen ports, include path and upstream address are
// replaced.

const unitText = readDeployFile("varmepumpsservice.service");
const unit = parseUnit(unitText);
const service = unit.Service;
const single = (key: string) => {
  expect(service[key], key).toHaveLength(1);
  return service[key][0];
};
const envExample = parseEnvFile(readDeployFile("varmepumpsservice.env.example"));
const STRONG_PASSWORD = "Kanelbulle-Fjäll-9";

describe("deploy/varmepumpsservice.service", () => {
  it("passes systemd-analyze verify (with this machine's node in ExecStart) without a warning", () => {
    requireTool("systemd-analyze", "apt-get install systemd");
    const folder = scratchFolder("vps-unit-", (cleanup) => cleanups.push(cleanup));
    const copy = join(folder, "varmepumpsservice.service");
    writeFileSync(copy, unitText.replace(/^ExecStart=\/usr\/bin\/node /m, `ExecStart=${process.execPath} `));
    // systemd-analyze's messages may be written by a process that outlives it: read them through a
    // pipe that closes only when every writer is done. Without TERM (a test runner, CI) systemd
    // would write them to /dev/console instead.
    const verify = () =>
      runToEnd("bash", ["-c", 'set -o pipefail; systemd-analyze verify --man=no --generators=no "$1" 2>&1 | cat', "verify", copy], {
        env: { ...process.env, TERM: "dumb" },
      });
    const result = verify();
    expect(result.output).toBe("");
    expect(result.status).toBe(0);
    // verify does catch mistakes: a misspelt setting is reported.
    writeFileSync(copy, unitText.replace(/^Restart=always$/m, "Restart=alway"));
    expect(verify().output).toMatch(/Failed to parse service restart specifier, ignoring: alway/);
  });

  it("restarts always, runs as its own user from the checkout with its environment file, and stops with SIGTERM after the drain", () => {
    expect(single("Restart")).toBe("always");
    expect(unit.Unit.StartLimitIntervalSec).toEqual(["0"]);
    expect(single("User")).not.toMatch(/^(root|0)$/);
    expect(single("Group")).toBe(single("User"));
    expect(single("WorkingDirectory")).toMatch(/^\/opt\//);
    expect(single("EnvironmentFile")).toMatch(/^\/etc\/varmepumpsservice\//);
    expect(service.Environment).toEqual(["NODE_ENV=production"]);
    expect(single("ExecStart")).toMatch(/^\/\S+\/node dist\/server\/main\.js$/);
    expect(single("KillSignal")).toBe("SIGTERM");
    const drain = Number(envExample.SHUTDOWN_DRAIN_MS ?? SHUTDOWN_DRAIN_MS);
    expect(timeSpanMs(single("TimeoutStopSec"))).toBeGreaterThanOrEqual(drain + 20_000);
    // DATA_DIR and BACKUP_DIR live in the unit's state directory, the one place it may write.
    expect(single("ProtectSystem")).toBe("strict");
    const state = `/var/lib/${single("StateDirectory")}/`;
    expect(envExample.DATA_DIR.startsWith(state)).toBe(true);
    expect(envExample.BACKUP_DIR.startsWith(state)).toBe(true);
  });

  it("its example environment is production-ready behind a proxy on the same server, and names only documented settings", () => {
    expect(envExample).toMatchObject({ HOST: "127.0.0.1", TRUST_PROXY: "1" });
    expect(envExample.PUBLIC_URL).toMatch(/^https:\/\//);
    const readme = readFileSync(join(REPO, "README.md"), "utf8");
    const undocumented = Object.keys(envExample).filter((key) => !readme.includes(`| \`${key}\``) && !new RegExp(`\\| [^|]*\`${key}\``).test(readme));
    expect(undocumented).toEqual([]);
  });
});

/** `text` with `from` replaced by `to`; `from` must be there (the site file changed shape otherwise). */
function swap(text: string, from: string | RegExp, to: string): string {
  if (typeof from === "string" ? !text.includes(from) : !from.test(text)) throw new Error(`the nginx site file no longer has ${from}`);
  return typeof from === "string" ? text.replaceAll(from, to) : text.replace(from, to);
}

/** The nginx site file with the test's certificate, ports and upstream, and the snippet's real path. */
function siteForTest(folder: string, { httpsPort, httpPort, upstream, name }: { httpsPort: number; httpPort: number; upstream: string; name: string }) {
  let site = readFileSync(join(DEPLOY, "nginx/varmepumpsservice.conf"), "utf8");
  site = swap(site, "/etc/letsencrypt/live/boka.example.se/fullchain.pem", join(folder, "cert.pem"));
  site = swap(site, "/etc/letsencrypt/live/boka.example.se/privkey.pem", join(folder, "key.pem"));
  site = swap(site, "include /etc/nginx/snippets/varmepumpsservice-proxy.conf;", `include ${join(DEPLOY, "nginx/varmepumpsservice-proxy.conf")};`);
  site = swap(site, /listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`);
  site = swap(site, /listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${httpPort};`);
  site = swap(site, "server 127.0.0.1:3000;", `server ${upstream};`);
  site = swap(site, "upstream varmepumpsservice {", `upstream ${name} {`);
  site = swap(site, "proxy_pass http://varmepumpsservice;", `proxy_pass http://${name};`);
  return swap(site, "server_name boka.example.se;", "server_name 127.0.0.1;");
}

type Nginx = ChildRun & { config: string };

/** nginx in the foreground with a configuration of `sites` in `folder`. */
function nginxConfig(folder: string, sites: string[]): string {
  const config = join(folder, "nginx.conf");
  const temp = (name: string) => `${name}_temp_path ${join(folder, name)};`;
  writeFileSync(
    config,
    [
      "daemon off;",
      `pid ${join(folder, "nginx.pid")};`,
      "error_log stderr warn;",
      "events {}",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${temp(name)}`),
      ...sites.map((site, i) => {
        writeFileSync(join(folder, `site-${i}.conf`), site);
        return `  include ${join(folder, `site-${i}.conf`)};`;
      }),
      "}",
    ].join("\n"),
  );
  return config;
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("deploy/nginx", () => {
  let folder: string;
  let app: MainProcess;
  let nginx: Nginx;
  let ca: Buffer;
  /** The app's (kept across restarts), nginx's HTTPS and HTTP ports for the app and for the header echo. */
  const ports = { app: 0, site: 0, siteHttp: 0, echo: 0, echoHttp: 0 };
  let dataDir: string;

  /** The unit's ExecStart as systemd runs it: WorkingDirectory, EnvironmentFile, then Environment=. */
  async function startAsTheUnit(): Promise<MainProcess> {
    const environment = Object.fromEntries(service.Environment.map((pair) => pair.split("=") as [string, string]));
    const { PORT: _port, ...fromFile } = envExample;
    const env = {
      ...fromFile,
      ...environment,
      // This test's own: a folder for the data, the address nginx serves, a strong first admin, no mail.
      DATA_DIR: dataDir,
      BACKUP_DIR: join(folder, "backups"),
      PUBLIC_URL: `https://127.0.0.1:${ports.site}`,
      ADMIN_PASSWORD: STRONG_PASSWORD,
      SMTP_URL: "",
    };
    const [, ...args] = single("ExecStart").split(" ");
    const server = await startMain(env, { args, cwd: REPO, port: ports.app });
    cleanups.push(() => server.stop());
    return server;
  }

  beforeAll(async () => {
    requireBuild();
    requireTool("nginx", "apt-get install nginx-light");
    requireTool("openssl", "apt-get install openssl");
    folder = scratchFolder("vps-nginx-", (cleanup) => cleanups.push(cleanup));
    dataDir = join(folder, "data");
    const made = runToEnd("openssl", [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      join(folder, "key.pem"),
      "-out",
      join(folder, "cert.pem"),
    ]);
    expect(made.status, made.output).toBe(0);
    ca = readFileSync(join(folder, "cert.pem"));
    for (const key of Object.keys(ports) as (keyof typeof ports)[]) ports[key] = await freePort();

    app = await startAsTheUnit();
    await app.serving();
    const echo = await headerEcho();
    cleanups.push(() => new Promise((resolve) => echo.server.close(resolve)));
    const config = nginxConfig(folder, [
      siteForTest(folder, { httpsPort: ports.site, httpPort: ports.siteHttp, upstream: `127.0.0.1:${ports.app}`, name: "varmepumpsservice" }),
      siteForTest(folder, { httpsPort: ports.echo, httpPort: ports.echoHttp, upstream: `127.0.0.1:${echo.port}`, name: "header_echo" }),
    ]);
    const checked = runToEnd("nginx", ["-t", "-c", config, "-p", folder]);
    expect(checked.status, checked.output).toBe(0);
    nginx = Object.assign(run("nginx", ["-c", config, "-p", folder]), { config });
    cleanups.push(() => nginx.stop("SIGQUIT"));
  });

  const viaNginx = (path: string, headers: Record<string, string> = {}, port = ports.site) => httpsGet(`https://127.0.0.1:${port}${path}`, { ca, headers });

  it("the site file with the snippet passes nginx -t", () => {
    const result = runToEnd("nginx", ["-t", "-c", nginx.config, "-p", folder]);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain("test is successful");
  });

  it("sends X-Forwarded-For (the address nginx saw, a forged one replaced), X-Forwarded-Proto https, the host and the client's X-Request-Id", async () => {
    const answer = await eventually(async () => {
      const result = await viaNginx(
        "/api/public/config",
        { "x-request-id": "deploy-nginx-probe", "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "http" },
        ports.echo,
      );
      expect(result.status).toBe(200);
      return JSON.parse(result.body) as { headers: Record<string, string> };
    });
    expect(answer.headers).toMatchObject({
      "x-forwarded-for": CLIENT_ADDRESS,
      "x-forwarded-proto": "https",
      "x-forwarded-host": "127.0.0.1",
      host: "127.0.0.1",
      "x-request-id": "deploy-nginx-probe",
    });
    // Keep-alive to the upstream: no "Connection: close" per request.
    expect(answer.headers.connection).toBeUndefined();
  });

  it("the server started as the unit starts it serves through nginx: the app keeps the request id and takes the client's address", async () => {
    for (const id of ["deploy-nginx-1", "deploy-nginx-2"]) {
      const answer = await eventually(() => viaNginx("/api/public/config", { "x-request-id": id, "x-forwarded-for": "203.0.113.9" }));
      expect(answer.status).toBe(200);
      expect(answer.headers["x-request-id"]).toBe(id);
      const incoming = await eventually(async () => {
        const line = logLinesOf(app.output(), id).find((entry) => entry.msg === "incoming request");
        expect(line).toBeDefined();
        return line!;
      });
      expect(incoming.req).toMatchObject({ remoteAddress: CLIENT_NETWORK, host: "127.0.0.1" });
    }
    // http:// is sent to https://.
    const redirect = await fetch(`http://127.0.0.1:${ports.siteHttp}/booking?x=1`, { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe("https://127.0.0.1/booking?x=1");
  });

  it(
    "stops on the unit's KillSignal within TimeoutStopSec with exit 0, and after a crash (SIGKILL) starts again once the dead process's lock is stale, saying so",
    { timeout: 180_000 },
    async () => {
      const killAfter = setTimeout(() => app.child.kill("SIGKILL"), timeSpanMs(single("TimeoutStopSec")));
      app.child.kill(single("KillSignal") as NodeJS.Signals);
      const code = await app.exited;
      clearTimeout(killAfter);
      expect(code).toBe(0);

      // A crash: what Restart=always does next is start ExecStart again on the same DATA_DIR.
      app = await startAsTheUnit();
      await app.serving();
      app.child.kill("SIGKILL");
      await app.exited;
      app = await startAsTheUnit();
      await app.waitForOutput(staleLockWaitLine(realpathSync(dataDir), 20_000));
      // The dead process's lock is left to go stale, as the 20 s would leave it: its time moved back
      // by an hour (proper-lockfile judges a lock by its mtime) instead of the test waiting for the clock.
      const anHourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(join(realpathSync(dataDir), ".lock"), anHourAgo, anHourAgo);
      await app.serving();
      const answer = await eventually(() => viaNginx("/api/public/config"));
      expect(answer.status).toBe(200);
    },
  );
});
