import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { lockUntilCommit } from "../../db/locks";
import { users } from "../../db/schema";
import type { Role } from "@/common/constants";

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Db) {
  /**
   * Runs `work` in a transaction that holds the users lock, on every instance: creating and
   * deleting users one at a time makes the rules that look at all users (a unique name whatever
   * its case, at least one admin) hold under parallel requests.
   */
  function exclusively<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await lockUntilCommit(tx, "users");
      return work(tx as unknown as Db);
    });
  }

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
     * A new user unless the username is taken whatever its case; checked and written under the
     * users lock (see `exclusively`).
     */
    async createUnlessTaken(values: {
      username: string;
      passwordHash: string;
      name: string;
      role: Role;
      phone: string | null;
      bookable?: boolean;
    }): Promise<{ taken: true } | { taken: false; row: UserRow }> {
      return exclusively(async (tx) => {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.username}) = lower(${values.username})`)
          .limit(1);
        if (taken) return { taken: true as const };
        const [row] = await tx
          .insert(users)
          .values({
            username: values.username,
            password: values.passwordHash,
            name: values.name,
            role: values.role,
            phone: values.phone,
            bookable: values.bookable ?? true,
          })
          .returning();
        return { taken: false as const, row };
      });
    },
    /** Deletes a user unless it is the last admin; checked and deleted under the users lock (see `exclusively`). */
    async deleteUnlessLastAdmin(id: number): Promise<"missing" | "lastAdmin" | "deleted"> {
      return exclusively(async (tx) => {
        const [target] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id)).limit(1);
        if (!target) return "missing";
        if (target.role === "admin") {
          const [{ admins }] = await tx
            .select({ admins: sql<number>`count(*)::int` })
            .from(users)
            .where(eq(users.role, "admin"));
          if (admins <= 1) return "lastAdmin";
        }
        await tx.delete(users).where(eq(users.id, id));
        return "deleted";
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
