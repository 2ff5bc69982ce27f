import { Receipt } from "lucide-react";
import { useId } from "react";
import { BookingStatusBadge } from "@/client/components/ui/booking-status-badge";
import { buttonVariants } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Link } from "@/client/components/ui/link";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { AdminBookingDetail } from "@/common/schemas/admin-bookings";
import { formatListDate } from "@/common/format";
import { adminBookingsText } from "../text";
import { BookingHistory } from "./booking-history";
import { BookingImages } from "./booking-images";
import { BookingInfoCard, CustomerCard } from "./booking-details-cards";
import { CustomerLinkCard } from "./customer-link-card";
import { RescheduleDialog } from "./reschedule-dialog";
import { StatusSelect } from "./status-select";
import { TechnicianSelect } from "./technician-select";
import { staffTimeText } from "@/common/booking-rules";

const text = adminBookingsText.detail;

/** Everything the detail page shows about one booking, once it is loaded. */
export function BookingDetails({ detail }: { detail: AdminBookingDetail }) {
  const statusId = useId();
  const { booking } = detail;
  return (
    <>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.heading(booking.id)}</h1>
            <BookingStatusBadge status={booking.status} />
          </div>
          <p className="text-slate-700">
            {SERVICE_TYPE_LABELS[booking.serviceType]} · {formatListDate(booking.date)} <span className="tabular-nums">{staffTimeText(booking)}</span> ·{" "}
            {detail.contact.name}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={statusId}>{adminBookingsText.status.changeLabelShort}</Label>
            <StatusSelect id={statusId} bookingId={booking.id} status={booking.status} />
          </div>
          {booking.status !== "cancelled" && <TechnicianSelect booking={booking} />}
          <RescheduleDialog booking={booking} />
          {/* Issue 25: a completed visit is invoiced from its service report (the invoices screen, by its URL). */}
          {booking.status === "completed" && (
            <Link to={`/admin/invoices/new?bookingId=${booking.id}`} className={buttonVariants({ variant: "outline" })}>
              <Receipt aria-hidden="true" />
              {text.createInvoice}
            </Link>
          )}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <BookingInfoCard booking={booking} />
        <CustomerCard contact={detail.contact} customer={detail.customer} />
      </div>
      <BookingImages bookingId={booking.id} images={detail.images} />
      <div className="grid gap-6 lg:grid-cols-2">
        <CustomerLinkCard bookingId={booking.id} link={detail.link} />
        <BookingHistory events={detail.history} />
      </div>
    </>
  );
}
