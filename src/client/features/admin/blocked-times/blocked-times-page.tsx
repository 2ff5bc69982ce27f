import { ArrowLeft, CalendarX, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { cn } from "@/client/lib/cn";
import { todayIn } from "@/common/booking-rules";
import {
  BLOCKED_TIME_FILTER_LABELS,
  BLOCKED_TIME_FILTERS,
  type BlockedTime,
  type BlockedTimeFilter,
  type OverlappingBooking,
} from "@/common/schemas/blocked-times";
import { useBlockedTimes } from "./api/get-blocked-times";
import { BlockedTimeDialog } from "./components/blocked-time-dialog";
import { BlockedTimeList } from "./components/blocked-time-list";
import { DeleteBlockedTimeDialog } from "./components/delete-blocked-time-dialog";
import { OverlappingBookingsNotice } from "./components/overlapping-bookings-notice";
import { blockedTimesText as text } from "./text";

function isFilter(value: string | null): value is BlockedTimeFilter {
  return value !== null && (BLOCKED_TIME_FILTERS as readonly string[]).includes(value);
}

type Editing = { mode: "closed" } | { mode: "create" } | { mode: "edit"; blockedTime: BlockedTime };

/**
 * /admin/blocked-times (rules §2 Blocked time slots; admin only behind RequireAdmin): the list with
 * the §4 filter (upcoming by default, kept in ?filter=), create, edit and delete dialogs.
 */
export default function BlockedTimesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("filter");
  const filter: BlockedTimeFilter = isFilter(requested) ? requested : "upcoming";
  const list = useBlockedTimes(filter);
  // Today in Stockholm (rules D1): the earliest date that can be blocked.
  const today = useMemo(() => todayIn(new Date()), []);
  const [editing, setEditing] = useState<Editing>({ mode: "closed" });
  const [deleting, setDeleting] = useState<BlockedTime | null>(null);
  const [overlapping, setOverlapping] = useState<OverlappingBooking[]>([]);

  const chooseFilter = (next: BlockedTimeFilter) => {
    const params = new URLSearchParams(searchParams);
    if (next === "upcoming") params.delete("filter");
    else params.set("filter", next);
    setSearchParams(params, { replace: true, preventScrollReset: true, state: { keepScroll: true } });
  };

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:py-10">
      <Link
        to="/admin"
        className="inline-flex items-center gap-2 justify-self-start rounded-md text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {text.back}
      </Link>

      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900">
            <CalendarX className="size-8 shrink-0 text-brand-700" aria-hidden="true" />
            {text.title}
          </h1>
          <p className="text-slate-700">{text.intro}</p>
        </div>
        <Button onClick={() => setEditing({ mode: "create" })} className="sm:shrink-0">
          <Plus aria-hidden="true" />
          {text.create}
        </Button>
      </header>

      {overlapping.length > 0 && <OverlappingBookingsNotice bookings={overlapping} onDismiss={() => setOverlapping([])} />}

      <div role="group" aria-label={text.filterLabel} className="inline-flex w-full gap-1 rounded-lg bg-slate-100 p-1 sm:w-auto sm:justify-self-start">
        {BLOCKED_TIME_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => chooseFilter(value)}
            className={cn(
              "min-h-9 flex-1 rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 transition-colors hover:text-slate-950",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
              filter === value && "bg-white text-brand-800 shadow-sm",
            )}
          >
            {BLOCKED_TIME_FILTER_LABELS[value]}
          </button>
        ))}
      </div>

      {list.isPending ? (
        <Spinner label={text.loading} />
      ) : list.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p>{text.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            {text.retry}
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{text.empty[filter]}</p>
      ) : (
        <BlockedTimeList items={list.data} today={today} onEdit={(blockedTime) => setEditing({ mode: "edit", blockedTime })} onDelete={setDeleting} />
      )}

      <BlockedTimeDialog
        open={editing.mode !== "closed"}
        onOpenChange={(open) => !open && setEditing({ mode: "closed" })}
        blockedTime={editing.mode === "edit" ? editing.blockedTime : null}
        today={today}
        onSaved={(saved) => setOverlapping(saved.overlappingBookings)}
      />
      <DeleteBlockedTimeDialog blockedTime={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
