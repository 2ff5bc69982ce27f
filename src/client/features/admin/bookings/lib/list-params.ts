// The list's search, filters, sorting and page live in the URL (issue 14: reload and Back keep them).
// Only values that differ from the defaults are written, so /admin/bookings stays a clean address.
import { BOOKING_STATUSES, SERVICE_TYPES } from "@/common/constants";
import { ADMIN_BOOKING_PAGE_SIZES, ADMIN_BOOKING_SORTS, type AdminBookingListQuery } from "@/common/schemas/admin-bookings";

export const DEFAULT_LIST_QUERY: AdminBookingListQuery = {
  search: "",
  status: "all",
  serviceType: "all",
  sort: "date_desc",
  page: 1,
  pageSize: 25,
};

/** The URL parameter of each query field ('type' reads better in an address than 'serviceType'). */
const PARAM = { search: "search", status: "status", serviceType: "type", sort: "sort", page: "page", pageSize: "pageSize" } as const;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The list query from the URL; anything unknown or malformed falls back to its default. */
export function listQueryFromParams(params: URLSearchParams): AdminBookingListQuery {
  const page = Number(params.get(PARAM.page));
  const pageSize = Number(params.get(PARAM.pageSize));
  return {
    search: (params.get(PARAM.search) ?? "").trim().slice(0, 100),
    status: oneOf([...BOOKING_STATUSES, "all"] as const, params.get(PARAM.status), "all"),
    serviceType: oneOf([...SERVICE_TYPES, "all"] as const, params.get(PARAM.serviceType), "all"),
    sort: oneOf(ADMIN_BOOKING_SORTS, params.get(PARAM.sort), DEFAULT_LIST_QUERY.sort),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    pageSize: (ADMIN_BOOKING_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_LIST_QUERY.pageSize,
  };
}

/** The URL parameters for a list query, defaults left out. */
export function listQueryToParams(query: AdminBookingListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAM) as (keyof AdminBookingListQuery)[]) {
    const value = query[key];
    if (value !== DEFAULT_LIST_QUERY[key] && value !== "") params.set(PARAM[key], String(value));
  }
  return params;
}

/** True when any filter (not sorting or paging) narrows the list. */
export function hasFilters(query: AdminBookingListQuery): boolean {
  return query.search !== "" || query.status !== "all" || query.serviceType !== "all";
}
