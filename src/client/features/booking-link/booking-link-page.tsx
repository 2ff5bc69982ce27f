import { LinkIcon } from "lucide-react";
import { useParams } from "react-router";
import { Badge } from "@/client/components/ui/badge";
import { BookingStatusBadge } from "@/client/components/ui/booking-status-badge";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage, isApiError } from "@/client/lib/api-error";
import { QueryScope } from "@/client/lib/query-scope";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import { useBookingLink } from "./api/get-booking-link";
import { BookingDetails } from "./components/booking-details";
import { BookingInvoices } from "./components/booking-invoices";
import { BookingImages } from "./components/booking-images";
import { CancellationNote, CompanyContact, DataSharingNotice } from "./components/company-info";
import { SelfService } from "./components/self-service";
import { bookingLinkPageText as text } from "./text";

/**
 * /booking/shared/{token} (rules §2 Customer booking link page, rules D9): the customer's own
 * booking behind their personal link. Public, in a chunk of its own: it loads no staff code and no
 * zod. Not prerendered (the token is needed); the SPA shell serves it and the title comes from
 * app/page-titles.
 */
export default function BookingLinkPage() {
  const { token = "" } = useParams();
  return (
    <QueryScope>
      <BookingLinkContent key={token} token={token} />
    </QueryScope>
  );
}

function BookingLinkContent({ token }: { token: string }) {
  const link = useBookingLink(token);

  if (link.isPending) return <Spinner label={text.loading} />;
  // An unknown, expired or deactivated link answers 404 (a token that cannot be one, 400).
  if (link.isError && (isApiError(link.error, 404) || isApiError(link.error, 400))) return <InvalidLink />;
  if (link.isError) return <LoadFailed message={errorMessage(link.error, text.loadFailed)} onRetry={() => void link.refetch()} />;

  const view = link.data;
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-6 sm:gap-6 sm:py-10">
      <header className="grid gap-2">
        <p className="text-sm font-medium text-slate-700">{text.bookingNumber(view.booking.id)}</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.pageHeading}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <BookingStatusBadge status={view.booking.status} />
          <Badge tone="brand">{SERVICE_TYPE_LABELS[view.booking.serviceType]}</Badge>
        </div>
      </header>
      <BookingDetails view={view} />
      <SelfService token={token} view={view} />
      <BookingImages token={token} view={view} />
      <BookingInvoices view={view} />
      <CancellationNote />
      <CompanyContact company={view.company} />
      <DataSharingNotice />
    </div>
  );
}

/** rules §2/§8: 'Ogiltig länk', the link text, and a way to the start page. */
function InvalidLink() {
  return (
    <section aria-labelledby="invalid-link-title" className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
      <LinkIcon className="size-10 text-slate-500" aria-hidden="true" />
      <h1 id="invalid-link-title" className="text-2xl font-bold text-slate-900">
        {text.invalidTitle}
      </h1>
      <p className="text-slate-800">{text.invalid}</p>
      <p className="text-sm text-slate-700">{text.invalidHelp}</p>
      <Link to="/" className={buttonVariants({ className: "mt-2" })}>
        {text.home}
      </Link>
    </section>
  );
}

/** rules §8: any other failure, with the server's message when it sent one. */
function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{text.pageHeading}</h1>
      <p role="alert" className="text-slate-900">
        {message}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onRetry}>{text.retry}</Button>
        <Link to="/" className={buttonVariants({ variant: "outline" })}>
          {text.home}
        </Link>
      </div>
    </section>
  );
}
