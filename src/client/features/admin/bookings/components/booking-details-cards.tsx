import { Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { AdminBookingDetail } from "@/common/schemas/admin-bookings";
import { formatLongDate } from "../../lib/format";
import { formatListDateTime } from "@/common/format";
import { adminBookingsText } from "../text";
import { staffTimeText } from "@/common/booking-rules";

const text = adminBookingsText.detail;

/** One label and value of a card, as a row of a description list. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const orNone = (value: string | null | undefined) => (value && value.trim() ? value : text.none);

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** rules §2 booking card: date, time slot, service type, description, heat pump model, notes, created time. */
export function BookingInfoCard({ booking }: { booking: AdminBookingDetail["booking"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.bookingCard}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <Field label={text.date}>{formatLongDate(booking.date)}</Field>
          <Field label={text.timeSlot}>
            <span className="tabular-nums">{staffTimeText(booking)}</span>
          </Field>
          <Field label={text.serviceType}>{SERVICE_TYPE_LABELS[booking.serviceType]}</Field>
          <Field label={text.description}>
            <span className="whitespace-pre-line">{orNone(booking.description)}</span>
          </Field>
          {booking.serviceType !== "hembesok" && <Field label={text.heatpumpModel}>{orNone(booking.heatpumpModel)}</Field>}
          <Field label={text.notes}>
            <span className="whitespace-pre-line">{orNone(booking.notes)}</span>
          </Field>
          <Field label={text.technician}>
            {booking.technician ? (
              <>
                {booking.technician.name}
                {booking.technician.phone && (
                  <>
                    {" · "}
                    <a href={telHref(booking.technician.phone)} className="text-brand-700 underline underline-offset-4">
                      {booking.technician.phone}
                    </a>
                  </>
                )}
              </>
            ) : (
              text.noTechnician
            )}
          </Field>
          <Field label={text.createdAt}>{formatListDateTime(booking.createdAt)}</Field>
        </dl>
      </CardContent>
    </Card>
  );
}

type Person = AdminBookingDetail["contact"];

function PersonFields({ person }: { person: Person }) {
  return (
    <>
      <Field label={text.name}>{person.name}</Field>
      <Field label={text.phone}>
        <a href={telHref(person.phone)} className="inline-flex items-center gap-1.5 text-brand-700 underline underline-offset-4">
          <Phone className="size-4" aria-hidden="true" />
          {person.phone}
        </a>
      </Field>
      <Field label={text.email}>
        <a href={`mailto:${person.email}`} className="inline-flex items-center gap-1.5 text-brand-700 underline underline-offset-4">
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          {person.email}
        </a>
      </Field>
      <Field label={text.address}>{person.address}</Field>
      <Field label={text.postalCity}>
        {person.postalCode} {person.city}
      </Field>
    </>
  );
}

const PERSON_KEYS = ["name", "email", "phone", "address", "postalCode", "city"] as const;

function differs(a: Person, b: Person) {
  return PERSON_KEYS.some((key) => a[key].trim() !== b[key].trim());
}

/**
 * rules §2 customer card: name, phone (tel:), e-mail (mailto:), address, postal code and city, notes.
 * The booking keeps its own copy of the contact details; when the customer record says otherwise
 * (the customer moved, staff corrected the register) both are shown.
 */
export function CustomerCard({ contact, customer }: { contact: Person; customer: AdminBookingDetail["customer"] }) {
  const recordDiffers = differs(contact, customer);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.customerCard}</CardTitle>
        {recordDiffers && <p className="text-sm text-slate-600">{text.contactHint}</p>}
      </CardHeader>
      <CardContent className="grid gap-5 p-5 pt-0">
        <dl className="grid gap-3">
          <PersonFields person={contact} />
          <Field label={text.customerNotes}>
            <span className="whitespace-pre-line">{orNone(customer.notes)}</span>
          </Field>
        </dl>
        {recordDiffers && (
          <section aria-labelledby={`customer-record-${customer.id}`} className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <h3 id={`customer-record-${customer.id}`} className="font-semibold text-slate-900">
              {text.recordHeading}
            </h3>
            <p className="text-sm text-slate-800">{text.recordDiffers}</p>
            <dl className="grid gap-3">
              <PersonFields person={customer} />
            </dl>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
