import { CalendarDays, ChevronLeft, ChevronRight, UserX, Users } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { addDays, isIsoDate, staffTimeText, todayIn, type IsoDate } from "@/common/booking-rules";
import { averageVisitsPerTechnician } from "@/common/planning/formulas";
import { swedishWeek, weekDays, weekStart } from "@/common/planning/week";
import type { PlanningBooking, Technician } from "@/common/schemas/planning";
import type { Absence } from "@/common/schemas/technician-calendars";
import { AdminPage } from "../components/admin-page";
import { FigureCard } from "../components/figure-card";
import { LoadFailed } from "../components/load-failed";
import { formatWeekdayDate } from "../lib/format";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useActiveBookings, useAssignTechnician, useTechnicianCalendars, useTechnicians } from "./api";
import { AbsenceChip } from "./components/absence-chip";
import { TechnicianCalendars } from "./components/technician-calendars";
import { VisitStatus } from "./components/visit-status";
import { planningPageText } from "./text";

const text = planningPageText.technicians;
const UNASSIGNED = "unassigned";

/** A visit in the grid, with the select that assigns or moves it (the keyboard's way, and the phone's). */
function VisitChip({ booking, technicians }: { booking: PlanningBooking; technicians: Technician[] }) {
  const time = staffTimeText(booking);
  // The toasts are the mutation's own (not mutate's): the visit moves to another row, and this chip
  // is gone, its mutate callbacks with it, by the time the answer comes.
  const assign = useAssignTechnician(booking.id, {
    onSuccess: (updated) => toast({ title: text.assigned, description: `${updated.customerName} ${time}: ${updated.technicianName ?? text.nobody}` }),
    onError: (error) => toast({ variant: "destructive", title: text.assignFailed, description: errorMessage(error, text.assignFailed) }),
  });
  const id = `assign-${booking.id}`;
  return (
    <div className="grid gap-1 rounded-md border border-slate-200 bg-white p-2 text-xs">
      <span className="font-semibold text-slate-900">{time}</span>
      <span className="text-slate-800">{booking.customerName}</span>
      <VisitStatus status={booking.status} />
      <span className="text-slate-600">{booking.city}</span>
      <Label htmlFor={id} className="sr-only">
        {text.assignLabel(booking.customerName, time)}
      </Label>
      <Select
        id={id}
        className="h-8 text-xs"
        value={booking.technicianId ?? ""}
        disabled={assign.isPending}
        onChange={(event) => assign.mutate(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{text.nobody}</option>
        {technicians.map((technician) => (
          <option key={technician.id} value={technician.id}>
            {technician.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * /admin/technicians (rules §2, §9; issues 13, 23): the week's active visits per technician, with
 * their status, and an unassigned row; each technician's absences in their row, and below the grid
 * their calendars (rules D25).
 */
export default function TechnicianPlanningPage() {
  useDocumentTitle(text.title);
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => todayIn(new Date()));
  const requested = params.get("vecka") ?? "";
  const monday = weekStart((isIsoDate(requested) ? requested : today) as IsoDate);
  const filter = params.get("tekniker") ?? "";
  const set = (next: { vecka?: string; tekniker?: string }) => {
    const merged = { vecka: monday, tekniker: filter, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)), { replace: true });
  };
  const days = weekDays(monday);
  const { week, year } = swedishWeek(monday);
  const technicians = useTechnicians();
  const bookings = useActiveBookings(monday, days[6]);
  // The grid does not wait for the calendars: without them it shows the visits, as before.
  const calendars = useTechnicianCalendars();
  const absencesOf = (technicianId: number | null, day: string): Absence[] =>
    calendars.data?.find((c) => c.id === technicianId)?.absences.filter((a) => a.date === day) ?? [];

  const all = technicians.data ?? [];
  const rows: { key: string; label: string; technicianId: number | null }[] = [
    ...all.filter((t) => !filter || String(t.id) === filter).map((t) => ({ key: String(t.id), label: t.name, technicianId: t.id })),
    ...(!filter || filter === UNASSIGNED ? [{ key: UNASSIGNED, label: text.unassigned, technicianId: null }] : []),
  ];
  const visits = bookings.data ?? [];
  const assignedCount = visits.filter((b) => b.technicianId !== null).length;
  return (
    <AdminPage back={{ to: "/admin?tab=planning", label: planningPageText.back }} title={text.title} intro={text.intro} width="max-w-6xl">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="icon" onClick={() => set({ vecka: addDays(monday, -7) })} aria-label={text.previousWeek}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <p className="min-w-40 text-center font-semibold text-slate-900" aria-live="polite">
            {text.week(week, year)}
            <span className="block text-xs font-normal text-slate-600">
              {formatWeekdayDate(monday)} – {formatWeekdayDate(days[6])}
            </span>
          </p>
          <Button variant="outline" size="icon" onClick={() => set({ vecka: addDays(monday, 7) })} aria-label={text.nextWeek}>
            <ChevronRight aria-hidden="true" />
          </Button>
          <Button variant="ghost" onClick={() => set({ vecka: weekStart(today) })}>
            {text.thisWeek}
          </Button>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="planning-technician">{text.filter}</Label>
          <Select id="planning-technician" value={filter} onChange={(event) => set({ tekniker: event.target.value })}>
            <option value="">{text.allTechnicians}</option>
            {all.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
            <option value={UNASSIGNED}>{text.unassigned}</option>
          </Select>
        </div>
      </div>
      {bookings.isPending || technicians.isPending ? (
        <Spinner />
      ) : bookings.isError || technicians.isError ? (
        <LoadFailed
          message={planningPageText.loadFailed}
          retryLabel={planningPageText.retry}
          onRetry={() => void Promise.all([bookings.refetch(), technicians.refetch()])}
        />
      ) : (
        <>
          <section aria-label={text.title} className="grid grid-cols-3 gap-3 max-sm:grid-cols-1">
            <FigureCard icon={CalendarDays} label={text.cards.visits} value={visits.length} />
            <FigureCard icon={UserX} label={text.cards.unassigned} value={visits.length - assignedCount} />
            <FigureCard icon={Users} label={text.cards.average} value={averageVisitsPerTechnician(assignedCount, all.length)} />
          </section>
          <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={text.gridLabel(week)}>
            <table className="w-full min-w-[56rem] table-fixed text-left text-sm">
              <caption className="sr-only">{text.gridLabel(week)}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="w-36 px-2 py-2 font-semibold">
                    {text.filter}
                  </th>
                  {days.map((day) => (
                    <th key={day} scope="col" className="px-2 py-2 font-semibold">
                      {formatWeekdayDate(day).replace(/ \d{4}$/, "")}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className="border-t border-slate-200 align-top">
                    <th scope="row" className="px-2 py-2 font-medium text-slate-900">
                      {row.label}
                    </th>
                    {days.map((day) => {
                      const cell = visits.filter((b) => b.date === day && b.technicianId === row.technicianId);
                      const away = absencesOf(row.technicianId, day);
                      return (
                        <td key={day} className="px-1 py-1">
                          <div className="grid gap-1">
                            {away.map((a) => (
                              <AbsenceChip key={a.id} absence={a} />
                            ))}
                            {cell.length === 0 && away.length === 0 ? (
                              <span className="sr-only">{text.none}</span>
                            ) : (
                              cell.map((b) => <VisitChip key={b.id} booking={b} technicians={all} />)
                            )}
                          </div>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <TechnicianCalendars today={today} />
    </AdminPage>
  );
}
