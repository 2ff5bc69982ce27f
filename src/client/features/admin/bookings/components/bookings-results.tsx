import { Phone } from "lucide-react";
import { BookingStatusBadge } from "@/client/components/ui/booking-status-badge";
import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { AdminBookingListItem } from "@/common/schemas/admin-bookings";
import { joinPresent } from "../../lib/format";
import { formatListDate } from "@/common/format";
import { ResultCards, ResultsTable, type ResultsColumn } from "../../components/list-results";
import { adminBookingsText } from "../text";
import { StatusSelect } from "./status-select";
import { staffTimeText } from "@/common/booking-rules";

const text = adminBookingsText.list;

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

function DetailsLink({ id }: { id: number }) {
  return (
    <Link to={`/admin/bookings/${id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
      {text.details}
      <span className="sr-only"> {text.detailsSuffix(id)}</span>
    </Link>
  );
}

function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className="inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-4 hover:underline">
      <Phone className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{text.phone}: </span>
      {phone}
    </a>
  );
}

const COLUMNS: ResultsColumn[] = [
  { key: "id", header: text.columns.id },
  { key: "dateTime", header: text.columns.dateTime },
  { key: "customer", header: text.columns.customer },
  { key: "service", header: text.columns.service },
  { key: "place", header: text.columns.place },
  { key: "status", header: text.columns.status },
  { key: "actions", header: text.columns.actions },
];

/** The §2 columns on a wide screen: id, date and time, customer with phone, service, place, status, actions. */
export function BookingsTable({ items }: { items: AdminBookingListItem[] }) {
  return (
    <ResultsTable caption={text.tableCaption} columns={COLUMNS}>
      {items.map((b) => (
        <tr key={b.id} className="align-top hover:bg-slate-50">
          <td className="px-3 py-3 font-medium tabular-nums text-slate-900">#{b.id}</td>
          <td className="px-3 py-3 whitespace-nowrap">
            <div className="text-slate-900">{formatListDate(b.date)}</div>
            <div className="tabular-nums text-slate-700">{staffTimeText(b)}</div>
          </td>
          <th scope="row" className="px-3 py-3 text-left font-normal">
            <div className="font-medium text-slate-900">{b.customerName}</div>
            <PhoneLink phone={b.customerPhone} />
          </th>
          <td className="px-3 py-3 text-slate-900">{SERVICE_TYPE_LABELS[b.serviceType]}</td>
          <td className="px-3 py-3">
            <div className="text-slate-900">{b.city}</div>
            <div className="text-slate-700">{b.address}</div>
          </td>
          <td className="px-3 py-3">
            <BookingStatusBadge status={b.status} />
          </td>
          <td className="px-3 py-3">
            <div className="flex items-center gap-2">
              <StatusSelect bookingId={b.id} status={b.status} label={adminBookingsText.status.changeLabel(b.id)} className="h-9" />
              <DetailsLink id={b.id} />
            </div>
          </td>
        </tr>
      ))}
    </ResultsTable>
  );
}

/** The same bookings as cards on a phone (390 px): one card per booking, actions at the bottom. */
export function BookingCards({ items }: { items: AdminBookingListItem[] }) {
  return (
    <ResultCards items={items} keyOf={(b) => b.id} titleIdOf={(b) => `booking-${b.id}-title`}>
      {(b) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div>
              <h3 id={`booking-${b.id}-title`} className="font-semibold text-slate-900">
                {b.customerName}
              </h3>
              <p className="text-sm text-slate-700">
                <span className="tabular-nums">#{b.id}</span> · {SERVICE_TYPE_LABELS[b.serviceType]}
              </p>
            </div>
            <BookingStatusBadge status={b.status} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-700">{text.columns.dateTime}</dt>
            <dd className="text-slate-900">
              {formatListDate(b.date)} <span className="tabular-nums">{staffTimeText(b)}</span>
            </dd>
            <dt className="text-slate-700">{text.columns.place}</dt>
            <dd className="text-slate-900">{joinPresent([b.address, b.city])}</dd>
            <dt className="text-slate-700">{text.phone}</dt>
            <dd>
              <a href={telHref(b.customerPhone)} className="text-brand-700 underline underline-offset-4">
                {b.customerPhone}
              </a>
            </dd>
          </dl>
          <div className="flex flex-wrap items-center gap-2">
            <StatusSelect bookingId={b.id} status={b.status} label={adminBookingsText.status.changeLabel(b.id)} className="h-9 flex-1" />
            <DetailsLink id={b.id} />
          </div>
        </>
      )}
    </ResultCards>
  );
}
