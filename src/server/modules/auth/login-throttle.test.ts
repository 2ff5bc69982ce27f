import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import { DEFAULT_LIMITS, type Limits } from "../../config";
import { SAME_ORIGIN, createTestApp, createUser, testConfig, type TestApp } from "../../test-support/test-app";

// The login throttle attacked: parallel guesses, many usernames from one address, a forged
// X-Forwarded-For, an attacker trying to lock the admin out, and two app instances.

// The production window; the limiter's clock is the test's, so "after the window" is a step of the
// clock rather than a wait, and a burst never straddles two windows however slow the machine is.
const WINDOW_SECONDS = DEFAULT_LIMITS.loginWindowSeconds;
let clock = new Date("2026-03-02T09:00:00.000Z");
const limiterClock = () => clock;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ limits: { ...DEFAULT_LIMITS, loginWindowSeconds: WINDOW_SECONDS } }, { limiterClock });
  for (const username of ["offer", "offer2", "offer3", "offer4"]) await createUser(t.database, { username, password: "Hemligt123", role: "admin" });
  await createUser(t.database, { username: "tekniker", password: "Tekniker1234", role: "technician" });
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string, app: FastifyInstance = t.app, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress,
    headers: { ...SAME_ORIGIN, ...headers },
    payload: { username, password, role: "technician" },
  });

/** Moves the limiter's clock to the start of the next fixed window. */
const nextWindow = () => {
  const windowMs = WINDOW_SECONDS * 1000;
  clock = new Date((Math.floor(clock.getTime() / windowMs) + 1) * windowMs);
};

// Each test starts in a window of its own.
beforeEach(nextWindow);

describe("login throttle", () => {
  it("refuses at least 20 of 30 simultaneous wrong passwords from one address with a Swedish 429", async () => {
    nextWindow();
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => login("offer", `fel${i}`, "198.51.100.7")));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.filter((s) => s === 401)).toHaveLength(DEFAULT_LIMITS.loginAttemptsPerUserAndAddress);
    expect(responses.find((r) => r.statusCode === 429)!.json().message).toBe("För många misslyckade inloggningsförsök. Vänta en minut och försök igen.");
    expect(responses.find((r) => r.statusCode === 429)!.headers["retry-after"]).toBeDefined();
    // The attacker's address is refused even the right password until the window ends...
    expect((await login("offer", "Hemligt123", "198.51.100.7")).statusCode).toBe(429);
    // ...while the owner, from another address, logs in at once: the account is not locked.
    expect((await login("offer", "Hemligt123", "198.51.100.8")).statusCode).toBe(200);
    nextWindow();
    // After the window the attacker's address may try again.
    expect((await login("offer", "Hemligt123", "198.51.100.7")).statusCode).toBe(200);
  });

  it("limits one address across usernames (credential stuffing), not its neighbours", async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`gissning${i}`, "x", "192.0.2.7")));
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(40 - DEFAULT_LIMITS.loginAttemptsPerAddress);
    expect((await login("tekniker", "Tekniker1234", "192.0.2.7")).statusCode).toBe(429);
    expect((await login("tekniker", "Tekniker1234", "192.0.2.8")).statusCode).toBe(200);
  });

  it("does not count correct passwords: a busy office behind one address keeps logging in", async () => {
    for (let i = 0; i < DEFAULT_LIMITS.loginAttemptsPerUserAndAddress + 5; i++) {
      expect((await login("tekniker", "Tekniker1234", "192.0.2.50")).statusCode).toBe(200);
    }
  });

  it("slows a username attacked from many addresses instead of locking it", async () => {
    nextWindow();
    const attackers = Array.from({ length: DEFAULT_LIMITS.loginFailuresBeforeSlowdown }, (_, i) => login("offer2", "fel", `10.9.0.${i}`));
    expect((await Promise.all(attackers)).every((r) => r.statusCode === 401)).toBe(true);
    const started = Date.now();
    const owner = await login("offer2", "Hemligt123", "10.9.1.1");
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DEFAULT_LIMITS.loginSlowdownMs - 50);
  });

  it("holds across two app instances on one database", async () => {
    const other = await buildApp(testConfig({ limits: { ...DEFAULT_LIMITS, loginWindowSeconds: WINDOW_SECONDS } satisfies Limits }), {
      database: t.database,
      limiterClock,
    });
    try {
      const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => login("offer3", `fel${i}`, "198.51.100.9", i % 2 ? other : t.app)));
      expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(DEFAULT_LIMITS.loginAttemptsPerUserAndAddress);
    } finally {
      await other.close();
    }
  });
});

describe("client address behind a reverse proxy", () => {
  it("trusts exactly TRUST_PROXY hops, so a forged X-Forwarded-For does not escape the limit", async () => {
    const proxied = await buildApp(testConfig({ trustProxy: 1, limits: { ...DEFAULT_LIMITS, loginWindowSeconds: WINDOW_SECONDS } }), {
      database: t.database,
      limiterClock,
    });
    try {
      // Each request forges a new first hop; the proxy (10.0.0.1) appends the real client address.
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login("offer4", `fel${i}`, "10.0.0.1", proxied, { "x-forwarded-for": `6.6.6.${i}, 203.0.113.99` })),
      );
      expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(DEFAULT_LIMITS.loginAttemptsPerUserAndAddress);
      // Other real clients behind the same proxy are separate addresses.
      expect((await login("offer4", "Hemligt123", "10.0.0.1", proxied, { "x-forwarded-for": "203.0.113.100" })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
