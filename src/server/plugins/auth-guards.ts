import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Role } from "@/common/constants";
import { forbidden, unauthorized } from "../lib/errors";
import { serverText } from "../lib/text";

/** Who may call a route: anyone, any logged-in user, staff (technician or admin), or admins only. */
export type Access = "public" | "user" | "staff" | "admin";

/**
 * The access rules of the API, by path prefix (rules D18). They are enforced once, in an
 * onRequest hook that runs before any body is read and before any handler, for every request
 * including unknown paths: a route is protected by where it lives, never by a guard someone has
 * to remember. The route-table test walks every registered route against these rules.
 */
export const ACCESS_BY_PREFIX: readonly { prefix: string; access: Access }[] = [
  { prefix: "/api/admin", access: "admin" },
  { prefix: "/api/technician", access: "staff" },
  // The customer register and its neighbours (rules §7 names them without /admin; admin screens).
  { prefix: "/api/customers", access: "admin" },
  { prefix: "/api/products", access: "admin" },
  { prefix: "/api/service-history", access: "admin" },
  // Planning (rules §7 names them without /admin; issue 13): staff read the lists, admins the statistics.
  { prefix: "/api/cities", access: "staff" },
  { prefix: "/api/technicians", access: "staff" },
  { prefix: "/api/statistics", access: "admin" },
];

/**
 * Routes under a protected prefix that must stay open, and routes elsewhere that need a login.
 * Keys are "METHOD /path/as/registered". Reviewed list: see docs/decisions/0003-public-routes.md.
 */
export const ACCESS_EXCEPTIONS: Readonly<Record<string, Access>> = {
  // The admin portal's own login form (rules §7 POST /api/admin/login).
  "POST /api/admin/login": "public",
  "POST /api/auth/change-password": "user",
  // The planning screens' bookings (rules §7 GET /api/bookings); POST /api/bookings stays the public booking.
  "GET /api/bookings": "staff",
};

const ROLES_OF: Record<Exclude<Access, "public">, readonly Role[]> = {
  user: ["admin", "technician"],
  staff: ["admin", "technician"],
  admin: ["admin"],
};

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The access rule for a method and path (a registered route pattern, or the decoded path of an unknown URL). */
export function accessFor(method: string, path: string): Access {
  const exception = ACCESS_EXCEPTIONS[`${method} ${path}`];
  if (exception) return exception;
  return ACCESS_BY_PREFIX.find((rule) => underPrefix(path, rule.prefix))?.access ?? "public";
}

/**
 * The path a request is judged by: the pattern of the route the router matched (so percent-encoded
 * or oddly written URLs are judged as the route they reach), else the decoded path.
 */
function judgedPath(request: FastifyRequest): string {
  if (request.routeOptions.url) return request.routeOptions.url;
  const raw = request.url.split("?")[0];
  try {
    return decodeURIComponent(raw)
      .replace(/\/{2,}/g, "/")
      .toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** Registers the guard; call after the session plugin so request.user is known. */
export function registerAccessGuard(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    const access = accessFor(request.method === "HEAD" ? "GET" : request.method, judgedPath(request));
    if (access === "public") return;
    if (!request.user) throw unauthorized(serverText.notLoggedIn);
    if (!ROLES_OF[access].includes(request.user.role)) throw forbidden(serverText.forbidden);
  });
}
