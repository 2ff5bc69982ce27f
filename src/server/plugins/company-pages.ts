import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { COMPANY_DATA_ID, COMPANY_PLACEHOLDER_PATTERN, type CompanyProfile } from "@/common/company";

// The built HTML pages carry placeholders where the company's details go (the footer, the policy
// pages, the landing page's JSON-LD; see src/client/lib/company.ts). Each answer fills them with
// the settings' current values (rules D11) and adds the same values as a JSON data block for
// hydration. Filled and compressed pages are kept per file version and company details, so a page
// is built once per settings change, not per request.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** A value inside a JSON string inside a <script>: JSON-escaped, and never able to end the script. */
const escapeInScriptJson = (value: string) => JSON.stringify(value).slice(1, -1).replace(/</g, "\\u003c");

const JSON_LD = /(<script type="application\/ld\+json">)([\s\S]*?)(<\/script>)/g;

/** The page with the company's details in place of the placeholders, and the data block in its head. */
export function fillCompanyDetails(html: string, company: CompanyProfile): string {
  const value = (key: string) => (Object.hasOwn(company, key) ? company[key as keyof CompanyProfile] : null);
  const inJson = html.replace(JSON_LD, (_match, open: string, json: string, close: string) => {
    const filled = json.replace(COMPANY_PLACEHOLDER_PATTERN, (placeholder, key: string) => {
      const v = value(key);
      return v === null ? placeholder : escapeInScriptJson(v);
    });
    return `${open}${filled}${close}`;
  });
  const filled = inJson.replace(COMPANY_PLACEHOLDER_PATTERN, (placeholder, key: string) => {
    const v = value(key);
    return v === null ? placeholder : escapeHtml(v);
  });
  const block = `<script type="application/json" id="${COMPANY_DATA_ID}">${JSON.stringify(company).replace(/</g, "\\u003c")}</script>`;
  return filled.includes("</head>") ? filled.replace("</head>", `${block}</head>`) : `${block}${filled}`;
}

type Encoding = "br" | "gzip" | "identity";
type Rendered = { etag: string; bodies: Partial<Record<Encoding, Promise<Buffer>>>; html: Buffer };

function preferredEncoding(request: FastifyRequest): Encoding {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}

/** Serves built HTML files filled with the company's current details. */
export function companyPages(company: () => Promise<CompanyProfile>) {
  const cache = new Map<string, Rendered>();

  async function rendered(path: string): Promise<Rendered> {
    const [info, profile] = await Promise.all([stat(path), company()]);
    const key = `${path}|${info.mtimeMs}:${info.size}:${info.ino}|${JSON.stringify(profile)}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const html = Buffer.from(fillCompanyDetails(await readFile(path, "utf8"), profile));
    const entry: Rendered = { etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`, bodies: {}, html };
    // A handful of pages times the company's current details: an old version is never asked again.
    if (cache.size > 64) cache.clear();
    cache.set(key, entry);
    return entry;
  }

  function body(entry: Rendered, encoding: Encoding): Promise<Buffer> {
    if (encoding === "identity") return Promise.resolve(entry.html);
    entry.bodies[encoding] ??=
      encoding === "br"
        ? brotli(entry.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.html.length } })
        : gzipAsync(entry.html, { level: 9 });
    return entry.bodies[encoding];
  }

  return async function send(request: FastifyRequest, reply: FastifyReply, path: string, status: number) {
    const entry = await rendered(path);
    reply.header("cache-control", "no-cache").header("vary", "accept-encoding").header("etag", entry.etag).type("text/html; charset=utf-8");
    if (status === 200 && request.headers["if-none-match"] === entry.etag) return reply.code(304).send();
    const encoding = preferredEncoding(request);
    if (encoding !== "identity") reply.header("content-encoding", encoding);
    return reply.code(status).send(await body(entry, encoding));
  };
}
