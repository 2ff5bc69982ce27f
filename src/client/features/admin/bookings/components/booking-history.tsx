import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, type BookingStatus } from "@/common/constants";
import type { BookingEvent } from "@/common/schemas/admin-bookings";
import { formatSlotKey } from "../../lib/format";
import { formatListDateTime } from "@/common/format";
import { adminBookingsText } from "../text";

const text = adminBookingsText.history;

function actorOf(event: BookingEvent): string {
  // Issue 14: changes the customer made through their link show as made by the customer.
  if (event.actor === "customer") return text.customer;
  if (event.actor === "system") return text.system;
  const role = text.actors[event.actor];
  return event.actorName ? `${event.actorName} (${role})` : role;
}

function valueOf(event: BookingEvent, value: string | null): string | null {
  if (value === null) return null;
  if ((event.kind === "status" || event.kind === "cancelled") && (BOOKING_STATUSES as readonly string[]).includes(value)) {
    return BOOKING_STATUS_LABELS[value as BookingStatus];
  }
  if (event.kind === "reschedule" || event.kind === "created") return formatSlotKey(value);
  return value;
}

/** Every status change, reschedule and link change of the booking: who, when, from what, to what (issue 14). */
export function BookingHistory({ events }: { events: BookingEvent[] }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {text.heading}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-sm text-slate-700">{text.empty}</p>
        ) : (
          <ol className="grid gap-3 border-l-2 border-slate-200 pl-4">
            {events.map((event) => {
              const from = valueOf(event, event.from);
              const to = valueOf(event, event.to);
              return (
                <li key={event.id} className="grid gap-0.5 text-sm">
                  <p className="font-semibold text-slate-900">{text.kinds[event.kind]}</p>
                  <p className="text-slate-700">
                    <time dateTime={event.at}>{formatListDateTime(event.at)}</time> · {actorOf(event)}
                  </p>
                  {(from || to) && <p className="text-slate-900">{from && to ? text.fromTo(from, to) : from ? text.fromOnly(from) : to}</p>}
                  {event.note && <p className="whitespace-pre-line text-slate-900">{text.note(event.note)}</p>}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
