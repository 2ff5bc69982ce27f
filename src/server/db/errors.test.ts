import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors";

describe("isDatabaseUnavailable", () => {
  it("counts a connect that timed out (node-postgres's 'timeout expired', also aggregated) as unavailable, to be tried again", () => {
    expect(isDatabaseUnavailable(new Error("timeout expired"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error("timeout expired"), new Error("timeout expired")], "timeout expired"))).toBe(true);
  });

  it("does not count a refusal or our own mistake", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('password authentication failed for user "app"'), { code: "28P01" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: "42P01" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("my timeout expired today"))).toBe(false);
  });
});
