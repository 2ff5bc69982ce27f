import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { Role } from "@/common/constants";

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Db) {
  return {
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
      return row;
    },
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async create(values: { username: string; passwordHash: string; name: string; role: Role; phone?: string }) {
      const [row] = await db
        .insert(users)
        .values({ username: values.username, password: values.passwordHash, name: values.name, role: values.role, phone: values.phone })
        .returning();
      return row;
    },
    async updatePassword(id: number, passwordHash: string) {
      await db.update(users).set({ password: passwordHash }).where(eq(users.id, id));
    },
    async hasAdmin(): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
      return rows.length > 0;
    },
    async count(): Promise<number> {
      const rows = await db.select({ id: users.id }).from(users).limit(1);
      return rows.length;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
