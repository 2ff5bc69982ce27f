import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { SAME_ORIGIN, cookieHeader, createTestApp, createUser, loginAs, queryRows, testConfig, type TestApp } from "../test-support/test-app";
import { createSessionStore } from "./session";

// Sessions attacked: requests racing a logout or a password change, a deleted or demoted user's
// cookie, forged and altered tokens, and a cookie carried to a second app instance.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database, { username: "chef", password: "Chef12345", role: "admin", name: "Chef" });
});
afterAll(() => t.close());

const me = (cookie: string, app: FastifyInstance = t.app) => app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
const post = (url: string, cookie: string, payload: object = {}) => t.app.inject({ method: "POST", url, headers: { ...SAME_ORIGIN, cookie }, payload });
const tokenOf = (cookie: string) => cookie.split("=")[1];
const hashOf = (cookie: string) => createHash("sha256").update(tokenOf(cookie)).digest("base64url");
const sessionRows = (cookie: string) => queryRows(t.database, sql`select user_id from sessions where id_hash = ${hashOf(cookie)}`);

describe("ending a session is final", () => {
  it("a logout racing 40 requests in flight on the same session leaves it ended", async () => {
    await createUser(t.database, { username: "racer", password: "Racer1234", role: "technician" });
    for (let round = 0; round < 5; round++) {
      const cookie = await loginAs(t.app, "racer", "Racer1234");
      // Make every in-flight request want to push the expiry forward (the old store wrote the row back).
      await t.database.db.execute(sql`update sessions set expires_at = now() + interval '1 hour' where id_hash = ${hashOf(cookie)}`);
      const inFlight = Array.from({ length: 40 }, () => me(cookie));
      const logout = post("/api/auth/logout", cookie);
      await Promise.all([...inFlight, logout]);
      expect(await sessionRows(cookie)).toHaveLength(0);
      expect((await me(cookie)).statusCode).toBe(401);
    }
  });

  it("a password change ends the other sessions even while they have requests in flight", async () => {
    await createUser(t.database, { username: "byter2", password: "Gammalt123", role: "technician" });
    const phone = await loginAs(t.app, "byter2", "Gammalt123");
    const laptop = await loginAs(t.app, "byter2", "Gammalt123");
    await t.database.db.execute(sql`update sessions set expires_at = now() + interval '1 hour' where id_hash = ${hashOf(phone)}`);
    const inFlight = Array.from({ length: 40 }, () => me(phone));
    const change = post("/api/auth/change-password", laptop, {
      currentPassword: "Gammalt123",
      newPassword: "Nyckelpiga-Torn-58",
      confirmPassword: "Nyckelpiga-Torn-58",
    });
    const [changed] = await Promise.all([change, ...inFlight]);
    expect(changed.statusCode).toBe(200);
    expect(await sessionRows(phone)).toHaveLength(0);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it("pushing the expiry of an ended session writes nothing back", async () => {
    const store = createSessionStore(t.database.db);
    const cookie = await loginAs(t.app, "chef", "Chef12345", "admin");
    await store.destroy(hashOf(cookie));
    await store.touch(hashOf(cookie));
    expect(await sessionRows(cookie)).toHaveLength(0);
  });

  it("purges ended sessions on schedule", async () => {
    const cookie = await loginAs(t.app, "chef", "Chef12345", "admin");
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where id_hash = ${hashOf(cookie)}`);
    await t.app.jobs["purge-expired"].run();
    expect(await sessionRows(cookie)).toHaveLength(0);
  });

  it("ends a session a week after login however active it was", async () => {
    const cookie = await loginAs(t.app, "chef", "Chef12345", "admin");
    await t.database.db.execute(sql`update sessions set created_at = now() - interval '7 days 1 minute' where id_hash = ${hashOf(cookie)}`);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe("the user behind a session is read on every request", () => {
  it("a deleted user's cookie gets 401 at once", async () => {
    const user = await createUser(t.database, { username: "borta", password: "Borta1234", role: "admin" });
    const cookie = await loginAs(t.app, "borta", "Borta1234", "admin");
    expect((await t.app.inject({ method: "GET", url: "/api/admin/me", headers: { cookie } })).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from users where id = ${user.id}`);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/me", headers: { cookie } })).statusCode).toBe(401);
  });

  it("a demoted admin loses admin access on the next request", async () => {
    const user = await createUser(t.database, { username: "degraderad", password: "Degrad1234", role: "admin" });
    const cookie = await loginAs(t.app, "degraderad", "Degrad1234", "admin");
    await t.database.db.execute(sql`update users set role = 'technician' where id = ${user.id}`);
    const res = await t.app.inject({ method: "GET", url: "/api/admin/me", headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect((await me(cookie)).json().role).toBe("technician");
  });
});

describe("forged and altered tokens", () => {
  it("refuses a token with one character changed, a made-up token, and the stored hash itself", async () => {
    const cookie = await loginAs(t.app, "chef", "Chef12345", "admin");
    const token = tokenOf(cookie);
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const value of [altered, "A".repeat(43), hashOf(cookie), `${token}.signature`, "", "%00"]) {
      expect((await me(`vps.sid=${value}`)).statusCode, value).toBe(401);
    }
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

describe("cookies only where needed", () => {
  it("sends no Set-Cookie on ordinary answers, only at login and logout", async () => {
    const cookie = await loginAs(t.app, "chef", "Chef12345", "admin");
    // Make the next request push the expiry: even then the cookie is not re-sent.
    await t.database.db.execute(sql`update sessions set expires_at = now() + interval '1 hour' where id_hash = ${hashOf(cookie)}`);
    for (const url of ["/api/auth/user", "/api/public/config", "/api/admin/me"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(res.headers["set-cookie"], url).toBeUndefined();
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/public/config" });
    expect(anonymous.headers["set-cookie"]).toBeUndefined();
  });

  it("does not read the session for requests outside /api", async () => {
    const cookie = await loginAs(t.app, "chef", "Chef12345", "admin");
    await t.database.db.execute(sql`update sessions set expires_at = now() + interval '1 hour' where id_hash = ${hashOf(cookie)}`);
    const res = await t.app.inject({ method: "GET", url: "/index.html", headers: { cookie } });
    expect(res.headers["set-cookie"]).toBeUndefined();
    const [row] = await queryRows<{ left: number }>(
      t.database,
      sql`select extract(epoch from expires_at - now())::int as left from sessions where id_hash = ${hashOf(cookie)}`,
    );
    expect(row.left).toBeLessThanOrEqual(3600); // untouched
  });
});

describe("several app instances on one database", () => {
  it("a session started on instance A is valid on instance B and ended on both by a logout on B", async () => {
    const other = await buildApp(testConfig(), { database: t.database });
    try {
      const cookie = await loginAs(t.app, "chef", "Chef12345", "admin");
      expect((await me(cookie, other)).statusCode).toBe(200);
      const out = await other.inject({ method: "POST", url: "/api/auth/logout", headers: { ...SAME_ORIGIN, cookie } });
      expect(out.statusCode).toBe(200);
      expect((await me(cookie)).statusCode).toBe(401);
      expect((await me(cookie, other)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe("login answer", () => {
  it("replaces a session the browser already had instead of keeping both", async () => {
    const first = await loginAs(t.app, "chef", "Chef12345", "admin");
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { ...SAME_ORIGIN, cookie: first },
      payload: { username: "chef", password: "Chef12345", role: "admin" },
    });
    expect(again.statusCode).toBe(200);
    expect(await sessionRows(first)).toHaveLength(0);
    expect((await me(cookieHeader(again))).statusCode).toBe(200);
  });
});
