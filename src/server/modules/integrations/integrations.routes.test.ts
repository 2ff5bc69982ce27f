import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { GoogleConfig } from "../../config";
import type { Database } from "../../db/client";
import { TestSmtpServer, freePort } from "../../test-support/smtp";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The integrations screen's API (issue 11; rules D12 and D14): e-mail status and the outbox with
// 'retry now' (read back from a real SMTP server), and Google Calendar's OAuth flow against a local
// stand-in for Google's token and Calendar endpoints. Nothing says "connected" unless it is.

let database: Database;
let smtp: TestSmtpServer;
let google: GoogleStandIn;
let plain: FastifyInstance; // no SMTP, no Google
let connected: FastifyInstance; // SMTP and Google configured
let admin: string;
let otherAdmin: string;
let technician: string;
let adminOnConnected: string;

/** Google's endpoints as this app uses them, answering like Google does. */
class GoogleStandIn {
  server!: Server;
  url = "";
  tokenRequests: Record<string, string>[] = [];
  calendarAuthorizations: string[] = [];
  failTokens = false;
  accessTokenLifetime = 3600;
  private issued = 0;

  async start() {
    this.server = createServer(async (request, response) => {
      const body = await readBody(request);
      if (request.method === "POST" && request.url === "/token") {
        const params = Object.fromEntries(new URLSearchParams(body));
        this.tokenRequests.push(params);
        const valid =
          params.client_id === "klient-id" &&
          params.client_secret === "klient-hemlighet" &&
          ((params.grant_type === "authorization_code" && params.code === "rätt-kod" && params.redirect_uri === "http://app.test/api/admin/google/callback") ||
            (params.grant_type === "refresh_token" && params.refresh_token === "uppdaterings-token"));
        if (this.failTokens || !valid) {
          response.writeHead(this.failTokens ? 500 : 400, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid_grant" }));
          return;
        }
        this.issued++;
        response.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            access_token: `atkomst-${this.issued}`,
            expires_in: this.accessTokenLifetime,
            ...(params.grant_type === "authorization_code" ? { refresh_token: "uppdaterings-token" } : {}),
          }),
        );
        return;
      }
      if (request.method === "GET" && request.url === "/calendar/v3/users/me/calendarList") {
        const authorization = request.headers.authorization ?? "";
        this.calendarAuthorizations.push(authorization);
        if (!authorization.startsWith("Bearer atkomst-")) {
          response.writeHead(401).end();
          return;
        }
        response.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            items: [
              { id: "kontoret@example.com", summary: "Kontoret", primary: true },
              { id: "service@group.calendar.google.com", summary: "Servicebesök" },
            ],
          }),
        );
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  config(): GoogleConfig {
    return { clientId: "klient-id", clientSecret: "klient-hemlighet", authUrl: `${this.url}/auth`, tokenUrl: `${this.url}/token`, apiUrl: this.url };
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    request.on("data", (chunk) => (data += chunk));
    request.on("end", () => resolve(data));
  });
}

beforeAll(async () => {
  const port = await freePort();
  smtp = new TestSmtpServer(port);
  await smtp.start();
  google = new GoogleStandIn();
  await google.start();
  database = await createTestDatabase();
  plain = await buildApp(testConfig(), { database });
  await plain.ready();
  connected = await buildApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true, google: google.config() }), { database });
  await connected.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen" });
  await createUser(database, { username: "chef2", password: "Chef212345", role: "admin", name: "Andra chefen" });
  await createUser(database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
  admin = await loginAs(plain, "chef", "Chef12345", "admin");
  otherAdmin = await loginAs(connected, "chef2", "Chef212345", "admin");
  adminOnConnected = await loginAs(connected, "chef", "Chef12345", "admin");
  technician = await loginAs(plain, "tekniker", "Tekniker1234");
});
afterAll(async () => {
  await connected.close();
  await plain.close();
  await database.close();
  await smtp.stop();
  await google.stop();
});

const get = (app: FastifyInstance, url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const post = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: "POST", url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) } });

async function failedMessage(to: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    database,
    sql`insert into email_outbox ("to", subject, text, status, attempts, last_error) values (${to}, 'Bokningsbekräftelse: Service', 'Hej!', 'failed', 20, 'connect ECONNREFUSED 10.0.0.5:587') returning id`,
  );
  return row.id;
}

