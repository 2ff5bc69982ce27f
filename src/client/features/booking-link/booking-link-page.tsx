import { LinkIcon } from "lucide-react";
import { useParams } from "react-router";
import { LinkPageStates } from "@/client/components/link-page-states";
import { Badge } from "@/client/components/ui/badge";
import { BookingStatusBadge } from "@/client/components/ui/booking-status-badge";
import { QueryScope } from "@/client/lib/query-scope";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import { useBookingLink } from "./api/get-booking-link";
import { BookingDetails } from "./components/booking-details";
import { BookingInvoices } from "./components/booking-invoices";
import { BookingImages } from "./components/booking-images";
import { RefrigerantReports } from "./components/refrigerant-reports";
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
  return (
    <LinkPageStates
      query={link}
      text={text}
      invalidTitleId="invalid-link-title"
      invalidIcon={<LinkIcon className="size-10 text-slate-500" aria-hidden="true" />}
      failedHeading={text.pageHeading}
    >
      {(view) => (
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
          <RefrigerantReports token={token} view={view} />
          <CancellationNote />
          <CompanyContact company={view.company} />
          <DataSharingNotice />
        </div>
      )}
    </LinkPageStates>
  );
}
