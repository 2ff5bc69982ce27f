import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_LIMITS, loadConfig } from "./config";

const production = { NODE_ENV: "production", PUBLIC_URL: "https://boka.example.se", TRUST_PROXY: "1", DATA_DIR: "/tmp/vps-config-test" };

describe("configuration", () => {
  it("never seeds demo data in production unless SEED_DEMO=1 asks for it", () => {
    expect(loadConfig({ ...production }).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: "/tmp/vps-config-test" }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: "/tmp/vps-config-test", DATABASE_URL: "postgres://x@y/z" }).seedDemo).toBe(false);
  });

  it("refuses to start in production without an https PUBLIC_URL or without TRUST_PROXY, saying what to set", () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, PUBLIC_URL: "http://boka.example.se" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...production, TRUST_PROXY: undefined })).toThrow(/TRUST_PROXY/);
    expect(loadConfig(production).publicOrigin).toBe("https://boka.example.se");
  });

  it("reads TRUST_PROXY as a hop count or addresses, never as 'trust everyone'", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16" }).trustProxy).toEqual(["10.0.0.5", "10.1.0.0/16"]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow(ConfigError);
  });

  it("uses PUBLIC_URL's origin for links and the CSRF check, and the local address without it", () => {
    expect(loadConfig({ PUBLIC_URL: "https://boka.example.se/" }).publicUrl).toBe("https://boka.example.se");
    expect(loadConfig({ PORT: "4000" })).toMatchObject({ publicUrl: "http://localhost:4000", publicOrigin: null });
    expect(() => loadConfig({ PUBLIC_URL: "boka.example.se" })).toThrow(/PUBLIC_URL/);
  });

  it("takes the booking limits from the environment when given, and refuses nonsense", () => {
    expect(loadConfig({}).limits).toEqual(DEFAULT_LIMITS);
    expect(loadConfig({ BOOKINGS_PER_ADDRESS_PER_HOUR: "500" }).limits.bookingsPerAddressPerHour).toBe(500);
    expect(() => loadConfig({ ACTIVE_BOOKINGS_PER_EMAIL: "-1" })).toThrow(/ACTIVE_BOOKINGS_PER_EMAIL/);
  });
});
