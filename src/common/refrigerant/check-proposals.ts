// When a due leak check is proposed as a visit, and in which days (issue 26): the same lead as an
// agreement's visit. Pure: no I/O and no clock (`today` is a parameter). Not re-exported from
// ./index: it depends on the agreements' terms, which depend on ./index.
import { PROPOSAL_LEAD_DAYS } from "@/common/agreements/terms";
import { addDays, daysBetween, type IsoDate } from "@/common/booking-rules/calendar";

/** Not law, a product choice: a check that cannot be booked on time (or is late) is sought this many days on. */
export const LATE_CHECK_WINDOW_DAYS = 30;

/** Days in which a proposed visit is sought, both included. */
export type ProposalWindow = { from: IsoDate; to: IsoDate };

/** Whether a check due on `due` is proposed on `today`: from PROPOSAL_LEAD_DAYS before the due date, and whenever it is late. */
export function leakCheckProposalDue(due: IsoDate, today: IsoDate): boolean {
  return daysBetween(today, due) <= PROPOSAL_LEAD_DAYS;
}

/**
 * The windows a due check's visit is sought in, in order: from tomorrow (or PROPOSAL_LEAD_DAYS before
 * the due date, when later) to the due date, then the LATE_CHECK_WINDOW_DAYS after it. A check due
 * today or earlier cannot be done on time any more: tomorrow and the LATE_CHECK_WINDOW_DAYS days after
 * today. `earliest` (a repaired leak's follow-up window opens the day after the repair) moves a
 * window's first day later. The first window is also where a visit already booked for the product
 * takes the check along.
 */
export function leakCheckWindows(due: IsoDate, today: IsoDate, earliest?: IsoDate): ProposalWindow[] {
  const tomorrow = addDays(today, 1);
  const windows =
    due < tomorrow
      ? [{ from: tomorrow, to: addDays(today, LATE_CHECK_WINDOW_DAYS) }]
      : [
          { from: later(tomorrow, addDays(due, -PROPOSAL_LEAD_DAYS)), to: due },
          { from: addDays(due, 1), to: addDays(due, LATE_CHECK_WINDOW_DAYS) },
        ];
  return earliest === undefined ? windows : windows.map((w) => ({ ...w, from: later(w.from, earliest) })).filter((w) => w.from <= w.to);
}

// 'YYYY-MM-DD' strings sort as the dates do.
const later = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