describe("e-mail status and the outbox", () => {
  it("says e-mail is not configured without SMTP_URL, and counts what waits in the outbox", async () => {
    await database.db.execute(sql`insert into email_outbox ("to", subject, text) values ('vantar@exempel.se', 'Påminnelse: Service', 'Hej!')`);
    const status = (await get(plain, "/api/admin/integrations/status", admin)).json();
    expect(status.email.configured).toBe(false);
    expect(status.email.counts.queued).toBeGreaterThanOrEqual(1);
    expect(status.google).toEqual({ configured: false, connected: false, connectedAt: null, calendars: [], error: null });
    const withSmtp = (await get(connected, "/api/admin/integrations/status", adminOnConnected)).json();
    expect(withSmtp.email.configured).toBe(true);
  });

  it("lists messages by status with attempts and the last error", async () => {
    const id = await failedMessage("misslyckad@exempel.se");
    const res = await get(plain, "/api/admin/outbox?status=failed", admin);
    expect(res.statusCode).toBe(200);
    const message = res.json().messages.find((m: { id: number }) => m.id === id);
    expect(message).toMatchObject({
      to: "misslyckad@exempel.se",
      subject: "Bokningsbekräftelse: Service",
      status: "failed",
      attempts: 20,
      lastError: "connect ECONNREFUSED 10.0.0.5:587",
    });
    expect(res.json().messages.every((m: { status: string }) => m.status === "failed")).toBe(true);
    expect(res.json().counts.failed).toBeGreaterThanOrEqual(1);
    // Newest first.
    const newer = await failedMessage("nyare@exempel.se");
    const ids = (await get(plain, "/api/admin/outbox?status=failed", admin)).json().messages.map((m: { id: number }) => m.id);
    expect(ids.slice(0, 2)).toEqual([newer, id]);
    expect((await get(plain, "/api/admin/outbox?status=borta", admin)).statusCode).toBe(400);
  });

  it("retries a failed message now: it is sent and the SMTP server receives it; anything else is refused", async () => {
    const id = await failedMessage("igen@exempel.se");
    const res = await post(connected, `/api/admin/outbox/${id}/retry`, adminOnConnected);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(id);
    const deadline = Date.now() + 10_000;
    while (!smtp.messages.some((m) => m.subject === "Bokningsbekräftelse: Service" && m.to && "text" in m.to && m.to.text === "igen@exempel.se")) {
      if (Date.now() > deadline) throw new Error("the retried message never reached the SMTP server");
      await new Promise((r) => setTimeout(r, 50));
    }
    await expect
      .poll(async () => (await queryRows<{ status: string }>(database, sql`select status from email_outbox where id = ${id}`))[0].status)
      .toBe("sent");
    // A sent (or queued) message is not retried; an unknown one is not found.
    const again = await post(connected, `/api/admin/outbox/${id}/retry`, adminOnConnected);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Bara meddelanden som misslyckats kan skickas om.");
    expect((await post(connected, "/api/admin/outbox/999999/retry", adminOnConnected)).statusCode).toBe(404);
  });

  it("is for admins only", async () => {
    for (const url of ["/api/admin/outbox", "/api/admin/integrations/status", "/api/admin/google/auth", "/api/admin/google/calendars"]) {
      expect((await get(plain, url, technician)).statusCode).toBe(403);
      expect((await get(plain, url)).statusCode).toBe(401);
    }
    expect((await post(plain, "/api/admin/outbox/1/retry", technician)).statusCode).toBe(403);
  });
});

