import { Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, SERVICE_TYPES, SERVICE_TYPE_LABELS } from "@/common/constants";
import { ADMIN_BOOKING_SORTS, type AdminBookingListQuery } from "@/common/schemas/admin-bookings";
import { hasFilters } from "../lib/list-params";
import { adminBookingsText } from "../text";

const text = adminBookingsText.list;

/** How long typing must pause before the search is sent (and written into the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

type Change = Partial<AdminBookingListQuery>;

/**
 * Search (debounced), status and service filters and sorting of the booking list (rules §2). The
 * values come from the URL; a change goes back to page 1. Typing more of the same search replaces
 * the history entry, so Back goes to the previous search rather than through every keystroke.
 */
export function BookingsFilters({ query, onChange }: { query: AdminBookingListQuery; onChange: (change: Change, options?: { replace?: boolean }) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(query.search);
  const [urlSearch, setUrlSearch] = useState(query.search);

  // The URL changed from outside (Back, a link, "Rensa filter"): the field follows it, unless it
  // already says the same (a trailing space being typed is kept).
  if (query.search !== urlSearch) {
    setUrlSearch(query.search);
    if (draft.trim() !== query.search) setDraft(query.search);
  }

  useEffect(() => {
    const next = draft.trim();
    if (next === query.search) return;
    const timer = setTimeout(() => onChange({ search: next, page: 1 }, { replace: next !== "" && query.search !== "" }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, query.search, onChange]);

  return (
    <form
      role="search"
      aria-label={text.filtersLabel}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
      onSubmit={(event) => {
        // Enter searches at once.
        event.preventDefault();
        if (draft.trim() !== query.search) onChange({ search: draft.trim(), page: 1 });
      }}
    >
      <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor={`${id}-search`}>{text.searchLabel}</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input
            id={`${id}-search`}
            type="search"
            inputMode="search"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            placeholder={text.searchPlaceholder}
            aria-describedby={`${id}-search-hint`}
            className="pl-9"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <p id={`${id}-search-hint`} className="sr-only">
          {text.searchHint}
        </p>
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>{text.statusLabel}</Label>
        <Select id={`${id}-status`} value={query.status} onChange={(event) => onChange({ status: event.target.value as Change["status"], page: 1 })}>
          <option value="all">{text.allStatuses}</option>
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {BOOKING_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-type`}>{text.serviceTypeLabel}</Label>
        <Select
          id={`${id}-type`}
          value={query.serviceType}
          onChange={(event) => onChange({ serviceType: event.target.value as Change["serviceType"], page: 1 })}
        >
          <option value="all">{text.allServiceTypes}</option>
          {SERVICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {SERVICE_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-sort`}>{text.sortLabel}</Label>
        <Select id={`${id}-sort`} value={query.sort} onChange={(event) => onChange({ sort: event.target.value as Change["sort"], page: 1 })}>
          {ADMIN_BOOKING_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {text.sorts[sort]}
            </option>
          ))}
        </Select>
      </div>

      {hasFilters(query) && (
        <div className="sm:col-span-2 lg:col-span-4">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft("");
              onChange({ search: "", status: "all", serviceType: "all", page: 1 });
            }}
          >
            <X aria-hidden="true" />
            {text.clearFilters}
          </Button>
        </div>
      )}
    </form>
  );
}
