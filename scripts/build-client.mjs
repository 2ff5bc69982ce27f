#!/usr/bin/env node
// The client half of `npm run build`:
//   1. Vite builds the browser app into a staging folder (hashed assets, manifest);
//   2. Vite builds src/client/entry-server.tsx for Node (SSR) and the public pages are prerendered
//      with React's own server rendering: one HTML file per page, hydrated in the browser;
//   3. every text file gets a Brotli (.br) and a gzip (.gz) twin, so the server never compresses a
//      static file per request (@fastify/static preCompressed);
//   4. the previous build's assets are carried over (one generation), so a page loaded before this
//      deploy can still fetch its lazy chunks, and the staging folder replaces dist/client at once.
// The server resolves files per request, so a running server serves the new build right away.
//
// Environment: PUBLIC_URL (optional) adds absolute og:url and canonical links to the pages.

import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { build } from "vite";

const ROOT = resolve(import.meta.dirname, "..");
const CONFIG = join(ROOT, "vite.config.ts");
const OUT = join(ROOT, "dist/client");
const STAGING = join(ROOT, `dist/.client-staging-${process.pid}`);
const SSR_OUT = join(ROOT, `dist/.ssr-${process.pid}`);
const PRERENDER_MANIFEST = ".vite/prerendered.json";
const ROUTES_MANIFEST = ".vite/routes.json";

/** Files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|txt|xml|json|webmanifest|map|ico)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function stockholmYear(date) {
  return new Intl.DateTimeFormat("en", { timeZone: "Europe/Stockholm", year: "numeric" }).format(date);
}

function publicOrigin() {
  const value = process.env.PUBLIC_URL;
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`PUBLIC_URL is not a valid URL: ${value}`);
  }
}

/** Every file below `dir`, as paths relative to it. */
function listFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path, base) : [relative(base, path)];
  });
}

function writeFile(path, content) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** The stylesheet, entry script and entry preloads Vite wrote into index.html. */
const ASSET_TAG = /[ \t]*(?:<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|stylesheet)"[^>]*>)\n?/g;

/**
 * Splices a page into Vite's index.html: its head tags and its prerendered root. The stylesheet goes
 * first, then the entry's scripts. The page's own chunks are not preloaded here: the entry asks for
 * them at once (main.tsx), and listed in the head they competed with the render-blocking CSS for
 * the connection and delayed the first paint (Lighthouse on /booking: LCP 2.0 s with, 1.5 s without).
 * `stylesheet` (a <link> tag) follows the entry's own: the page's chunk loads the entry's sheet anyway
 * (Vite lists it with every chunk that imports the entry), so it is linked first and the complete
 * sheet after it, whose order then decides every conflict.
 */
function fillTemplate(template, { head, body, stylesheet }) {
  const headPattern = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;
  if (!headPattern.test(template) || !template.includes("<!--app-html-->")) {
    throw new Error("index.html lost its <!--app-head--> or <!--app-html--> marker");
  }
  const assets = (template.match(ASSET_TAG) ?? []).map((tag) => tag.trim());
  const css = [...assets.filter((tag) => tag.includes('rel="stylesheet"')), ...(stylesheet ? [stylesheet] : [])];
  const js = assets.filter((tag) => !tag.includes('rel="stylesheet"'));
  const headTags = [...css, ...js, head].filter(Boolean).join("\n    ");
  return template
    .replace(/[ \t]*<!-- The build \(scripts\/build-client\.mjs\)[\s\S]*?-->\n?/, "")
    .replace(ASSET_TAG, "")
    .replace(headPattern, () => headTags)
    .replace("<!--app-html-->", () => body);
}

/**
 * The <link> of the public pages' stylesheet: the CSS Vite emitted with src/client/lib/public-styles.ts
 * (the chunk every public page other than "/" loads). The landing page links only the entry's subset.
 */
function publicStylesheet(manifest) {
  const css = manifest["lib/public-styles.ts"]?.css ?? [];
  if (css.length !== 1) throw new Error(`Expected one stylesheet for lib/public-styles.ts, found ${JSON.stringify(css)}`);
  return `<link rel="stylesheet" crossorigin href="/${css[0]}">`;
}

/** The previous build's own assets (from its manifest) that this build no longer has. */
function carryOverPreviousAssets() {
  const previousManifest = join(OUT, ".vite/manifest.json");
  if (!existsSync(previousManifest)) return 0;
  const manifest = JSON.parse(readFileSync(previousManifest, "utf8"));
  const files = new Set(Object.values(manifest).flatMap((entry) => [entry.file, ...(entry.css ?? []), ...(entry.assets ?? [])]));
  let carried = 0;
  for (const file of files) {
    for (const variant of [file, `${file}.br`, `${file}.gz`]) {
      const from = join(OUT, variant);
      const to = join(STAGING, variant);
      if (existsSync(from) && !existsSync(to)) {
        cpSync(from, to, { preserveTimestamps: true });
        if (variant === file) carried += 1;
      }
    }
  }
  return carried;
}

