import { Plus } from "lucide-react";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import type { AdminBookingListQuery } from "@/common/schemas/admin-bookings";
import { BackLink } from "@/client/components/back-link";
import { Pagination } from "../../components/pagination";
import { useMediaQuery } from "../../lib/use-media-query";
import { useBookings } from "../api/get-bookings";
import { BookingsFilters } from "../components/bookings-filters";
import { BookingCards, BookingsTable } from "../components/bookings-results";
import { listQueryFromParams, listQueryToParams } from "../lib/list-params";
import { adminBookingsText } from "../text";

const text = adminBookingsText.list;

/**
 * /admin/bookings (rules §2 admin booking screens): search, filters, sorting and paging are done by
 * the server and kept in the URL, so a reload, a shared address and Back show the same list.
 */
export default function BookingsListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => listQueryFromParams(searchParams), [searchParams]);
  const list = useBookings(query);
  const wide = useMediaQuery("(min-width: 768px)");

  const update = useCallback(
    (change: Partial<AdminBookingListQuery>, options: { replace?: boolean; scrollToTop?: boolean } = {}) => {
      setSearchParams((current) => listQueryToParams({ ...listQueryFromParams(current), ...change }), {
        replace: options.replace ?? false,
        // Filtering keeps the page where it is; a new page of results starts at the top (app ScrollToTop).
        state: options.scrollToTop ? undefined : { keepScroll: true },
      });
    },
    [setSearchParams],
  );

  const data = list.data;
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-3">
        <BackLink to="/admin">{adminBookingsText.backToAdmin}</BackLink>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.heading}</h1>
            <p className="mt-1 text-slate-700">{text.intro}</p>
          </div>
          <Link to="/admin/bookings/new" className={buttonVariants({ className: "self-start sm:self-auto" })}>
            <Plus aria-hidden="true" />
            {text.create}
          </Link>
        </div>
      </div>

      <BookingsFilters query={query} onChange={update} />

      <section aria-labelledby="bookings-results-heading" aria-busy={list.isFetching || undefined} className="grid gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="bookings-results-heading" className="sr-only">
            {text.tableCaption}
          </h2>
          <p role="status" className="text-sm text-slate-700">
            {data ? text.count(data.total) : ""}
          </p>
          {list.isFetching && data && <span className="text-sm text-slate-700">{text.updating}</span>}
        </div>

        {list.isPending && <Spinner label={text.loading} />}

        {list.isError && !data && (
          <div className="grid justify-items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-center">
            <p role="alert" className="font-medium text-red-800">
              {text.loadFailed}
            </p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              {text.retry}
            </Button>
          </div>
        )}

        {data && data.items.length === 0 && (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">{text.empty}</p>
        )}

        {data && data.items.length > 0 && (wide ? <BookingsTable items={data.items} /> : <BookingCards items={data.items} />)}

        {data && (
          <Pagination
            page={query.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(page) => update({ page }, { scrollToTop: true })}
            text={adminBookingsText.paging}
          />
        )}
      </section>
    </div>
  );
}
