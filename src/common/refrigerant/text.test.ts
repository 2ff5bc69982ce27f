import { describe, expect, it } from "vitest";
import { CHECK_STATUS_LABELS, FOLLOW_UP_TIMING_LABELS, INTERVAL_LABELS, NO_CHECK_DUTY, intervalLabel, yearlyReportText } from "./text";

describe("the register's Swedish texts", () => {
  it.each([
    [3, "Var 3:e månad"],
    [6, "Var 6:e månad"],
    [12, "Var 12:e månad"],
    [24, "Var 24:e månad"],
    [null, "Ingen kontrollplikt"],
  ] as const)("interval %s: %s", (months, label) => {
    expect(intervalLabel(months)).toBe(label);
  });

  it("labels every interval, status and follow-up timing", () => {
    expect(NO_CHECK_DUTY).toBe("Ingen kontrollplikt");
    expect(INTERVAL_LABELS).toEqual({ 3: "Var 3:e månad", 6: "Var 6:e månad", 12: "Var 12:e månad", 24: "Var 24:e månad" });
    expect(CHECK_STATUS_LABELS).toEqual({
      none: "Ingen kontrollplikt",
      ok: "Kontroll i tid",
      "due-soon": "Kontroll inom 30 dagar",
      overdue: "Försenad kontroll",
    });
    expect(FOLLOW_UP_TIMING_LABELS).toEqual({
      "too-early": "För tidigt: uppföljande kontroll tidigast efter 24 timmars drift",
      "in-window": "Uppföljande kontroll i tid",
      "too-late": "För sent: uppföljande kontroll senast en månad efter reparationen",
    });
  });

  it("names the yearly report and its deadline", () => {
    expect(yearlyReportText(2026, "2027-03-31")).toBe("Köldmedierapport för 2026 senast 2027-03-31");
  });
});
