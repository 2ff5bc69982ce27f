import { setTimeout as sleep } from "node:timers/promises";
import type { Limits } from "../../config";
import { AppError } from "../../lib/errors";
import type { RateLimiter } from "../../lib/rate-limiter";
import { authServerText as text } from "./auth.text";

export type LoginAttempt = { succeeded(): Promise<void>; failed(): Promise<void> };

/**
 * Brute-force protection for the login forms, shared by every app instance through the database.
 * Each attempt is counted before the password is verified, so parallel guesses cannot all pass
 * while the first are still hashing. Limits are per (username, address) and per address; a
 * username attacked from many addresses is slowed down, never locked, so its owner can always log
 * in from their own address.
 */
export function createLoginThrottle(limiter: RateLimiter, limits: Limits) {
  const windowSeconds = limits.loginWindowSeconds;
  return {
    /** Counts the attempt; throws a Swedish 429 when a limit is passed. Report the outcome on the handle. */
    async begin(username: string, address: string): Promise<LoginAttempt> {
      const user = username.trim().toLowerCase();
      const pairKey = `login:user+address:${user}:${address}`;
      const addressKey = `login:address:${address}`;
      const failuresKey = `login:failures:${user}`;
      const [pairAllowed, addressAllowed] = await Promise.all([
        limiter.hit(pairKey, { limit: limits.loginAttemptsPerUserAndAddress, windowSeconds }),
        limiter.hit(addressKey, { limit: limits.loginAttemptsPerAddress, windowSeconds }),
      ]);
      if (!pairAllowed || !addressAllowed) throw new AppError("TOO_MANY_ATTEMPTS", 429, text.tooManyAttempts);
      if ((await limiter.hits(failuresKey, windowSeconds)) >= limits.loginFailuresBeforeSlowdown) await sleep(limits.loginSlowdownMs);
      return {
        // A correct password is not an attack: take its hits back.
        async succeeded() {
          await Promise.all([limiter.refund(pairKey, windowSeconds), limiter.refund(addressKey, windowSeconds)]);
        },
        async failed() {
          await limiter.hit(failuresKey, { limit: Number.MAX_SAFE_INTEGER, windowSeconds });
        },
      };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
