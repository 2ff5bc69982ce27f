import { timeSlotText } from "@/common/booking-rules";
import { CalendarPlus, CircleCheck, Mail, Printer } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "@/client/components/ui/link";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { CreatedBooking } from "../api/create-booking";
import { formatLongDate } from "@/client/lib/format-date";
import { bookingText } from "../text";

const text = bookingText.success;

/** rules §2 success screen, with the §8 fallbacks for missing values. */
export function BookingSuccess({ booking }: { booking: CreatedBooking }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const customer = booking.customer ?? ({} as Partial<CreatedBooking["customer"]>);
  const place = [customer.postalCode, customer.city].filter(Boolean).join(" ");
  const address = [customer.address, place].filter(Boolean).join(", ");

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col items-start gap-3">
        <CircleCheck className="size-12 text-green-700" aria-hidden="true" />
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 focus:outline-none">
          {text.heading}
        </h1>
        <p className="text-slate-700">{text.confirmation}</p>
      </div>

      <Section title={text.bookingInfo} id="booking-info">
        <Row label={text.bookingNumber} value={String(booking.id)} />
        <Row label={text.service} value={SERVICE_TYPE_LABELS[booking.serviceType] ?? booking.serviceType} />
        <Row label={text.date} value={booking.date ? formatLongDate(booking.date) : text.missingDate} />
        <Row label={text.time} value={booking.timeSlot ? timeSlotText(booking.timeSlot) : text.missingTime} />
        {booking.serviceType !== "hembesok" && <Row label={text.model} value={booking.heatpumpModel || text.noModel} />}
      </Section>

      <Section title={text.customerDetails} id="booking-customer">
        <Row label={text.name} value={customer.name || text.missingName} />
        <Row label={text.email} value={customer.email || text.missingEmail} />
        <Row label={text.phone} value={customer.phone || text.missingPhone} />
        <Row label={text.address} value={address || text.missingAddress} />
      </Section>

      <section aria-labelledby="booking-description" className="rounded-lg border border-slate-200 p-4 sm:p-5">
        <h2 id="booking-description" className="text-lg font-semibold text-slate-900">
          {text.description}
        </h2>
        <p className="mt-2 whitespace-pre-line break-words text-slate-800">{booking.description || text.noDescription}</p>
      </section>

      <p className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-900">
        <Mail className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span>{customer.email ? text.emailNotice(customer.email) : text.emailNoticeNoAddress}</span>
      </p>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap print:hidden">
        {booking.calendarUrl && (
          <a href={booking.calendarUrl} download={`${booking.id}.ics`} className={buttonVariants()}>
            <CalendarPlus aria-hidden="true" />
            {text.addToCalendar}
          </a>
        )}
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          {text.print}
        </Button>
        <Link to="/" className={buttonVariants({ variant: "outline" })}>
          {text.home}
        </Link>
      </div>
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 p-4 sm:p-5">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">{children}</dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="break-words text-slate-900">{value}</dd>
    </>
  );
}
