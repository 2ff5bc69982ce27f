/**
 * Counts failed logins per key (IP address, username) in a sliding window. In memory: the app runs
 * as one process; a restart forgetting the counts is acceptable.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(...keys: string[]): boolean {
    return keys.some((key) => this.recent(key).length >= this.maxFailures);
  }

  recordFailure(...keys: string[]) {
    for (const key of keys) this.failures.set(key, [...this.recent(key), this.now()]);
  }

  reset(key: string) {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }
}
