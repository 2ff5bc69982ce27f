import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { lockUntilCommit } from "../../db/locks";
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
    /** Every user, oldest first (never the password hash). */
    async list() {
      return db
        .select({ id: users.id, username: users.username, name: users.name, role: users.role, phone: users.phone, createdAt: users.createdAt })
        .from(users)
        .orderBy(asc(users.id));
    },
    /**
     * Runs `work` in a transaction that holds the users lock, on every instance: creating and
     * deleting users one at a time makes the rules that look at all users (a unique name whatever
     * its case, at least one admin) hold under parallel requests.
     */
    async exclusively<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockUntilCommit(tx, "users");
        return work(tx as unknown as Db);
      });
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
