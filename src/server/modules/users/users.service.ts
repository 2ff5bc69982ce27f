import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "../../plugins/session";
import type { StaffUser } from "@/common/schemas/users";
import { usersText } from "@/common/schemas/users";
import type { Role } from "@/common/constants";
import { sqlState } from "../../db/client";
import { users } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import type { UsersRepository } from "../auth/auth.repository";
import { assertStrongPassword } from "../auth/common-passwords";
import { hashPassword } from "../auth/passwords";

type NewUser = { username: string; name: string; password: string; role: Role; phone?: string };

const toStaffUser = (row: { id: number; username: string; name: string; role: Role; phone: string | null; createdAt: Date }): StaffUser => ({
  id: row.id,
  username: row.username,
  name: row.name,
  role: row.role,
  phone: row.phone,
  createdAt: row.createdAt.toISOString(),
});

/**
 * User management (SPEC §2, §5, §6; issue 11): admins list, create and delete staff. Creating and
 * deleting run one at a time under the users lock, so a username is unique whatever its case and
 * there is always an admin left, whichever instance the parallel requests reach. A deleted user's
 * sessions go with the row (ON DELETE CASCADE), and every request reads its session's user afresh,
 * so the user is logged out at once; their bookings, protocols and history stay (references set null).
 */
export function createUsersService(repo: UsersRepository) {
  return {
    async list(): Promise<StaffUser[]> {
      return (await repo.list()).map(toStaffUser);
    },

    async create(input: NewUser): Promise<StaffUser> {
      assertStrongPassword(input.password, input.username);
      const passwordHash = await hashPassword(input.password);
      try {
        return await repo.exclusively(async (tx) => {
          const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${input.username})`).limit(1);
          if (taken) throw conflict(usersText.usernameTaken);
          const [row] = await tx
            .insert(users)
            .values({ username: input.username, password: passwordHash, name: input.name, role: input.role, phone: input.phone ?? null })
            .returning();
          return toStaffUser(row);
        });
      } catch (error) {
        // The unique index decides where something other than this service wrote the name.
        if (sqlState(error) === "23505") throw conflict(usersText.usernameTaken);
        throw error;
      }
    },

    async delete(id: number, actor: SessionUser): Promise<void> {
      if (id === actor.id) throw conflict(usersText.cannotDeleteSelf);
      await repo.exclusively(async (tx) => {
        const [target] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id)).limit(1);
        if (!target) throw notFound(usersText.userNotFound);
        if (target.role === "admin") {
          const [{ admins }] = await tx.select({ admins: sql<number>`count(*)::int` }).from(users).where(eq(users.role, "admin"));
          if (admins <= 1) throw conflict(usersText.lastAdmin);
        }
        await tx.delete(users).where(eq(users.id, id));
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
