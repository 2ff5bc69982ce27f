import type { Role } from "@/common/constants";
import type { User } from "@/common/schemas/auth";
import { AppError, forbidden, unauthorized } from "../../lib/errors";
import { authServerText as text } from "./auth.text";
import type { UserRow, UsersRepository } from "./auth.repository";
import type { LoginThrottle } from "./login-throttle";
import { assertAcceptablePassword } from "./password-rules";
import { hashPassword, verifyPassword } from "./passwords";

export const toUser = (row: Pick<UserRow, "id" | "name" | "username" | "role">): User => ({
  id: row.id,
  name: row.name,
  username: row.username,
  role: row.role,
});

export function createAuthService(users: UsersRepository, throttle: LoginThrottle, { companyName }: { companyName: () => Promise<string> }) {
  return {
    /**
     * Checks credentials and the tab's role (rules D17: a technician on the admin tab is refused,
     * an admin may use either tab). Side effect: the attempt counts against the login limits
     * before the password is verified; a correct password takes its count back.
     */
    async authenticate(input: { username: string; password: string; role: Role }, address: string): Promise<User> {
      const attempt = await throttle.begin(input.username, address);
      const row = await users.findByUsername(input.username);
      if (!(await verifyPassword(row?.password, input.password)) || !row) {
        await attempt.failed();
        throw unauthorized(text.invalidCredentials);
      }
      await attempt.succeeded();
      if (input.role === "admin" && row.role !== "admin") throw forbidden(text.wrongRole);
      return toUser(row);
    },

    /**
     * Replaces the password after checking the current one, which counts against the login limits
     * (a stolen session must not become a way to guess the password). The caller ends the other sessions.
     */
    async changePassword(user: User, address: string, currentPassword: string, newPassword: string) {
      const attempt = await throttle.begin(user.username, address);
      const row = await users.findById(user.id);
      if (!row) throw unauthorized(text.invalidCredentials);
      if (!(await verifyPassword(row.password, currentPassword))) {
        await attempt.failed();
        throw new AppError("WRONG_PASSWORD", 400, text.wrongCurrentPassword);
      }
      await attempt.succeeded();
      assertAcceptablePassword(newPassword, { username: user.username, name: row.name, companyName: await companyName() });
      await users.updatePassword(user.id, await hashPassword(newPassword));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
