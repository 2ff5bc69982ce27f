import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { startMain } from "./test-support/main-process";
import { cleanupAfterEach, emptyPostgresDatabase, scratchFolder } from "./test-support/scratch";
import { templateDataDir } from "./test-support/templates";

// Issue 24: SIGTERM drains before it closes. The readiness check answers 503 at once, so the load
// balancer stops sending, while every request (in flight and new) is still served for
// SHUTDOWN_DRAIN_MS; then the server closes and the process exits 0.

const defer = cleanupAfterEach();
const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * The server's database: a scratch PostgreSQL database in the PostgreSQL suite, else a scratch DATA_DIR
 * holding a copy of the run's migrated database (test-support/templates.ts; this is not about a first start).
 */
async function databaseEnv(): Promise<Record<string, string>> {
  if (!serverUrl) return { DATABASE_URL: "", DATA_DIR: await templateDataDir(scratchFolder("vps-shutdown-", defer), "migrated") };
  const scratch = await emptyPostgresDatabase(serverUrl, "vps_shutdown");
  defer(() => scratch.drop());
  return { DATABASE_URL: scratch.url };
}

/** A POST whose body is only half sent (`sent`): in flight until `finish` sends the rest. */
function halfSentLogin(url: string): { sent: Promise<void>; finish(): void; response: Promise<{ status: number; body: string }> } {
  const body = JSON.stringify({ username: "finns-inte", password: "Fel-Losenord-1", role: "admin" });
  const half = Math.floor(body.length / 2);
  let req: ClientRequest;
  let markSent: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = httpRequest(
      `${url}/api/auth/login`,
      { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res: IncomingMessage) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, half), () => markSent());
  });
  return { sent, finish: () => req.end(body.slice(half)), response };
}

describe("SIGTERM", () => {
  it("answers ready with 503 at once, serves an in-flight request and new ones during the drain, then exits 0", { timeout: 180_000 }, async () => {
    // Long enough that everything below happens inside the drain on a busy machine.
    const server = await startMain({ ...(await databaseEnv()), SHUTDOWN_DRAIN_MS: "10000" });
    defer(() => server.stop());
    await server.serving();
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);

    // A request the server is still reading when SIGTERM arrives.
    const inFlight = halfSentLogin(server.url);
    await inFlight.sent;
    server.child.kill("SIGTERM");

    // Ready turns 503 without waiting for anything (the first answers may come before the signal is handled).
    let ready: Response;
    do ready = await fetch(`${server.url}/api/health/ready`);
    while (ready.status === 200);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: "unavailable",
      checks: { shutdown: "draining", database: "skipped", migrations: "skipped" },
      failed: ["shutdown"],
      message: "Instansen stängs ner och tar inte emot nya förfrågningar.",
    });

    // Meanwhile everything else is served as before: live, a new request, the one in flight.
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/public/config`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    inFlight.finish();
    const answered = await inFlight.response;
    expect(answered.status).toBe(401);
    expect(JSON.parse(answered.body)).toEqual({ message: expect.any(String) });

    // After the drain the server closes and the process ends cleanly.
    expect(await server.exited).toBe(0);
  });
});
