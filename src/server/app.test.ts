import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import type { Database } from "./db/client";
import { createTestDatabase, testConfig } from "./test-support/test-app";
import type { FastifyInstance } from "fastify";

let database: Database;
let app: FastifyInstance;
let clientDir: string;

const ASSET = "console.log('hej');".repeat(200);
const page = (name: string) => `<!doctype html><html lang="sv"><head><title>${name}</title></head><body><div id="root">${name}</div></body></html>`;

/** A file as the build writes it: the file and its Brotli and gzip twins. */
function writeBuilt(path: string, content: string) {
  const file = join(clientDir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

function writeManifest(pages: { path: string; file: string }[]) {
  mkdirSync(join(clientDir, ".vite"), { recursive: true });
  writeFileSync(join(clientDir, ".vite/prerendered.json"), JSON.stringify({ fallback: "spa.html", pages }));
}

beforeAll(async () => {
  // The shape of `npm run build` (scripts/build-client.mjs): prerendered pages, the shell, hashed assets.
  clientDir = mkdtempSync(join(tmpdir(), "vps-client-"));
  writeBuilt("index.html", page("landing"));
  writeBuilt("booking/index.html", page("booking"));
  writeBuilt("spa.html", page("shell"));
  writeBuilt("assets/index-abc.js", ASSET);
  writeManifest([
    { path: "/", file: "index.html" },
    { path: "/booking", file: "booking/index.html" },
  ]);
  database = await createTestDatabase();
  app = await buildApp(testConfig({ clientDir }), { database });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe("serving the client", () => {
  it("answers each prerendered page with its own HTML file, whatever the query string", async () => {
    for (const [url, name] of [
      ["/", "landing"],
      ["/booking", "booking"],
      ["/booking?service=hembesok", "booking"],
      ["/booking/", "booking"],
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toContain(`<div id="root">${name}</div>`);
    }
  });

  it("answers other client routes with the shell so the client router decides (including its 404 page)", async () => {
    for (const url of ["/login", "/admin/dashboard", "/technician", "/finns/inte", "/booking/shared/abc"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toContain('<div id="root">shell</div>');
    }
  });

  it("keeps JSON 404s for unknown API paths", async () => {
    const res = await app.inject({ method: "GET", url: "/api/finns-inte" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Resursen hittades inte." });
  });

  it("answers a missing asset with a JSON 404, never with a page", async () => {
    for (const url of ["/assets/index-gammal.js", "/assets/finns-inte.css", "/assets/", "/assets/nested/x.js", "/favicon.ico", "/index-abc.js"]) {
      const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("application/json");
      expect(res.json(), url).toEqual({ message: "Resursen hittades inte." });
    }
  });

  it("serves hashed assets as immutable, HTML as no-cache", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/index-abc.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toContain("javascript");
    expect(asset.body).toBe(ASSET);
    for (const url of ["/", "/booking", "/login"]) {
      const html = await app.inject({ method: "GET", url });
      expect(html.headers["cache-control"], url).toBe("no-cache");
      expect(html.headers["content-security-policy"], url).toContain("script-src 'self'");
    }
  });

  it("serves the build's Brotli and gzip files as the browser accepts them, never compressing per request", async () => {
    const br = await app.inject({ method: "GET", url: "/assets/index-abc.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gzip = await app.inject({ method: "GET", url: "/assets/index-abc.js", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);

    const html = await app.inject({ method: "GET", url: "/booking", headers: { "accept-encoding": "br" } });
    expect(html.headers["content-encoding"]).toBe("br");
    expect(html.headers["content-type"]).toContain("text/html");
    expect(html.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(html.rawPayload).toString()).toContain('<div id="root">booking</div>');

    // An encoding the build made no file for: the file as it is, not compressed on the fly.
    const deflate = await app.inject({ method: "GET", url: "/assets/index-abc.js", headers: { "accept-encoding": "deflate" } });
    expect(deflate.headers["content-encoding"]).toBeUndefined();
    expect(deflate.body).toBe(ASSET);
  });

  it("answers HEAD for assets and pages", async () => {
    const asset = await app.inject({ method: "HEAD", url: "/assets/index-abc.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const html = await app.inject({ method: "HEAD", url: "/" });
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toContain("text/html");
  });

  it("refuses paths that leave the client folder or reach its hidden files", async () => {
    for (const url of [
      "/.vite/prerendered.json",
      "/assets/..%2f..%2fpackage.json",
      "/..%2f..%2fetc%2fpasswd",
      "/assets/%2e%2e%2f%2e%2e%2fpackage.json",
      "/assets/%00.js",
      "/assets%5c..%5cpackage.json",
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: "Resursen hittades inte." });
    }
  });

  it("has a robots.txt that points at the sitemap and keeps crawlers out of the portals", async () => {
    const res = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/admin$/m);
    expect(res.body).toMatch(/^Disallow: \/api\/$/m);
    // A customer's invoice behind its token (issue 25) is nothing for a search engine.
    expect(res.body).toMatch(/^Disallow: \/faktura\/$/m);
    // Nor a customer's service agreement behind its token (issue 26).
    expect(res.body).toMatch(/^Disallow: \/avtal\/$/m);
    expect(res.body).not.toMatch(/^Disallow: \/$/m);
    expect(res.body).toMatch(/^Sitemap: http:\/\/app\.test\/sitemap\.xml$/m);
  });

  it("lists the prerendered public pages with absolute URLs in sitemap.xml", async () => {
    const res = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(["http://app.test/", "http://app.test/booking"]);
  });

  it("serves a rebuilt client at once, without a restart", async () => {
    writeBuilt("assets/index-new.js", "console.log('ny');");
    writeBuilt("policies/terms/index.html", page("terms"));
    writeManifest([
      { path: "/", file: "index.html" },
      { path: "/booking", file: "booking/index.html" },
      { path: "/policies/terms", file: "policies/terms/index.html" },
    ]);
    expect((await app.inject({ method: "GET", url: "/assets/index-new.js" })).body).toBe("console.log('ny');");
    expect((await app.inject({ method: "GET", url: "/policies/terms" })).body).toContain('<div id="root">terms</div>');
    expect((await app.inject({ method: "GET", url: "/sitemap.xml" })).body).toContain("<loc>http://app.test/policies/terms</loc>");
  });
});
