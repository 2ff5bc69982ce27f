import { Select } from "@/client/components/ui/select";
import { toast } from "@/client/components/ui/toast-store";
import { ApiError } from "@/client/lib/api-error";
import { cn } from "@/client/lib/cn";
import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, type BookingStatus } from "@/common/constants";
import { useUpdateBookingStatus } from "../api/update-booking-status";
import { adminBookingsText } from "../text";

const text = adminBookingsText.status;

/**
 * The status dropdown of a booking (rules §2 list actions and detail page; §4: an admin may set any
 * status). A change is sent at once, with the §8 toasts; on failure the dropdown shows the old status.
 */
export function StatusSelect({
  bookingId,
  status,
  id,
  label,
  className,
}: {
  bookingId: number;
  status: BookingStatus;
  id?: string;
  /** The accessible name when no visible <Label htmlFor={id}> names it. */
  label?: string;
  className?: string;
}) {
  const update = useUpdateBookingStatus();
  const shown = update.isPending ? update.variables.status : status;

  const change = (next: BookingStatus) => {
    if (next === status) return;
    update.mutate(
      { id: bookingId, status: next },
      {
        onSuccess: () => toast({ title: text.successTitle, description: text.successDescription }),
        onError: (error) => {
          console.error(text.callFailed, error);
          toast({
            variant: "destructive",
            title: text.failureTitle,
            // A 409 says why (e.g. a cancelled booking's time was taken meanwhile); other failures get §8's text.
            description: error instanceof ApiError && error.status === 409 && error.serverMessage ? error.serverMessage : text.failureDescription,
          });
        },
      },
    );
  };

  return (
    <Select
      id={id}
      aria-label={label}
      value={shown}
      // Not disabled while saving: a disabled control would drop the keyboard focus.
      aria-busy={update.isPending || undefined}
      onChange={(event) => change(event.target.value as BookingStatus)}
      className={cn("w-auto min-w-36", className)}
    >
      {BOOKING_STATUSES.map((value) => (
        <option key={value} value={value}>
          {BOOKING_STATUS_LABELS[value]}
        </option>
      ))}
    </Select>
  );
}
