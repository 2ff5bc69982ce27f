import { TriangleAlert, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { BookingStatusBadge } from "@/client/components/ui/booking-status-badge";
import { Link } from "@/client/components/ui/link";
import { formatListDate } from "@/common/format";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { OverlappingBooking } from "@/common/schemas/blocked-times";
import { blockedTimesText } from "../text";
import { staffTimeText } from "@/common/booking-rules";

const text = blockedTimesText.overlap;

/**
 * After a save: the active bookings inside the blocked time. They are kept (issue 14: never dropped
 * silently); the admin is told which they are, each linking to its booking, to call the customers.
 * The heading takes the focus so a screen reader reads the notice at once.
 */
export function OverlappingBookingsNotice({ bookings, onDismiss }: { bookings: OverlappingBooking[]; onDismiss: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [bookings]);

  return (
    <section
      aria-labelledby="overlapping-bookings-title"
      data-testid="overlapping-bookings"
      className="relative rounded-xl border border-amber-400 bg-amber-50 p-4 text-slate-900 sm:p-5"
    >
      <div className="flex gap-3 pr-10">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="overlapping-bookings-title" ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
            {text.title(bookings.length)}
          </h2>
          <p className="text-sm">{text.description}</p>
        </div>
      </div>
      <ul aria-label={text.listLabel} className="mt-3 grid gap-2">
        {bookings.map((booking) => (
          <li key={booking.id}>
            <Link
              to={`/admin/bookings/${booking.id}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-amber-300 bg-white px-3 py-2 text-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <span className="font-semibold text-brand-800 underline underline-offset-4">{text.open(booking.id)}</span>
              <span>{booking.customerName}</span>
              <span className="tabular-nums">
                {formatListDate(booking.date)} {staffTimeText(booking)}
              </span>
              <span>{SERVICE_TYPE_LABELS[booking.serviceType]}</span>
              <BookingStatusBadge status={booking.status} />
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={text.dismiss}
        className="absolute right-2 top-2 rounded-md p-2 text-slate-700 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </section>
  );
}
