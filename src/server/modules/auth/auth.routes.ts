import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AdminLoginSchema, ChangePasswordSchema, LoginSchema, UserSchema } from "@/common/schemas/auth";
import { OkSchema } from "@/common/schemas/common";
import { unauthorized } from "../../lib/errors";
import { serverText } from "../../lib/text";
import type { AuthService } from "./auth.service";

// Access is decided by prefix in plugins/auth-guards.ts: /api/admin/* needs an admin (except the
// admin login), change-password any logged-in user, the rest here is public.
export async function authRoutes(fastify: FastifyInstance, { auth }: { auth: AuthService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post("/api/auth/login", { schema: { body: LoginSchema, response: { 200: UserSchema } } }, async (request, reply) => {
    const user = await auth.authenticate(request.body, request.ip);
    await app.sessions.start(request, reply, user.id);
    return user;
  });

  app.get("/api/auth/user", { schema: { response: { 200: UserSchema } } }, async (request) => {
    if (!request.user) throw unauthorized(serverText.notLoggedIn);
    return request.user;
  });

  app.post("/api/auth/logout", { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    await app.sessions.end(request, reply);
    return { ok: true as const };
  });

  app.post("/api/auth/change-password", { schema: { body: ChangePasswordSchema, response: { 200: OkSchema } } }, async (request) => {
    const user = request.user!;
    await auth.changePassword(user, request.ip, request.body.currentPassword, request.body.newPassword);
    // DELETE, never overwrite: a request of another session still in flight cannot bring it back.
    await app.sessions.store.destroyAllOf(user.id, request.sessionIdHash ?? undefined);
    return { ok: true as const };
  });

  app.post("/api/admin/login", { schema: { body: AdminLoginSchema, response: { 200: UserSchema } } }, async (request, reply) => {
    const user = await auth.authenticate({ ...request.body, role: "admin" }, request.ip);
    await app.sessions.start(request, reply, user.id);
    return user;
  });

  app.get("/api/admin/me", { schema: { response: { 200: UserSchema } } }, async (request) => request.user!);
}
