import { describe, expect, it } from "vitest";
import { LATE_CHECK_WINDOW_DAYS, leakCheckProposalDue, leakCheckWindows } from "./check-proposals";

// Issue 26: a due leak check is proposed from 30 days before its due date (the agreements' lead),
// sought up to the due date, then in the 30 days after it; a late one from tomorrow on.
describe("leakCheckProposalDue", () => {
  it("is due from 30 days before the due date, and on and after it", () => {
    expect(leakCheckProposalDue("2027-01-04", "2026-12-04")).toBe(false); // 31 days ahead
    expect(leakCheckProposalDue("2027-01-04", "2026-12-05")).toBe(true); // 30 days ahead
    expect(leakCheckProposalDue("2027-01-04", "2027-01-04")).toBe(true);
    expect(leakCheckProposalDue("2027-01-04", "2027-03-01")).toBe(true);
  });
});

describe("leakCheckWindows", () => {
  it("seeks from tomorrow to the due date, then the 30 days after it", () => {
    expect(LATE_CHECK_WINDOW_DAYS).toBe(30);
    expect(leakCheckWindows("2027-01-04", "2026-12-05")).toEqual([
      { from: "2026-12-06", to: "2027-01-04" },
      { from: "2027-01-05", to: "2027-02-03" },
    ]);
    // Due tomorrow: a one-day window first.
    expect(leakCheckWindows("2026-12-06", "2026-12-05")[0]).toEqual({ from: "2026-12-06", to: "2026-12-06" });
  });

  it("starts no earlier than 30 days before the due date", () => {
    expect(leakCheckWindows("2027-03-01", "2026-12-05")[0]).toEqual({ from: "2027-01-30", to: "2027-03-01" });
  });

  it("seeks a check due today or late from tomorrow, for 30 days", () => {
    expect(leakCheckWindows("2026-12-05", "2026-12-05")).toEqual([{ from: "2026-12-06", to: "2027-01-04" }]);
    expect(leakCheckWindows("2026-10-01", "2026-12-05")).toEqual([{ from: "2026-12-06", to: "2027-01-04" }]);
  });

  it("never seeks a follow-up before its window opens", () => {
    expect(leakCheckWindows("2027-01-04", "2026-12-05", "2026-12-10")).toEqual([
      { from: "2026-12-10", to: "2027-01-04" },
      { from: "2027-01-05", to: "2027-02-03" },
    ]);
    expect(leakCheckWindows("2027-01-04", "2026-12-05", "2027-01-20")).toEqual([{ from: "2027-01-20", to: "2027-02-03" }]);
    // Open already: no change.
    expect(leakCheckWindows("2027-01-04", "2026-12-05", "2026-12-01")[0].from).toBe("2026-12-06");
  });
});
