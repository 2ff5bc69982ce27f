import { useParams } from "react-router";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { isApiError } from "@/client/lib/api-error";
import { BackLink } from "@/client/components/back-link";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { parseId } from "@/client/lib/parse-id";
import { useBooking } from "../api/get-booking";
import { BookingDetails } from "../components/booking-details";
import { adminBookingsText } from "../text";

const text = adminBookingsText.detail;

function NotFound() {
  return (
    <section className="grid justify-items-center gap-3 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">{text.notFound}</h1>
      <p className="text-slate-700">{text.notFoundDescription}</p>
      <Link to="/admin/bookings" className={buttonVariants({ variant: "outline" })}>
        {adminBookingsText.backToList}
      </Link>
    </section>
  );
}

/** /admin/bookings/{id} (rules §2 details): status, booking, customer, images, reschedule, the customer's link and the history. */
export default function BookingDetailPage() {
  const id = parseId(useParams().id);
  const query = useBooking(id);
  const missing = id === null || isApiError(query.error, 404);
  useDocumentTitle(missing ? text.notFound : id !== null ? text.pageTitle(id) : null);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <BackLink to="/admin/bookings">{adminBookingsText.backToList}</BackLink>
      {missing ? (
        <NotFound />
      ) : query.isPending ? (
        <Spinner label={text.loading} />
      ) : query.isError ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <p role="alert" className="font-medium text-red-800">
            {text.loadFailed}
          </p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {text.retry}
          </Button>
        </div>
      ) : (
        <BookingDetails detail={query.data} />
      )}
    </div>
  );
}
