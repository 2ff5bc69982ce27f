import { CalendarPlus, Phone } from "lucide-react";
import { buttonVariants } from "@/client/components/ui/button";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { BookingLinkView } from "@/common/schemas/booking-links";
import { formatBookingDate, telHref } from "../lib/format";
import { bookingLinkPageText } from "../text";
import { Row, Section } from "./section";
import { timeSlotText } from "@/common/booking-rules";

const text = bookingLinkPageText.details;

/** rules §2: date, time window, service, model, customer, address, technician, and the .ics download. */
export function BookingDetails({ view }: { view: BookingLinkView }) {
  const { booking, technician } = view;
  const place = [booking.postalCode, booking.city].filter(Boolean).join(" ");
  return (
    <Section id="booking-link-details" title={text.heading}>
      <dl className="grid gap-3">
        <Row label={text.date}>
          <span className="inline-block first-letter:uppercase">{formatBookingDate(booking.date)}</span>
        </Row>
        <Row label={text.time}>
          <span className="tabular-nums">{timeSlotText(booking.timeSlot)}</span>
        </Row>
        <Row label={text.service}>{SERVICE_TYPE_LABELS[booking.serviceType] ?? booking.serviceType}</Row>
        {booking.serviceType !== "hembesok" && <Row label={text.model}>{booking.heatpumpModel || text.noModel}</Row>}
        <Row label={text.customer}>{booking.customerName}</Row>
        <Row label={text.address}>{[booking.address, place].filter(Boolean).join(", ")}</Row>
        <Row label={text.technician}>
          {technician ? (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>{technician.name}</span>
              {technician.phone && (
                <a
                  href={telHref(technician.phone)}
                  aria-label={text.callTechnician(technician.name, technician.phone)}
                  className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
                >
                  <Phone className="size-4" aria-hidden="true" />
                  {technician.phone}
                </a>
              )}
            </span>
          ) : (
            <span className="text-slate-700">{text.noTechnician}</span>
          )}
        </Row>
        {booking.description && (
          <Row label={text.description}>
            <span className="whitespace-pre-line">{booking.description}</span>
          </Row>
        )}
      </dl>
      <a href={view.calendarUrl} download={`${booking.id}.ics`} className={buttonVariants({ variant: "secondary", className: "mt-4 w-full sm:w-auto" })}>
        <CalendarPlus aria-hidden="true" />
        {text.addToCalendar}
      </a>
    </Section>
  );
}
