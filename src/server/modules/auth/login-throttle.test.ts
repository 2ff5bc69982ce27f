import { describe, expect, it } from "vitest";
import { LoginThrottle } from "./login-throttle";

describe("LoginThrottle", () => {
  it("blocks a key after the maximum failures and forgets them after the window", () => {
    let now = 0;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    throttle.recordFailure("ip:a");
    throttle.recordFailure("ip:a");
    expect(throttle.isBlocked("ip:a")).toBe(false);
    throttle.recordFailure("ip:a");
    expect(throttle.isBlocked("ip:a", "user:x")).toBe(true);
    now = 60_001;
    expect(throttle.isBlocked("ip:a")).toBe(false);
  });
});