describe("Google Calendar", () => {
  it("answers the spec's text when no client id and secret are configured", async () => {
    const res = await get(plain, "/api/admin/google/auth", admin);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("Kunde inte starta Google-autentisering. Kontrollera att API-nycklarna är korrekt konfigurerade.");
  });

  async function startFlow(cookie = adminOnConnected) {
    const res = await get(connected, "/api/admin/google/auth", cookie);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().authUrl);
    return { url, state: url.searchParams.get("state")! };
  }
  const callback = (query: Record<string, string>, cookie = adminOnConnected) =>
    get(connected, `/api/admin/google/callback?${new URLSearchParams(query)}`, cookie);
  /** What the popup's last page tells the screen that opened it. */
  const resultOf = (res: Awaited<ReturnType<typeof callback>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return /<html lang="sv" data-result="(\w+)">/.exec(res.body)?.[1];
  };

  it("refuses a callback with a made-up, another admin's, or a used state, and with Google's error", async () => {
    const { state } = await startFlow();
    expect(resultOf(await callback({ code: "rätt-kod", state: "påhittad" }))).toBe("failed");
    // Bound to the admin who started it: another admin's session cannot finish it.
    expect(resultOf(await callback({ code: "rätt-kod", state }, otherAdmin))).toBe("failed");
    const denied = await startFlow();
    expect(resultOf(await callback({ error: "access_denied", state: denied.state }))).toBe("failed");
    expect(resultOf(await callback({ code: "rätt-kod", state: denied.state }))).toBe("failed"); // used up
    // An expired state (10 minutes) is refused too.
    const late = await startFlow();
    await database.db.execute(sql`update oauth_states set expires_at = now() - interval '1 second'`);
    expect(resultOf(await callback({ code: "rätt-kod", state: late.state }))).toBe("failed");
    expect((await get(connected, "/api/admin/integrations/status", adminOnConnected)).json().google.connected).toBe(false);
    expect(google.tokenRequests).toHaveLength(0);
  });

  it("connects through the consent URL and the callback, then lists the account's calendars", async () => {
    const { url, state } = await startFlow();
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "klient-id",
      redirect_uri: "http://app.test/api/admin/google/callback",
      response_type: "code",
      scope: "https://www.googleapis.com/auth/calendar",
      access_type: "offline",
      prompt: "consent",
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await callback({ code: "rätt-kod", state });
    expect(resultOf(res)).toBe("connected");
    expect(res.body).toContain("Google Calendar ansluten!");
    const status = (await get(connected, "/api/admin/integrations/status", adminOnConnected)).json().google;
    expect(status).toMatchObject({ configured: true, connected: true, error: null });
    expect(status.calendars).toEqual([
      { id: "kontoret@example.com", summary: "Kontoret", primary: true },
      { id: "service@group.calendar.google.com", summary: "Servicebesök", primary: false },
    ]);
    expect(google.calendarAuthorizations.at(-1)).toBe("Bearer atkomst-1");
    // The secret never reaches the browser.
    expect(JSON.stringify(status)).not.toMatch(/atkomst|uppdaterings|hemlighet/);
    expect((await get(connected, "/api/admin/google/calendars", adminOnConnected)).json()).toHaveLength(2);
    // The state is used up.
    expect(resultOf(await callback({ code: "rätt-kod", state }))).toBe("failed");
  });

  it("renews an expired access token with the refresh token, and disconnects", async () => {
    google.accessTokenLifetime = 30; // shorter than the minute of margin: expired at once
    const { state } = await startFlow();
    expect(resultOf(await callback({ code: "rätt-kod", state }))).toBe("connected");
    google.accessTokenLifetime = 3600;
    const before = google.tokenRequests.length;
    expect((await get(connected, "/api/admin/integrations/status", adminOnConnected)).json().google.connected).toBe(true);
    expect(google.tokenRequests.slice(before).map((r) => r.grant_type)).toEqual(["refresh_token"]);
    expect((await post(connected, "/api/admin/google/disconnect", adminOnConnected)).statusCode).toBe(200);
    expect((await get(connected, "/api/admin/integrations/status", adminOnConnected)).json().google).toMatchObject({ connected: false, calendars: [] });
  });

  it("answers the popup with a page that tells its opener and closes, without an inline script or a COOP that would cut the opener off", async () => {
    const { state } = await startFlow();
    const res = await callback({ code: "fel-kod", state });
    expect(resultOf(res)).toBe("failed");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toContain("Kunde inte ansluta till Google Calendar. Försök igen.");
    // Coming back from Google, a COOP of its own would put the popup in a new browsing context
    // group and cut window.opener; the app's pages allow popups to keep their opener.
    expect(res.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    expect((await get(connected, "/api/public/config")).headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    // The CSP still forbids inline scripts: the page's only script is a same-origin file.
    expect(res.headers["content-security-policy"]).toMatch(/script-src 'self'(;|$)/);
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => [m[1].trim(), m[2]])).toEqual([['src="/api/admin/google/callback.js" defer', ""]]);
    const script = await get(connected, "/api/admin/google/callback.js", adminOnConnected);
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(script.body).toContain("window.opener.postMessage(message, window.location.origin)");
    expect(script.body).toContain('new BroadcastChannel("vps-google-calendar")');
    expect(script.body).toContain("window.close()");
  });

  it("stays not connected when Google refuses the code", async () => {
    google.failTokens = true;
    try {
      const { state } = await startFlow();
      expect(resultOf(await callback({ code: "rätt-kod", state }))).toBe("failed");
      expect((await get(connected, "/api/admin/integrations/status", adminOnConnected)).json().google.connected).toBe(false);
    } finally {
      google.failTokens = false;
    }
  });
});
