import type { SessionUser } from "../../plugins/session";
import type { StaffUser } from "@/common/schemas/users";
import { usersText } from "@/common/schemas/users";
import type { Role } from "@/common/constants";
import { sqlState } from "../../db/errors";
import { conflict, notFound } from "../../lib/errors";
import type { UsersRepository } from "../auth/auth.repository";
import { assertAcceptablePassword } from "../auth/password-rules";
import { hashPassword } from "../auth/passwords";

type NewUser = { username: string; name: string; password: string; role: Role; phone?: string; bookable?: boolean };

const toStaffUser = (row: { id: number; username: string; name: string; role: Role; phone: string | null; createdAt: Date }): StaffUser => ({
  id: row.id,
  username: row.username,
  name: row.name,
  role: row.role,
  phone: row.phone,
  createdAt: row.createdAt.toISOString(),
});

/**
 * User management (rules §2, §5, §6; issue 11): admins list, create and delete staff. Creating and
 * deleting run one at a time under the users lock, so a username is unique whatever its case and
 * there is always an admin left, whichever instance the parallel requests reach. A deleted user's
 * sessions go with the row (ON DELETE CASCADE), and every request reads its session's user afresh,
 * so the user is logged out at once; their bookings, protocols and history stay (references set null).
 */
export function createUsersService(repo: UsersRepository, { companyName }: { companyName: () => Promise<string> }) {
  return {
    async list(): Promise<StaffUser[]> {
      return (await repo.list()).map(toStaffUser);
    },

    async create(input: NewUser): Promise<StaffUser> {
      assertAcceptablePassword(input.password, { username: input.username, name: input.name, companyName: await companyName() });
      const passwordHash = await hashPassword(input.password);
      try {
        const result = await repo.createUnlessTaken({
          username: input.username,
          passwordHash,
          name: input.name,
          role: input.role,
          phone: input.phone ?? null,
          bookable: input.bookable ?? true,
        });
        if (result.taken) throw conflict(usersText.usernameTaken);
        return toStaffUser(result.row);
      } catch (error) {
        // The unique index decides where something other than this service wrote the name.
        if (sqlState(error) === "23505") throw conflict(usersText.usernameTaken);
        throw error;
      }
    },

    async delete(id: number, actor: SessionUser): Promise<void> {
      if (id === actor.id) throw conflict(usersText.cannotDeleteSelf);
      const result = await repo.deleteUnlessLastAdmin(id);
      if (result === "missing") throw notFound(usersText.userNotFound);
      if (result === "lastAdmin") throw conflict(usersText.lastAdmin);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
