import type { Role } from "@/common/constants";
import type { User } from "@/common/schemas/auth";
import { AppError, forbidden, unauthorized } from "../../lib/errors";
import { authServerText as text } from "./auth.text";
import type { UserRow, UsersRepository } from "./auth.repository";
import { LoginThrottle } from "./login-throttle";
import { hashPassword, verifyPassword } from "./passwords";

export const toUser = (row: UserRow): User => ({ id: row.id, name: row.name, username: row.username, role: row.role });

export function createAuthService(users: UsersRepository, throttle = new LoginThrottle()) {
  return {
    /**
     * Checks credentials and the tab's role (DECISIONS 17: a technician on the admin tab is refused,
     * an admin may use either tab). Side effect: counts failures per IP and per username.
     */
    async authenticate(input: { username: string; password: string; role: Role }, ip: string): Promise<User> {
      const keys = [`ip:${ip}`, `user:${input.username.toLowerCase()}`];
      if (throttle.isBlocked(...keys)) throw new AppError("TOO_MANY_ATTEMPTS", 429, text.tooManyAttempts);
      const row = await users.findByUsername(input.username);
      if (!(await verifyPassword(row?.password, input.password)) || !row) {
        throttle.recordFailure(...keys);
        throw unauthorized(text.invalidCredentials);
      }
      throttle.reset(keys[1]);
      if (input.role === "admin" && row.role !== "admin") throw forbidden(text.wrongRole);
      return toUser(row);
    },

    async currentUser(userId: number | undefined): Promise<User | null> {
      if (!userId) return null;
      const row = await users.findById(userId);
      return row ? toUser(row) : null;
    },

    /** Replaces the password after checking the current one; the caller ends the other sessions. */
    async changePassword(userId: number, currentPassword: string, newPassword: string) {
      const row = await users.findById(userId);
      if (!row) throw unauthorized(text.invalidCredentials);
      if (!(await verifyPassword(row.password, currentPassword))) throw new AppError("WRONG_PASSWORD", 400, text.wrongCurrentPassword);
      await users.updatePassword(userId, await hashPassword(newPassword));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