async function compressAll() {
  const files = listFiles(STAGING).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith(".vite/"));
  let raw = 0;
  let br = 0;
  await Promise.all(
    files.map(async (file) => {
      const path = join(STAGING, file);
      const content = readFileSync(path);
      const [brotliContent, gzipContent] = await Promise.all([
        brotli(content, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      // Always both twins, even when compression does not pay: the server never compresses a
      // static file itself, so a missing twin would mean sending it uncompressed.
      writeFileSync(`${path}.br`, brotliContent);
      writeFileSync(`${path}.gz`, gzipContent);
      raw += content.length;
      br += brotliContent.length;
    }),
  );
  return { files: files.length, raw, br };
}

async function main() {
  const started = Date.now();
  // One year for the prerender and the client bundle, so the footer's © year hydrates unchanged.
  process.env.VITE_BUILD_YEAR ??= stockholmYear(new Date());
  const origin = publicOrigin();
  rmSync(STAGING, { recursive: true, force: true });
  rmSync(SSR_OUT, { recursive: true, force: true });

  try {
    await build({ configFile: CONFIG, build: { outDir: STAGING, emptyOutDir: true, manifest: true } });
    await build({
      configFile: CONFIG,
      logLevel: "warn",
      build: { ssr: join(ROOT, "src/client/entry-server.tsx"), outDir: SSR_OUT, emptyOutDir: true, copyPublicDir: false },
    });

    const ssr = await import(pathToFileURL(join(SSR_OUT, "entry-server.js")).href);
    const template = readFileSync(join(STAGING, "index.html"), "utf8");
    const manifest = JSON.parse(readFileSync(join(STAGING, ".vite/manifest.json"), "utf8"));

    const stylesheets = { landing: undefined, public: publicStylesheet(manifest) };
    const pages = [];
    for (const page of ssr.PRERENDERED_PAGES) {
      const appHtml = await ssr.render(page.path);
      const html = fillTemplate(template, { head: ssr.pageHead(page, origin), body: appHtml, stylesheet: stylesheets[page.stylesheet] });
      writeFile(join(STAGING, page.file), html);
      pages.push({ path: page.path, file: page.file });
      console.log(`prerendered ${page.path.padEnd(18)} -> ${page.file} (${(html.length / 1024).toFixed(1)} KB)`);
    }
    // Every other client route (login, staff portals) gets the empty shell, rendered in the browser.
    writeFile(join(STAGING, "spa.html"), fillTemplate(template, { head: ssr.SPA_SHELL_HEAD, body: "" }));
    // Paths no route matches get 'Sidan hittades inte' with HTTP 404 (issue 8): the page prerendered
    // once, and the route patterns taken from the router itself, so the server knows which paths exist.
    const notFoundHtml = fillTemplate(template, {
      head: ssr.NOT_FOUND_HEAD,
      body: await ssr.render(ssr.NOT_FOUND_PAGE.path),
      stylesheet: stylesheets[ssr.NOT_FOUND_PAGE.stylesheet],
    });
    writeFile(join(STAGING, ssr.NOT_FOUND_PAGE.file), notFoundHtml);
    console.log(`prerendered ${"(not found)".padEnd(18)} -> ${ssr.NOT_FOUND_PAGE.file} (${(notFoundHtml.length / 1024).toFixed(1)} KB)`);
    if (!Array.isArray(ssr.ROUTE_PATTERNS) || !ssr.ROUTE_PATTERNS.includes("/") || !ssr.ROUTE_PATTERNS.includes("/booking")) {
      throw new Error(`The router's route patterns look wrong: ${JSON.stringify(ssr.ROUTE_PATTERNS)}`);
    }
    writeFile(join(STAGING, ROUTES_MANIFEST), `${JSON.stringify({ patterns: ssr.ROUTE_PATTERNS }, null, 2)}\n`);
    console.log(`${ssr.ROUTE_PATTERNS.length} route patterns -> ${ROUTES_MANIFEST}`);

    const buildId = createHash("sha256").update(JSON.stringify(manifest)).digest("hex").slice(0, 12);
    writeFile(
      join(STAGING, PRERENDER_MANIFEST),
      `${JSON.stringify({ build: buildId, builtAt: new Date().toISOString(), fallback: "spa.html", notFound: ssr.NOT_FOUND_PAGE.file, pages }, null, 2)}\n`,
    );

    const compressed = await compressAll();
    console.log(
      `compressed ${compressed.files} files: ${(compressed.raw / 1024).toFixed(0)} KB -> ${(compressed.br / 1024).toFixed(0)} KB brotli (+ gzip twins)`,
    );
    const carried = carryOverPreviousAssets();
    if (carried > 0) console.log(`kept ${carried} assets of the previous build for pages loaded before this deploy`);

    // Swap: the old folder is renamed away and the new one takes its place (two renames, no copy).
    const old = `${OUT}.old-${process.pid}`;
    if (existsSync(OUT)) renameSync(OUT, old);
    renameSync(STAGING, OUT);
    rmSync(old, { recursive: true, force: true });
    console.log(`client built in ${((Date.now() - started) / 1000).toFixed(1)} s (build ${buildId})`);
  } finally {
    rmSync(STAGING, { recursive: true, force: true });
    rmSync(SSR_OUT, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
