import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { serverText } from "../lib/text";
import { companyPages } from "./company-pages";

// Serves the built client (scripts/build-client.mjs writes it):
// - /assets/* are Vite's content-hashed files: cached for a year, immutable. A missing one is a 404,
//   never HTML (the client reloads once when a lazy chunk is gone after a deploy).
// - The public pages are prerendered HTML files, listed with their paths in .vite/prerendered.json;
//   every other client route gets the empty shell (spa.html). Which paths are client routes at all
//   is in .vite/routes.json, the router's own patterns written by the build: any other path answers
//   HTTP 404 with the prerendered 'Sidan hittades inte' page (issue 8), so browsers and search
//   engines see a missing page as missing. HTML is `no-cache`: revalidated on every visit.
// - Every text file has Brotli and gzip twins made at build time; @fastify/static picks the one the
//   browser accepts (preCompressed), so no static file is compressed per request. (These answers
//   come from the not-found handler, which @fastify/compress does not hook.) HTML pages are the
//   exception: they carry the company's details from the settings, filled in and compressed once
//   per settings change (plugins/company-pages.ts).
// - Nothing is listed at start-up: each request looks at the files as they are now, so a rebuild
//   (which swaps dist/client in one rename) is served at once, without a restart.
// - robots.txt and sitemap.xml use PUBLIC_URL (config.publicUrl) for their absolute URLs.

const IMMUTABLE = "public, max-age=31536000, immutable";
const PRERENDER_MANIFEST = ".vite/prerendered.json";
const ROUTES_MANIFEST = ".vite/routes.json";
/** Before prerendering existed the shell was index.html; an older build still works. */
const LEGACY_SHELL = "index.html";

type PrerenderManifest = { fallback: string; notFound?: string; pages: { path: string; file: string }[] };
type RoutesManifest = { patterns: string[] };

/** Paths that crawlers have no business in (staff portals, API, personal links). */
const ROBOTS_DISALLOW = ["/api/", "/admin", "/technician", "/login", "/booking/shared/", "/protocol/", "/faktura/", "/avtal/"];

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

/** A JSON file of the build, read again whenever it changes (a new build); null when missing or unreadable. */
function buildFile<T>(path: string) {
  let cached: { version: string; value: T | null } | null = null;
  return async function load(): Promise<T | null> {
    let version: string;
    try {
      const info = await stat(path);
      version = `${info.mtimeMs}:${info.size}:${info.ino}`;
    } catch {
      return null; // not in this build
    }
    if (cached?.version !== version) {
      try {
        cached = { version, value: JSON.parse(await readFile(path, "utf8")) as T };
      } catch {
        cached = { version, value: null }; // being replaced right now: behave as an older build this once
      }
    }
    return cached.value;
  };
}

/**
 * True when `path` matches one of the client router's patterns ('/booking/shared/:token'): a
 * ':name' segment matches any one segment, a final '*' the rest. Like react-router, static segments
 * ignore case and a trailing slash does not matter.
 */
export function matchesClientRoute(path: string, patterns: readonly string[]): boolean {
  const segments = path.split("/").filter(Boolean);
  return patterns.some((pattern) => {
    const parts = pattern.split("/").filter(Boolean);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part === "*") return true;
      const segment = segments[i];
      if (segment === undefined) return part.startsWith(":") && part.endsWith("?") && i === parts.length - 1;
      if (part.startsWith(":")) continue;
      if (part.toLowerCase() !== segment.toLowerCase()) return false;
    }
    return segments.length === parts.length;
  });
}

/** The build's prerendered pages and route patterns. */
function builtPages(clientDir: string) {
  const load = buildFile<PrerenderManifest>(join(clientDir, PRERENDER_MANIFEST));
  const loadRoutes = buildFile<RoutesManifest>(join(clientDir, ROUTES_MANIFEST));

  return {
    load,
    /**
     * The HTML file (relative to clientDir) that answers `path`, and its status: a prerendered page
     * or the shell with 200, the 404 page with 404 when no client route matches. A build without
     * routes.json (older) answers every path with the shell and lets the client decide.
     */
    async fileFor(path: string): Promise<{ file: string; status: 200 | 404 }> {
      const manifest = await load();
      if (!manifest) return { file: LEGACY_SHELL, status: 200 };
      const normalised = path.length > 1 ? path.replace(/\/+$/, "") : path;
      const page = manifest.pages.find((p) => p.path === normalised);
      if (page) return { file: page.file, status: 200 };
      const routes = await loadRoutes();
      if (routes && Array.isArray(routes.patterns) && !matchesClientRoute(normalised, routes.patterns)) {
        return { file: manifest.notFound ?? manifest.fallback, status: 404 };
      }
      return { file: manifest.fallback, status: 200 };
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

  const pages = builtPages(clientDir);
  // HTML is filled with the company's current details (rules D11) rather than sent as built.
  const sendPage = companyPages(() => app.settings.company());
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

    const { file, status } = await pages.fileFor(path);
    if (!(await isFile(join(clientDir, file)))) return notFound(reply); // no client built (yet)
    return sendPage(request, reply, join(clientDir, file), status);
  });
}

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
