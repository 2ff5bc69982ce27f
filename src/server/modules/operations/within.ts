export const TIMED_OUT = Symbol("timed out");

/**
 * `work`'s result, or TIMED_OUT once `ms` have passed. The work itself goes on (a query cannot be
 * taken back); the caller just stops waiting for it, and a late failure is swallowed.
 */
export async function within<T>(ms: number, work: Promise<T>): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms)));
  work.catch(() => {});
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
