import { describe, expect, it } from "vitest";
import { formatListDate, formatListDateTime, plural, timeRange } from "./format";

describe("formatListDate", () => {
  it("writes a plain date as '25 nov. 2026', whatever the machine's zone", () => {
    expect(formatListDate("2026-11-25")).toBe("25 nov. 2026");
    expect(formatListDate("2027-01-01")).toBe("1 jan. 2027");
    expect(formatListDate("2026-05-04")).toBe("4 maj 2026");
  });
  it("gives an instant its day in Stockholm (23:30 UTC is the next day there)", () => {
    expect(formatListDate("2026-11-24T23:30:00.000Z")).toBe("25 nov. 2026");
    expect(formatListDate("2026-07-31T21:59:00.000Z")).toBe("31 juli 2026");
  });
  it("leaves what is not a date as it is", () => {
    expect(formatListDate("2026-02-30")).toBe("2026-02-30");
    expect(formatListDate("snart")).toBe("snart");
  });
});

describe("formatListDateTime", () => {
  it("adds Stockholm's time of day", () => {
    expect(formatListDateTime("2026-11-25T13:05:00.000Z")).toBe("25 nov. 2026 kl. 14:05");
    expect(formatListDateTime("2026-06-25T13:05:00.000Z")).toBe("25 juni 2026 kl. 15:05");
  });
});

describe("timeRange", () => {
  it("joins with an en dash", () => expect(timeRange("08:00", "10:00")).toBe("08:00–10:00"));
});

describe("plural", () => {
  it.each([
    [0, "0 påminnelser skickade"],
    [1, "1 påminnelse skickad"],
    [2, "2 påminnelser skickade"],
  ])("agrees with %i", (n, expected) => expect(plural(n, "påminnelse skickad", "påminnelser skickade")).toBe(expected));
});
