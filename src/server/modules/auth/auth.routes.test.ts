import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { SAME_ORIGIN, cookieHeader, createTestApp, createUser, loginAs, queryRows, type TestApp } from "../../test-support/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database, { username: "admin", password: "Admin1234", role: "admin", name: "Anna Lindqvist" });
  await createUser(t.database, { username: "tekniker", password: "Tekniker1234", role: "technician", name: "Erik Johansson" });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: { ...SAME_ORIGIN, ...headers } });

describe("login", () => {
  it("logs a technician in with an httpOnly, SameSite=Lax session cookie scoped to the API and returns the user", async () => {
    const res = await post("/api/auth/login", { username: "tekniker", password: "Tekniker1234", role: "technician" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), name: "Erik Johansson", username: "tekniker", role: "technician" });
    const cookie = res.cookies.find((c) => c.name === "vps.sid");
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe("Lax");
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.path).toBe("/api");
    // The cookie lives as long as a session may (a week); the 12 h idle timeout is kept on the server.
    expect(cookie!.maxAge).toBe(7 * 24 * 60 * 60);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookieHeader(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: "tekniker", role: "technician" });
    expect(me.json()).not.toHaveProperty("password");
    expect(me.headers["cache-control"]).toBe("no-store");
  });

  it("stores sessions server-side: the cookie holds a random token, the database only its hash", async () => {
    const res = await post("/api/auth/login", { username: "admin", password: "Admin1234", role: "admin" });
    const token = res.cookies.find((c) => c.name === "vps.sid")!.value;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const hash = createHash("sha256").update(token).digest("base64url");
    expect(await queryRows(t.database, sql`select user_id from sessions where id_hash = ${hash}`)).toHaveLength(1);
    expect(await queryRows(t.database, sql`select user_id from sessions where id_hash = ${token}`)).toHaveLength(0);
  });

  it("answers 401 with a Swedish message for a wrong password, and for an unknown user", async () => {
    const wrong = await post("/api/auth/login", { username: "tekniker", password: "fel", role: "technician" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Fel användarnamn eller lösenord." });
    const unknown = await post("/api/auth/login", { username: "ingen", password: "x", role: "technician" });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.cookies.find((c) => c.name === "vps.sid")).toBeUndefined();
  });

  it("validates the form on the server with the Swedish messages of rules §5", async () => {
    const res = await post("/api/auth/login", { username: "", password: "x", role: "technician" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Användarnamn krävs" });
    const noPassword = await post("/api/auth/login", { username: "admin", password: "", role: "admin" });
    expect(noPassword.json()).toEqual({ message: "Lösenord krävs" });
    const admin = await post("/api/admin/login", { username: "", password: "" });
    expect(admin.json()).toEqual({ message: "Användarnamn och lösenord krävs" });
  });

  it("refuses a technician on the administrator tab, and lets an admin use either tab (rules D17)", async () => {
    const tech = await post("/api/auth/login", { username: "tekniker", password: "Tekniker1234", role: "admin" });
    expect(tech.statusCode).toBe(403);
    expect(tech.json()).toEqual({ message: "Du har inte behörighet att se denna sida" });
    const admin = await post("/api/auth/login", { username: "admin", password: "Admin1234", role: "technician" });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().role).toBe("admin");
  });

  it("gives a new session id on every login", async () => {
    const first = await post("/api/auth/login", { username: "admin", password: "Admin1234", role: "admin" });
    const again = await post("/api/auth/login", { username: "admin", password: "Admin1234", role: "admin" }, { cookie: cookieHeader(first) });
    const id = (r: typeof first) => r.cookies.find((c) => c.name === "vps.sid")!.value;
    expect(id(again)).not.toBe(id(first));
    const old = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookieHeader(first) } });
    expect(old.statusCode).toBe(401);
  });
});

