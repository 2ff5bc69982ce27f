import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { createTestDatabase, testConfig } from "../test-support/test-app";
import { matchesClientRoute } from "./client";

// Issue 8: an unknown URL answers HTTP 404 with the Swedish 'Sidan hittades inte' page; every path
// the client router knows (from the build's .vite/routes.json) answers 200.

const PATTERNS = [
  "/",
  "/booking",
  "/booking/shared/:token",
  "/login",
  "/admin/login",
  "/policies/terms",
  "/policies/privacy",
  "/policies/cookies",
  "/admin",
  "/admin/dashboard",
  "/admin/bookings",
  "/admin/bookings/new",
  "/admin/bookings/:id",
  "/technician",
];

describe("matchesClientRoute", () => {
  it.each([
    "/",
    "/booking",
    "/booking/",
    "/Booking",
    "/booking/shared/abc123",
    "/admin/bookings/42",
    "/admin/bookings/new",
    "/technician",
    "/policies/cookies",
  ])("knows %s", (path) => {
    expect(matchesClientRoute(path, PATTERNS)).toBe(true);
  });

  it.each([
    "/finns-inte",
    "/booking/extra",
    "/booking/shared",
    "/booking/shared/a/b",
    "/policies",
    "/policies/finns-inte",
    "/admin/customers",
    "/technician/x",
    "/index.php",
  ])("does not know %s", (path) => {
    expect(matchesClientRoute(path, PATTERNS)).toBe(false);
  });

  it("lets a final * match the rest and an optional parameter be missing", () => {
    expect(matchesClientRoute("/docs/a/b", ["/docs/*"])).toBe(true);
    expect(matchesClientRoute("/lang", ["/lang/:code?"])).toBe(true);
    expect(matchesClientRoute("/lang/sv", ["/lang/:code?"])).toBe(true);
  });
});

let database: Database;
let app: FastifyInstance;
let clientDir: string;

const page = (name: string) => `<!doctype html><html lang="sv"><head><title>${name}</title></head><body><div id="root">${name}</div></body></html>`;

function writeBuilt(path: string, content: string) {
  const file = join(clientDir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "vps-client-404-"));
  writeBuilt("index.html", page("landing"));
  writeBuilt("booking/index.html", page("booking"));
  writeBuilt("spa.html", page("shell"));
  writeBuilt("404.html", page("Sidan hittades inte"));
  mkdirSync(join(clientDir, ".vite"), { recursive: true });
  writeFileSync(
    join(clientDir, ".vite/prerendered.json"),
    JSON.stringify({
      fallback: "spa.html",
      notFound: "404.html",
      pages: [
        { path: "/", file: "index.html" },
        { path: "/booking", file: "booking/index.html" },
      ],
    }),
  );
  writeFileSync(join(clientDir, ".vite/routes.json"), JSON.stringify({ patterns: PATTERNS }));
  database = await createTestDatabase();
  app = await buildApp(testConfig({ clientDir }), { database });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe("serving unknown paths", () => {
  it("answers 404 with the 'Sidan hittades inte' page, compressed like every page, and not cached", async () => {
    for (const url of ["/den-har-sidan-finns-inte", "/policies/finns-inte", "/admin/customers", "/booking/shared", "/x?y=1"]) {
      const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["content-encoding"], url).toBe("br");
    }
    const plain = await app.inject({ method: "GET", url: "/finns-inte" });
    expect(plain.statusCode).toBe(404);
    expect(plain.body).toContain('<div id="root">Sidan hittades inte</div>');
    const head = await app.inject({ method: "HEAD", url: "/finns-inte" });
    expect(head.statusCode).toBe(404);
  });

  it("answers every client route with 200: prerendered pages, the shell for the rest, parameters included", async () => {
    for (const [url, name] of [
      ["/", "landing"],
      ["/booking?step=2", "booking"],
      ["/login", "shell"],
      ["/admin/bookings/17", "shell"],
      ["/booking/shared/abc", "shell"],
      ["/technician/", "shell"],
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<div id="root">${name}</div>`);
    }
  });

  // A missing asset is a 404, never a page (moved here from e2e/public-pages.spec.ts, issue 28).
  it("keeps JSON 404s for the API and for missing files", async () => {
    for (const url of ["/api/finns-inte", "/assets/finns-inte.js", "/bild.png", "/assets/index-finnsinte.js", "/assets/finnsinte.css", "/favicon.ico"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("application/json");
    }
  });
});
