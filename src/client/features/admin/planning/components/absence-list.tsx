import { Trash2 } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { formatListDate } from "@/common/format";
import type { TechnicianCalendar } from "@/common/schemas/technician-calendars";
import { useDeleteAbsence } from "../api";
import { planningPageText } from "../text";

const text = planningPageText.calendars;

/**
 * A technician's absences from today on, one a day (rules D25), each with a delete button that
 * names the day (and the times, when not the whole day). An absence is easily added again, so it
 * goes without a confirmation.
 */
export function AbsenceList({ technician }: { technician: Pick<TechnicianCalendar, "id" | "name" | "absences"> }) {
  const remove = useDeleteAbsence(technician.id);
  if (technician.absences.length === 0) return <p className="text-sm text-slate-700">{text.noAbsences}</p>;

  const onRemove = (absenceId: number) =>
    remove.mutate(absenceId, {
      onSuccess: () => toast({ title: text.removed }),
      onError: (error) => toast({ variant: "destructive", title: text.failureTitle, description: errorMessage(error, text.removeFailed) }),
    });

  return (
    <ul aria-label={text.absencesLabel(technician.name)} className="grid gap-2">
      {technician.absences.map((absence) => {
        return (
          <li key={absence.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
            <p className="min-w-0 text-sm text-slate-900">
              <span className="font-semibold">{formatListDate(absence.date)}</span>
              <span className="ml-2 whitespace-nowrap tabular-nums text-slate-700">{text.absenceTime(absence)}</span>
              <span className="block break-words text-slate-800">{absence.reason}</span>
            </p>
            <Button
              variant="outline"
              size="sm"
              className="text-red-800"
              disabled={remove.isPending && remove.variables === absence.id}
              aria-label={text.removeLabel(absence)}
              onClick={() => onRemove(absence.id)}
            >
              <Trash2 aria-hidden="true" />
              {text.remove}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
