import { Button } from "@/client/components/ui/button";
import { ListPageHeader } from "../../components/list-page-header";
import { ListResults } from "../../components/list-results";
import { useUrlListQuery } from "../../lib/use-url-list-query";
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
  const [query, update] = useUrlListQuery(listQueryFromParams, listQueryToParams);
  const list = useBookings(query);

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:py-10">
      <ListPageHeader
        back={{ to: "/admin", label: adminBookingsText.backToAdmin }}
        title={text.heading}
        intro={text.intro}
        create={{ to: "/admin/bookings/new", label: text.create }}
      />

      <BookingsFilters query={query} onChange={update} />

      <ListResults
        headingId="bookings-results-heading"
        status={list}
        results={list.data}
        page={query.page}
        onPage={(page) => update({ page }, { scrollToTop: true })}
        text={text}
        pagingText={adminBookingsText.paging}
        failed={<BookingsLoadFailed onRetry={() => void list.refetch()} />}
        table={(items) => <BookingsTable items={items} />}
        cards={(items) => <BookingCards items={items} />}
      />
    </div>
  );
}

/** The list could not be loaded (rules §8): said at once, with a way to try again. */
function BookingsLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <p role="alert" className="font-medium text-red-800">
        {text.loadFailed}
      </p>
      <Button variant="outline" onClick={onRetry}>
        {text.retry}
      </Button>
    </div>
  );
}
