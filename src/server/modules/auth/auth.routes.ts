import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AdminLoginSchema, ChangePasswordSchema, LoginSchema, type User } from "@/common/schemas/auth";
import type { Db } from "../../db/client";
import { unauthorized } from "../../lib/errors";
import { serverText } from "../../lib/text";
import { requireAdmin, requireRole } from "../../plugins/auth-guards";
import { endOtherSessions } from "../../plugins/session";
import type { AuthService } from "./auth.service";

async function startSession(request: FastifyRequest, user: User) {
  // A fresh session id on every login defeats session fixation.
  await request.session.regenerate();
  request.session.userId = user.id;
  request.session.role = user.role;
}

export async function authRoutes(fastify: FastifyInstance, { auth, db }: { auth: AuthService; db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post("/api/auth/login", { schema: { body: LoginSchema } }, async (request) => {
    const user = await auth.authenticate(request.body, request.ip);
    await startSession(request, user);
    return user;
  });

  app.get("/api/auth/user", async (request) => {
    const user = await auth.currentUser(request.session.userId);
    if (!user) throw unauthorized(serverText.notLoggedIn);
    return user;
  });

  app.post("/api/auth/logout", async (request) => {
    await request.session.destroy();
    return { ok: true };
  });

  app.post(
    "/api/auth/change-password",
    { schema: { body: ChangePasswordSchema }, preHandler: requireRole("admin", "technician") },
    async (request) => {
      const userId = request.session.userId!;
      await auth.changePassword(userId, request.body.currentPassword, request.body.newPassword);
      await endOtherSessions(db, userId, request.session.sessionId);
      return { ok: true };
    },
  );

  app.post("/api/admin/login", { schema: { body: AdminLoginSchema } }, async (request) => {
    const user = await auth.authenticate({ ...request.body, role: "admin" }, request.ip);
    await startSession(request, user);
    return user;
  });

  app.get("/api/admin/me", { preHandler: requireAdmin }, async (request) => {
    const user = await auth.currentUser(request.session.userId);
    if (!user) throw unauthorized(serverText.notLoggedIn);
    return user;
  });
}
