import { useCallback } from "react";
import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, SERVICE_TYPES, SERVICE_TYPE_LABELS } from "@/common/constants";
import { ADMIN_BOOKING_SORTS, type AdminBookingListQuery } from "@/common/schemas/admin-bookings";
import { FilterSelect, ListFilters } from "../../components/list-filters";
import { hasFilters } from "../lib/list-params";
import { adminBookingsText } from "../text";

const text = adminBookingsText.list;

type Change = Partial<AdminBookingListQuery>;

const STATUS_OPTIONS = [
  { value: "all" as const, label: text.allStatuses },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: BOOKING_STATUS_LABELS[status] })),
];
const SERVICE_TYPE_OPTIONS = [
  { value: "all" as const, label: text.allServiceTypes },
  ...SERVICE_TYPES.map((type) => ({ value: type, label: SERVICE_TYPE_LABELS[type] })),
];
const SORT_OPTIONS = ADMIN_BOOKING_SORTS.map((sort) => ({ value: sort, label: text.sorts[sort] }));

/**
 * Search (debounced), status and service filters and sorting of the booking list (rules §2). The
 * values come from the URL; a change goes back to page 1. Typing more of the same search replaces
 * the history entry, so Back goes to the previous search rather than through every keystroke.
 */
export function BookingsFilters({ query, onChange }: { query: AdminBookingListQuery; onChange: (change: Change, options?: { replace?: boolean }) => void }) {
  const onSearch = useCallback((search: string, options?: { replace?: boolean }) => onChange({ search, page: 1 }, options), [onChange]);
  return (
    <ListFilters
      search={query.search}
      onSearch={onSearch}
      filtered={hasFilters(query)}
      onClear={() => onChange({ search: "", status: "all", serviceType: "all", page: 1 })}
      text={text}
      className="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
      searchClassName="sm:col-span-2 lg:col-span-1"
      clearClassName="sm:col-span-2 lg:col-span-4"
    >
      <FilterSelect label={text.statusLabel} value={query.status} options={STATUS_OPTIONS} onChange={(status) => onChange({ status, page: 1 })} />
      <FilterSelect
        label={text.serviceTypeLabel}
        value={query.serviceType}
        options={SERVICE_TYPE_OPTIONS}
        onChange={(serviceType) => onChange({ serviceType, page: 1 })}
      />
      <FilterSelect label={text.sortLabel} value={query.sort} options={SORT_OPTIONS} onChange={(sort) => onChange({ sort, page: 1 })} />
    </ListFilters>
  );
}