describe("current user and logout", () => {
  it("answers 401 for an anonymous visitor", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTypeOf("string");
  });

  it("destroys the session on logout and clears the cookie", async () => {
    const cookie = await loginAs(t.app, "tekniker", "Tekniker1234");
    const out = await post("/api/auth/logout", {}, { cookie });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === "vps.sid");
    expect(cleared?.value).toBe("");
    expect(cleared?.path).toBe("/api");
    expect(new Date(cleared!.expires!).getTime()).toBeLessThan(Date.now());
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("ends a session that was idle for more than 12 hours", async () => {
    const cookie = await loginAs(t.app, "tekniker", "Tekniker1234");
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe("admin portal login", () => {
  it("logs an admin in and /api/admin/me detects the session", async () => {
    const res = await post("/api/admin/login", { username: "admin", password: "Admin1234" });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe("Anna Lindqvist");
    const me = await t.app.inject({ method: "GET", url: "/api/admin/me", headers: { cookie: cookieHeader(res) } });
    expect(me.statusCode).toBe(200);
  });

  it("refuses a technician at the admin portal and at /api/admin/me", async () => {
    const res = await post("/api/admin/login", { username: "tekniker", password: "Tekniker1234" });
    expect(res.statusCode).toBe(403);
    const cookie = await loginAs(t.app, "tekniker", "Tekniker1234");
    const me = await t.app.inject({ method: "GET", url: "/api/admin/me", headers: { cookie } });
    expect(me.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/admin/me" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("change password", () => {
  it("enforces the password rules of rules §5 on the server", async () => {
    const cookie = await loginAs(t.app, "tekniker", "Tekniker1234");
    const short = await post("/api/auth/change-password", { currentPassword: "Tekniker1234", newPassword: "Ab1", confirmPassword: "Ab1" }, { cookie });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Lösenordet måste vara minst 8 tecken");
    const classes = await post(
      "/api/auth/change-password",
      { currentPassword: "Tekniker1234", newPassword: "abcdefgh1", confirmPassword: "abcdefgh1" },
      { cookie },
    );
    expect(classes.json().message).toBe("Lösenordet måste innehålla minst en stor bokstav, en liten bokstav och en siffra");
    const differ = await post(
      "/api/auth/change-password",
      { currentPassword: "Tekniker1234", newPassword: "Nytt1234", confirmPassword: "Nytt12345" },
      { cookie },
    );
    expect(differ.json().message).toBe("Lösenorden matchar inte");
    const wrongCurrent = await post("/api/auth/change-password", { currentPassword: "fel", newPassword: "Nytt1234", confirmPassword: "Nytt1234" }, { cookie });
    expect(wrongCurrent.statusCode).toBe(400);
  });

  it("changes the password and ends the user's other sessions but keeps this one", async () => {
    await createUser(t.database, { username: "byter", password: "Gammalt123", role: "technician" });
    const phone = await loginAs(t.app, "byter", "Gammalt123");
    const laptop = await loginAs(t.app, "byter", "Gammalt123");
    const res = await post(
      "/api/auth/change-password",
      { currentPassword: "Gammalt123", newPassword: "Nyckelpiga-Torn-58", confirmPassword: "Nyckelpiga-Torn-58" },
      { cookie: laptop },
    );
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: laptop } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: phone } })).statusCode).toBe(401);
    expect((await post("/api/auth/login", { username: "byter", password: "Gammalt123", role: "technician" })).statusCode).toBe(401);
    expect((await post("/api/auth/login", { username: "byter", password: "Nyckelpiga-Torn-58", role: "technician" })).statusCode).toBe(200);
  });

  it("requires a login", async () => {
    const res = await post("/api/auth/change-password", { currentPassword: "a", newPassword: "Nytt12345", confirmPassword: "Nytt12345" });
    expect(res.statusCode).toBe(401);
  });
});

describe("password storage", () => {
  it("stores argon2id hashes, never the password", async () => {
    const rows = await queryRows<{ password: string }>(t.database, sql`select password from users where username = 'admin'`);
    expect(rows[0].password).toMatch(/^\$argon2id\$/);
  });
});
