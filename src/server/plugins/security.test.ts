import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAME_ORIGIN, createTestApp, createUser, loginAs, type TestApp } from "../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
});
afterAll(() => t.close());

describe("cross-site request forgery", () => {
  it("refuses a state-changing request with our cookie from another origin", async () => {
    const cookie = await loginAs(t.app, "tekniker", "Tekniker1234");
    const res = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { host: "app.test", origin: "https://evil.example", cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/annan webbplats/);
    // The session survived the forged logout.
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(200);
  });

  it("refuses a cookie-carrying POST without Origin or Referer, and accepts a same-origin Referer", async () => {
    const cookie = await loginAs(t.app, "tekniker", "Tekniker1234");
    const bare = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { host: "app.test", cookie } });
    expect(bare.statusCode).toBe(403);
    const referred = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { host: "app.test", referer: "http://app.test/technician", cookie } });
    expect(referred.statusCode).toBe(200);
  });
});

describe("headers", () => {
  it("sends a CSP without inline scripts and the usual hardening headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/public/config" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("errors", () => {
  const post = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload, headers: { ...SAME_ORIGIN, "content-type": "application/json", ...headers } });

  it("answers malformed JSON with 400 and a Swedish message", async () => {
    const res = await post("{ nope");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Begäran innehåller ogiltig JSON." });
  });

  it("answers wrong types with 400, never 5xx", async () => {
    const res = await post(JSON.stringify({ username: 42, password: ["x"], role: "boss" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTypeOf("string");
  });

  it("answers an oversized body with 413", async () => {
    const res = await post(JSON.stringify({ username: "x".repeat(2 * 1024 * 1024), password: "y" }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Begäran är för stor." });
  });

  it("answers an unsupported content type with 415", async () => {
    const res = await post("username=a", { "content-type": "text/csv" });
    expect(res.statusCode).toBe(415);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/finns-inte" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Resursen hittades inte." });
  });
});

describe("brute force", () => {
  it("limits failed logins per username with a Swedish 429, even across IP addresses", async () => {
    await createUser(t.database, { username: "offer", password: "Hemligt123", role: "technician" });
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: `10.0.0.${i}`, headers: SAME_ORIGIN, payload: { username: "offer", password: `fel${i}`, role: "technician" } });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: "10.0.1.1", headers: SAME_ORIGIN, payload: { username: "offer", password: "Hemligt123", role: "technician" } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/För många misslyckade inloggningsförsök/);
  });

  it("limits failed logins per IP address across usernames", async () => {
    for (let i = 0; i < 10; i++) {
      await t.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: "192.0.2.7", headers: SAME_ORIGIN, payload: { username: `gissning${i}`, password: "x", role: "technician" } });
    }
    const blocked = await t.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: "192.0.2.7", headers: SAME_ORIGIN, payload: { username: "tekniker", password: "Tekniker1234", role: "technician" } });
    expect(blocked.statusCode).toBe(429);
    const other = await t.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: "192.0.2.8", headers: SAME_ORIGIN, payload: { username: "tekniker", password: "Tekniker1234", role: "technician" } });
    expect(other.statusCode).toBe(200);
  });
});
