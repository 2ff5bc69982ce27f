import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import type { Database } from "./db/client";
import { createTestDatabase, testConfig } from "./test-support/test-app";
import type { FastifyInstance } from "fastify";

let database: Database;
let app: FastifyInstance;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "vps-client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "index.html"), '<!doctype html><html lang="sv"><script type="module" src="/assets/index-abc.js"></script></html>');
  writeFileSync(join(clientDir, "assets", "index-abc.js"), "console.log('hej')".repeat(200));
  database = await createTestDatabase();
  app = await buildApp(testConfig({ clientDir }), { database });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe("serving the client", () => {
  it("answers client routes with index.html so the client router decides (including its 404 page)", async () => {
    for (const url of ["/", "/booking?service=hembesok", "/admin/dashboard", "/finns/inte"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain('<html lang="sv">');
    }
  });

  it("keeps JSON 404s for unknown API paths", async () => {
    const res = await app.inject({ method: "GET", url: "/api/finns-inte" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Resursen hittades inte." });
  });

  it("serves hashed assets as immutable and compressed, the HTML as no-cache", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/index-abc.js", headers: { "accept-encoding": "gzip" } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect(asset.headers["content-encoding"]).toBe("gzip");
    const html = await app.inject({ method: "GET", url: "/" });
    expect(html.headers["cache-control"]).toBe("no-cache");
    expect(html.headers["content-security-policy"]).toContain("script-src 'self'");
  });
});
