// Swedish texts of the refrigerant register's rules (issue 26): check intervals, check status and
// the follow-up after a repaired leak.
import type { LeakCheckInterval } from "./fgas-rules";
import type { CheckStatus, FollowUpTiming } from "./leak-checks";

/** Interval labels; no interval means no check duty. */
export const INTERVAL_LABELS = {
  3: "Var 3:e månad",
  6: "Var 6:e månad",
  12: "Var 12:e månad",
  24: "Var 24:e månad",
} as const satisfies Record<LeakCheckInterval, string>;

export const NO_CHECK_DUTY = "Ingen kontrollplikt";

export function intervalLabel(months: LeakCheckInterval | null): string {
  return months === null ? NO_CHECK_DUTY : INTERVAL_LABELS[months];
}

export const CHECK_STATUS_LABELS = {
  none: NO_CHECK_DUTY,
  ok: "Kontroll i tid",
  "due-soon": "Kontroll inom 30 dagar",
  overdue: "Försenad kontroll",
} as const satisfies Record<CheckStatus, string>;

export const FOLLOW_UP_TIMING_LABELS = {
  "too-early": "För tidigt: uppföljande kontroll tidigast efter 24 timmars drift",
  "in-window": "Uppföljande kontroll i tid",
  "too-late": "För sent: uppföljande kontroll senast en månad efter reparationen",
} as const satisfies Record<FollowUpTiming, string>;

/** "Köldmedierapport för 2026 senast 2027-03-31". */
export function yearlyReportText(year: number, deadline: string): string {
  return `Köldmedierapport för ${year} senast ${deadline}`;
}
