import type { Absence } from "@/common/schemas/technician-calendars";
import { planningPageText } from "../text";

const text = planningPageText.technicians;

/** A technician's absence in their row of the week grid (rules D25): grey, so the planner sees it among the visits. */
export function AbsenceChip({ absence }: { absence: Absence }) {
  return (
    <div className="grid gap-0.5 rounded-md border border-dashed border-slate-400 bg-slate-100 p-2 text-xs text-slate-800">
      <span className="font-semibold text-slate-900">{text.away}</span>
      <span className="break-words">{absence.reason}</span>
      <span className="tabular-nums">{text.absenceTime(absence)}</span>
    </div>
  );
}
