import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden } from "../lib/errors";
import { serverText } from "../lib/text";
import { SESSION_COOKIE } from "./session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Security headers (a CSP without inline scripts), no caching of API answers, and the CSRF check. */
export async function registerSecurity(app: FastifyInstance, options: { production: boolean; publicOrigin: string | null }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with style attributes; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // With "no-referrer" browsers send `Origin: null` on same-origin POSTs, which the CSRF check needs.
    referrerPolicy: { policy: "same-origin" },
    hsts: options.production,
    crossOriginEmbedderPolicy: false,
    // Not "same-origin": that cuts the Google authorization popup off from the screen that opened
    // it as soon as it reaches Google (rules §4; modules/integrations/google-callback-page.ts). Pages
    // opened by others still cannot reach ours.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });

  // API answers carry personal data: never store them in shared or browser caches.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
    return payload;
  });

  app.addHook("onRequest", async (request) => {
    if (!SAFE_METHODS.has(request.method) && carriesSessionCookie(request) && !comesFromOurPages(request, options.publicOrigin)) {
      throw forbidden(serverText.crossSite);
    }
  });
}

function carriesSessionCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? "").includes(`${SESSION_COOKIE}=`);
}

/**
 * A state-changing request that carries our cookie must come from our own pages: browsers send
 * Origin on every cross-origin and same-origin POST, so a missing or foreign origin is refused.
 * "Our own" is PUBLIC_URL's origin when set (behind a reverse proxy the Host header is often
 * rewritten), else the origin the request itself was made to.
 */
export function comesFromOurPages(request: FastifyRequest, publicOrigin: string | null): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return false;
  try {
    return new URL(source).origin === (publicOrigin ?? `${request.protocol}://${request.host}`);
  } catch {
    return false;
  }
}
