import { and, asc, eq, gte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookings, calendarFeeds, users } from "../../db/schema";

export type FeedRow = typeof calendarFeeds.$inferSelect;

export function createCalendarFeedsRepository(db: Db) {
  return {
    /**
     * Creates the missing feeds (the company's and one per technician) without touching existing
     * ones; parallel callers meet the unique index and do nothing.
     */
    async ensure(ownerIds: (number | null)[], newToken: () => string) {
      for (const ownerUserId of ownerIds) {
        await db.insert(calendarFeeds).values({ ownerUserId, token: newToken() }).onConflictDoNothing();
      }
    },

    async technicians() {
      return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.role, "technician")).orderBy(asc(users.name));
    },

    /** Every feed with its owner's name (null for the company's). */
    async list() {
      return db
        .select({ feed: calendarFeeds, ownerName: users.name })
        .from(calendarFeeds)
        .leftJoin(users, eq(users.id, calendarFeeds.ownerUserId))
        .orderBy(sql`${calendarFeeds.ownerUserId} is null desc`, asc(users.name));
    },

    async findByToken(token: string): Promise<(FeedRow & { ownerName: string | null }) | undefined> {
      const [row] = await db
        .select({ feed: calendarFeeds, ownerName: users.name })
        .from(calendarFeeds)
        .leftJoin(users, eq(users.id, calendarFeeds.ownerUserId))
        .where(eq(calendarFeeds.token, token))
        .limit(1);
      return row ? { ...row.feed, ownerName: row.ownerName } : undefined;
    },

    async findByOwner(ownerUserId: number) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.ownerUserId, ownerUserId)).limit(1);
      return row;
    },

    /** A new token for the feed: the old URL stops working at once. Null when there is no such feed. */
    async replaceToken(id: number, token: string) {
      const [row] = await db
        .update(calendarFeeds)
        .set({ token, createdAt: sql`now()`, lastFetchedAt: null })
        .where(eq(calendarFeeds.id, id))
        .returning();
      return row;
    },

    async markFetched(id: number) {
      await db
        .update(calendarFeeds)
        .set({ lastFetchedAt: sql`now()` })
        .where(eq(calendarFeeds.id, id));
    },

    /** The active bookings of a feed from `fromDate` on: every one for the company, the assigned ones for a technician. */
    async bookingsOf(ownerUserId: number | null, fromDate: string) {
      const owner = ownerUserId === null ? undefined : eq(bookings.assignedTechnicianId, ownerUserId);
      return db
        .select()
        .from(bookings)
        .where(and(gte(bookings.date, fromDate), ne(bookings.status, "cancelled"), owner))
        .orderBy(asc(bookings.date), asc(bookings.startTime))
        .limit(5000);
    },
  };
}
export type CalendarFeedsRepository = ReturnType<typeof createCalendarFeedsRepository>;
