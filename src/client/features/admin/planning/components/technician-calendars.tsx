import { Badge } from "@/client/components/ui/badge";
import { Spinner } from "@/client/components/ui/spinner";
import type { IsoDate } from "@/common/booking-rules";
import type { TechnicianCalendar } from "@/common/schemas/technician-calendars";
import { LoadFailed } from "../../components/load-failed";
import { useTechnicianCalendars } from "../api";
import { planningPageText } from "../text";
import { AbsenceForm } from "./absence-form";
import { AbsenceList } from "./absence-list";
import { CalendarForm } from "./calendar-form";

const text = planningPageText.calendars;

/** One technician's calendar: the switch, days and hours, and their absences with a form to add one. */
function TechnicianCalendarCard({ calendar, today }: { calendar: TechnicianCalendar; today: IsoDate }) {
  const headingId = `technician-calendar-${calendar.id}`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="break-words text-lg font-semibold text-slate-900">
          {calendar.name}
        </h3>
        {!calendar.bookable && <Badge tone="warning">{text.notBookable}</Badge>}
      </div>
      <CalendarForm calendar={calendar} />
      <div className="grid gap-3 border-t border-slate-200 pt-4">
        <h4 className="font-semibold text-slate-900">{text.absences}</h4>
        <AbsenceList technician={calendar} />
      </div>
      <div className="border-t border-slate-200 pt-4">
        <AbsenceForm technicianId={calendar.id} today={today} />
      </div>
    </section>
  );
}

/** rules D25: 'Teknikernas kalendrar', a card per technician, below the week grid of /admin/technicians. */
export function TechnicianCalendars({ today }: { today: IsoDate }) {
  const calendars = useTechnicianCalendars();
  return (
    <section aria-labelledby="technician-calendars-title" className="grid gap-4">
      <div>
        <h2 id="technician-calendars-title" className="text-xl font-bold text-slate-900">
          {text.title}
        </h2>
        <p className="mt-1 text-slate-600">{text.intro}</p>
      </div>
      {calendars.isPending ? (
        <Spinner />
      ) : calendars.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={planningPageText.retry} onRetry={() => void calendars.refetch()} />
      ) : calendars.data.length === 0 ? (
        <p className="text-slate-700">{text.empty}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {calendars.data.map((calendar) => (
            <TechnicianCalendarCard key={calendar.id} calendar={calendar} today={today} />
          ))}
        </div>
      )}
    </section>
  );
}
