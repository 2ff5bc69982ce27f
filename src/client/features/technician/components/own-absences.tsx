import { CalendarOff } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { formatListDate } from "@/common/format";
import { useOwnAbsences } from "../api/absences";
import { technicianText } from "../text";

const text = technicianText.absences;

/** 'Min frånvaro' (rules D25): the technician's coming absences, which the office has put in; one a day. */
export function OwnAbsences() {
  const absences = useOwnAbsences();
  return (
    <section aria-labelledby="own-absences-title" className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="own-absences-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <CalendarOff className="size-4 text-brand-700" aria-hidden="true" />
        {text.title}
      </h2>
      {absences.isPending ? (
        <Spinner className="py-4" />
      ) : absences.isError ? (
        <div role="alert" className="mt-3 grid justify-items-start gap-2 text-sm text-red-800">
          <p>{text.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void absences.refetch()}>
            {technicianText.retry}
          </Button>
        </div>
      ) : absences.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{text.empty}</p>
      ) : (
        <ul aria-label={text.title} className="mt-3 grid gap-2">
          {absences.data.map((absence) => (
            <li key={absence.id} className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-900">
              <span className="font-semibold">{formatListDate(absence.date)}</span>
              <span className="ml-2 whitespace-nowrap tabular-nums text-slate-700">{text.time(absence)}</span>
              <span className="block break-words text-slate-800">{absence.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
