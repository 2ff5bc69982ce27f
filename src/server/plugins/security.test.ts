import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAME_ORIGIN, cookieHeader, createTestApp, createUser, loginAs, type TestApp } from "../test-support/test-app";

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
    const referred = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { host: "app.test", referer: "http://app.test/technician", cookie },
    });
    expect(referred.statusCode).toBe(200);
  });
});

describe("cross-site request forgery behind a reverse proxy", () => {
  it("compares Origin with PUBLIC_URL when the proxy rewrites Host", async () => {
    const behindProxy = await createTestApp({ publicOrigin: "https://boka.example.se", publicUrl: "https://boka.example.se" });
    try {
      await createUser(behindProxy.database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
      const login = await behindProxy.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { host: "127.0.0.1:3000", origin: "https://boka.example.se" },
        payload: { username: "tekniker", password: "Tekniker1234", role: "technician" },
      });
      expect(login.statusCode).toBe(200);
      const cookie = cookieHeader(login);
      const ours = await behindProxy.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { host: "127.0.0.1:3000", origin: "https://boka.example.se", cookie },
      });
      expect(ours.statusCode).toBe(200);
      const again = cookieHeader(
        await behindProxy.app.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { host: "127.0.0.1:3000" },
          payload: { username: "tekniker", password: "Tekniker1234", role: "technician" },
        }),
      );
      // The Host the app sees is no longer what the browser used: a request claiming it is foreign.
      const forged = await behindProxy.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", cookie: again },
      });
      expect(forged.statusCode).toBe(403);
      const evil = await behindProxy.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { host: "boka.example.se", origin: "https://boka.example.se.evil.example", cookie: again },
      });
      expect(evil.statusCode).toBe(403);
    } finally {
      await behindProxy.close();
    }
  });

  it("without PUBLIC_URL compares Origin with the request's own scheme and host", async () => {
    const cookie = await loginAs(t.app, "tekniker", "Tekniker1234");
    const otherScheme = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { host: "app.test", origin: "https://app.test", cookie } });
    expect(otherScheme.statusCode).toBe(403);
    const same = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { host: "app.test", origin: "http://app.test", cookie } });
    expect(same.statusCode).toBe(200);
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
