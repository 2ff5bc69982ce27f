import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serverProgramArgs } from "./test-support/server-bundle";
import { freePort } from "./test-support/smtp";
import { templateDataDir } from "./test-support/templates";

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  child?.kill("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function waitForServer(url: string, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch {
      if (Date.now() > deadline) throw new Error(`server did not start at ${url}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

describe("main", () => {
  it("migrates, seeds demo data into DATA_DIR, serves on PORT and shuts down gracefully on SIGTERM", { timeout: 180_000 }, async () => {
    dataDir = mkdtempSync(join(tmpdir(), "vps-main-"));
    const port = await freePort();
    child = spawn(process.execPath, serverProgramArgs("main"), {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "1", DATABASE_URL: "", SMTP_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child!.on("exit", (code) => resolve(code)));
    const config = (await (await waitForServer(`http://127.0.0.1:${port}/api/public/config`)).json()) as { demo: boolean };
    expect(config.demo).toBe(true);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "Admin1234", role: "admin" }),
    });
    expect(login.status).toBe(200);

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/availability/range?from=2026-12-01&to=2027-02-28&serviceType=service`);
    child.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    expect(await exited).toBe(0);
  });

  it("refuses to start in production when it could not work, saying what to set, without a stack trace", { timeout: 120_000 }, async () => {
    // A DATA_DIR a server has run in (a copy of the run's migrated database, test-support/templates.ts):
    // the first start in an empty one is the test above.
    dataDir = await templateDataDir(mkdtempSync(join(tmpdir(), "vps-main-prod-")), "migrated");
    // A real port: PORT must be 1–65535, and a run that wrongly starts must not take a port in use.
    const port = String(await freePort());
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const proc = spawn(process.execPath, serverProgramArgs("main"), {
          env: {
            ...process.env,
            PORT: port,
            HOST: "127.0.0.1",
            DATA_DIR: dataDir,
            LOG_LEVEL: "warn",
            DATABASE_URL: "",
            SMTP_URL: "",
            SEED_DEMO: "",
            ADMIN_USERNAME: "",
            ADMIN_PASSWORD: "",
            NODE_ENV: "production",
            ...env,
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stderr = "";
        proc.stderr!.on("data", (chunk) => (stderr += chunk));
        proc.on("exit", (code) => resolve({ code, stderr }));
      });
    // Issue 28: a value that is not a number is refused by name, in one sentence, before anything opens.
    const badPool = await run({ PUBLIC_URL: "https://boka.example.se", TRUST_PROXY: "1", DATABASE_POOL_SIZE: "tio" });
    expect(badPool.code).toBe(1);
    expect(badPool.stderr.trim()).toBe('DATABASE_POOL_SIZE måste vara ett positivt heltal (fick "tio").');
    const noProxy = await run({ PUBLIC_URL: "https://boka.example.se", TRUST_PROXY: "" });
    expect(noProxy.code).toBe(1);
    expect(noProxy.stderr).toMatch(/TRUST_PROXY/);
    const noAdmin = await run({ PUBLIC_URL: "https://boka.example.se", TRUST_PROXY: "1" });
    expect(noAdmin.code).toBe(1);
    expect(noAdmin.stderr).toMatch(/Det finns ingen administratör/);
    expect(noAdmin.stderr).not.toMatch(/\n\s+at /); // no stack trace

    // Issue 22, point 5: demo data in production made the demo admin, whose password the login page shows.
    const demo = await run({
      PUBLIC_URL: "https://boka.example.se",
      TRUST_PROXY: "1",
      SEED_DEMO: "1",
      ADMIN_USERNAME: "chef",
      ADMIN_PASSWORD: "Kanelbulle-Fjäll-9",
    });
    expect(demo.code).toBe(1);
    expect(demo.stderr).toMatch(/I produktion \(NODE_ENV=production\) kan demodata inte användas/);
    expect(demo.stderr).not.toMatch(/\n\s+at /);
    // Issue 22, point 6: the first admin's password obeys the rule of every account.
    const weakAdmin = await run({ PUBLIC_URL: "https://boka.example.se", TRUST_PROXY: "1", ADMIN_USERNAME: "chef", ADMIN_PASSWORD: "Sommar2024" });
    expect(weakAdmin.code).toBe(1);
    expect(weakAdmin.stderr).toMatch(/ADMIN_PASSWORD kan inte användas för den första administratören\. Lösenordet är för lätt att gissa/);
    expect(weakAdmin.stderr).not.toContain("Sommar2024");
    expect(weakAdmin.stderr).not.toMatch(/\n\s+at /);
  });
});
