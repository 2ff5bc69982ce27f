import { BOOKING_STATUS_LABELS, type BookingStatus } from "@/common/constants";
import { Badge, type BadgeTone } from "./badge";

const TONES: Record<BookingStatus, BadgeTone> = {
  planned: "neutral",
  confirmed: "info",
  in_progress: "warning",
  completed: "success",
  cancelled: "danger",
  rescheduled: "brand",
};

/** A booking's status in Swedish (rules §4 labels), for staff and customer pages alike. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <Badge tone={TONES[status]}>{BOOKING_STATUS_LABELS[status]}</Badge>;
}
