import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Role } from "@/common/constants";
import { forbidden, unauthorized } from "../lib/errors";
import { serverText } from "../lib/text";

/** preHandler that admits only a logged-in user with one of the given roles (DECISIONS 18). */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async function guard(request: FastifyRequest, _reply: FastifyReply) {
    const { userId, role } = request.session;
    if (!userId || !role) throw unauthorized(serverText.notLoggedIn);
    if (!roles.includes(role)) throw forbidden(serverText.forbidden);
  };
}

export const requireAdmin = requireRole("admin");
/** Technician endpoints are open to admins too (SPEC §6: admin may use technician pages). */
export const requireStaff = requireRole("technician", "admin");
