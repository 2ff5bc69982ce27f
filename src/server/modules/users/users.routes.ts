import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParamsSchema as IdParams, OkSchema } from "@/common/schemas/common";
import { CreateUserSchema, StaffUserListSchema, StaffUserSchema } from "@/common/schemas/users";
import type { UsersService } from "./users.service";

// Admin only: the /api/admin prefix is guarded in plugins/auth-guards.ts (rules §6: admins create
// and delete users and choose their role).
export async function usersRoutes(fastify: FastifyInstance, { users }: { users: UsersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/admin/users", { schema: { response: { 200: StaffUserListSchema } } }, () => users.list());

  app.post("/api/admin/users", { schema: { body: CreateUserSchema, response: { 201: StaffUserSchema } } }, async (request, reply) =>
    reply.status(201).send(await users.create(request.body)),
  );

  app.delete("/api/admin/users/:id", { schema: { params: IdParams, response: { 200: OkSchema } } }, async (request) => {
    await users.delete(request.params.id, request.user!);
    return { ok: true as const };
  });
}
