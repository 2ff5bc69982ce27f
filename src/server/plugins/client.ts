import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { serverText } from "../lib/text";

// Serves the built client (scripts/build-client.mjs writes it):
// - /assets/* are Vite's content-hashed files: cached for a year, immutable. A missing one is a 404,
//   never HTML (the client reloads once when a lazy chunk is gone after a deploy).
// - The public pages are prerendered HTML files, listed with their paths in .vite/prerendered.json;
//   every other client route gets the empty shell (spa.html) and the client router decides,
//   including its '404 Page Not Found'. HTML is `no-cache`: revalidated on every visit.
// - Every text file has Brotli and gzip twins made at build time; @fastify/static picks the one the
//   browser accepts (preCompressed), so no static file is compressed per request. (These answers
//   come from the not-found handler, which @fastify/compress does not hook.)
// - Nothing is listed at start-up: each request looks at the files as they are now, so a rebuild
//   (which swaps dist/client in one rename) is served at once, without a restart.
// - robots.txt and sitemap.xml use PUBLIC_URL (config.publicUrl) for their absolute URLs.

const IMMUTABLE = "public, max-age=31536000, immutable";
const PRERENDER_MANIFEST = ".vite/prerendered.json";
/** Before prerendering existed the shell was index.html; an older build still works. */
const LEGACY_SHELL = "index.html";

type PrerenderManifest = { fallback: string; pages: { path: string; file: string }[] };

/** Paths that crawlers have no business in (staff portals, API, personal links). */
const ROBOTS_DISALLOW = ["/api/", "/admin", "/technician", "/login", "/booking/shared/", "/protocol/"];

/**
 * The request's path decoded, or null when it could escape the client folder or reach a hidden file:
 * `..`, `.`, empty or dot-leading segments (.vite/), backslashes and NUL are refused.
 */
export function safeClientPath(url: string): string | null {
  const raw = url.split("?")[0].split("#")[0];
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!path.startsWith("/") || path.includes("\\") || path.includes("\0")) return null;
  const segments = path.slice(1).split("/");
  const last = segments.length - 1;
  if (segments.some((segment, index) => segment.startsWith(".") || (segment === "" && index !== last))) return null;
  return path;
}

/** A request for a file (hashed asset or a name with an extension) rather than a client route. */
function isFileRequest(path: string): boolean {
  return path.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(path);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The build's list of prerendered pages, read again whenever the file changes (a new build). */
function prerenderedPages(clientDir: string) {
  const manifestPath = join(clientDir, PRERENDER_MANIFEST);
  let cached: { version: string; manifest: PrerenderManifest | null } | null = null;

  async function load(): Promise<PrerenderManifest | null> {
    let version: string;
    try {
      const info = await stat(manifestPath);
      version = `${info.mtimeMs}:${info.size}:${info.ino}`;
    } catch {
      return null; // no prerendered pages in this build
    }
    if (cached?.version !== version) {
      try {
        cached = { version, manifest: JSON.parse(await readFile(manifestPath, "utf8")) as PrerenderManifest };
      } catch {
        cached = { version, manifest: null }; // being replaced right now: serve the shell this once
      }
    }
    return cached.manifest;
  }

  return {
    load,
    /** The HTML file (relative to clientDir) that answers a client route. */
    async fileFor(path: string): Promise<string> {
      const manifest = await load();
      if (!manifest) return LEGACY_SHELL;
      const normalised = path.length > 1 ? path.replace(/\/+$/, "") : path;
      return manifest.pages.find((page) => page.path === normalised)?.file ?? manifest.fallback;
    },
  };
}

function notFound(reply: FastifyReply) {
  return reply.code(404).header("cache-control", "no-store").send({ message: serverText.notFound });
}

/**
 * Serves the built client (when `clientDir` is given) and answers every unknown path: API paths and
 * missing files with a JSON 404, client routes with their prerendered page or the shell.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | null) {
  if (clientDir === null) {
    app.setNotFoundHandler((_request, reply) => notFound(reply));
    return;
  }

  await app.register(fastifyStatic, {
    root: clientDir,
    serve: false, // no routes of its own: files are looked up per request in the handler below
    preCompressed: true,
    index: false,
    setHeaders(reply, path) {
      const relative = path.slice(clientDir.length).replace(/\\/g, "/");
      reply.header("cache-control", relative.startsWith("/assets/") ? IMMUTABLE : "no-cache");
    },
  });

  const pages = prerenderedPages(clientDir);
  const origin = app.config.publicUrl.replace(/\/+$/, "");

  app.get("/robots.txt", async (_request, reply) => {
    const lines = ["User-agent: *", ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""];
    return reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(lines.join("\n"));
  });

  app.get("/sitemap.xml", async (_request, reply) => {
    const manifest = await pages.load();
    const urls = (manifest?.pages ?? []).map((page) => `  <url><loc>${escapeXml(`${origin}${page.path}`)}</loc></url>`);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600").send(xml);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method !== "GET" && request.method !== "HEAD") || request.url.startsWith("/api/")) return notFound(reply);
    const path = safeClientPath(request.url);
    if (path === null) return notFound(reply);

    if (isFileRequest(path)) {
      if (!(await isFile(join(clientDir, path)))) return notFound(reply);
      return reply.code(200).sendFile(path.slice(1));
    }

    const file = await pages.fileFor(path);
    if (!(await isFile(join(clientDir, file)))) return notFound(reply); // no client built (yet)
    return reply.code(200).sendFile(file);
  });
}

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
