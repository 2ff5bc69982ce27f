import { BookingStatusBadge } from "@/client/components/ui/booking-status-badge";
import { BOOKING_STATUSES, type BookingStatus } from "@/common/constants";

/** A planned visit's status in Swedish ('Planerad', 'Bekräftad', 'Omplanerad', 'Pågående'). */
export function VisitStatus({ status }: { status: string }) {
  if (!(BOOKING_STATUSES as readonly string[]).includes(status)) return null;
  return <BookingStatusBadge status={status as BookingStatus} />;
}
