import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimitHits } from "../db/schema";

export type RateLimit = { limit: number; windowSeconds: number };

/** The key public bookings are counted under per e-mail address (erasing a customer deletes it). */
export const bookingsPerEmailKey = (email: string) => `booking:email:${email.toLowerCase()}`;

/**
 * Fixed-window counters kept in the database, so a limit holds across every app instance on it.
 * A hit is counted atomically *before* the guarded work runs: parallel requests cannot all slip
 * through while the first ones are still being checked.
 */
export function createRateLimiter(db: Db, clock?: () => Date) {
  // The database's clock, which every instance shares; a test passes its own to move between windows
  // without waiting for them (and without a burst straddling two windows on a slow machine).
  const now = () => (clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`);
  const windowStart = (windowSeconds: number, at = now()) => sql`to_timestamp(floor(extract(epoch from ${at}) / ${windowSeconds}) * ${windowSeconds})`;

  /**
   * Counts one hit for `key`: whether the hits in the current window stay within the limit, and
   * the seconds until the window ends (a refused client's Retry-After), on the database's clock.
   */
  async function take(key: string, { limit, windowSeconds }: RateLimit): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const at = now();
    const [row] = await db
      .insert(rateLimitHits)
      .values({ key, windowStart: windowStart(windowSeconds, at), hits: 1 })
      .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
      .returning({
        hits: rateLimitHits.hits,
        retryAfterSeconds: sql<number>`greatest(ceil(extract(epoch from ${rateLimitHits.windowStart} + make_interval(secs => ${windowSeconds}) - ${at})), 1)::int`,
      });
    return { allowed: row.hits <= limit, retryAfterSeconds: Number(row.retryAfterSeconds) };
  }

  return {
    take,

    /** Counts one hit for `key`; true while the hits in the current window stay within the limit. */
    async hit(key: string, limit: RateLimit): Promise<boolean> {
      return (await take(key, limit)).allowed;
    },

    /** Hits of `key` in the current window, without counting one. */
    async hits(key: string, windowSeconds: number): Promise<number> {
      const result = (await db.execute(
        sql`select coalesce(sum(hits), 0)::int as n from rate_limit_hits where key = ${key} and window_start = ${windowStart(windowSeconds)}`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n ?? 0;
    },

    /** Takes back one hit of `key` in the current window (the attempt turned out to be legitimate). */
    async refund(key: string, windowSeconds: number) {
      await db.execute(sql`update rate_limit_hits set hits = greatest(hits - 1, 0) where key = ${key} and window_start = ${windowStart(windowSeconds)}`);
    },

    /** Drops windows that ended long ago (run on a schedule). */
    async purge(olderThanSeconds = 2 * 86_400) {
      await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, sql`${now()} - make_interval(secs => ${olderThanSeconds})`));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
