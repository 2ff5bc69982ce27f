import { forwardRef } from "react";
import { FieldError } from "@/client/components/ui/label";
import { Link } from "@/client/components/ui/link";
import { cn } from "@/client/lib/cn";
import { staffTimeText, timeSlotText, type TimeSlot } from "@/common/booking-rules";
import { BOOKING_STATUS_LABELS, SERVICE_TYPE_LABELS } from "@/common/constants";
import type { AdminSlot } from "@/common/schemas/admin-bookings";
import { adminBookingsText } from "../text";

const text = adminBookingsText.slots;

/**
 * A time to offer; with the server's state (issue 23 point 7) only a free one can be chosen, and
 * the new-booking form offers its free technicians (rules D25).
 */
export type PickerSlot = TimeSlot & Partial<Pick<AdminSlot, "state" | "takenBy" | "blockedBy" | "freeTechnicians">>;

type SlotRadioGroupProps = {
  id: string;
  name: string;
  legend: string;
  slots: readonly PickerSlot[];
  value: string;
  onChange: (label: string) => void;
  /** Shown instead of the slots when there are none (no date chosen yet, or none left). */
  emptyText: string;
  error?: string;
  disabled?: boolean;
  /** The settings' bookings per day, for the text of a full day. */
  maxPerDay?: number;
  /** A line under the legend, e.g. that the states could not be read. */
  notice?: string;
};

/** A slot without a state (the server's answer is missing) is offered; the server decides when it is sent. */
export const isSelectable = (slot: PickerSlot) => slot.state === undefined || slot.state === "free";

/**
 * What a picker shows besides its slots: the labels that may be chosen (a chosen time not among them
 * is cleared by the form), and the line under the legend when the states could not be read or no
 * time of the day is free.
 */
export function slotChoice(slots: readonly PickerSlot[], statesFailed: boolean): { selectableLabels: string[]; notice: string | undefined } {
  const selectableLabels = slots.filter(isSelectable).map((s) => s.label);
  const notice = statesFailed ? text.loadFailed : slots.length > 0 && selectableLabels.length === 0 ? text.noneFree : undefined;
  return { selectableLabels, notice };
}

/**
 * Time slots as a grid of radio buttons (the booking wizard's look): arrow keys move between them,
 * the error line is tied to the group. The ref goes to the first radio, so a form can focus it.
 * A time that cannot be booked stays in the grid, disabled, saying why: who has it (with a link to
 * that booking, in a new tab so the form is kept), the blocked time's reason, passed or a full day.
 */
export const SlotRadioGroup = forwardRef<HTMLInputElement, SlotRadioGroupProps>(function SlotRadioGroup(
  { id, name, legend, slots, value, onChange, emptyText, error, disabled, maxPerDay, notice },
  ref,
) {
  const errorId = `${id}-error`;
  return (
    <fieldset id={id} aria-describedby={error ? errorId : undefined} className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      {notice && <p className="text-sm text-amber-900">{notice}</p>}
      {slots.length === 0 ? (
        <p className="text-sm text-slate-700">{emptyText}</p>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {slots.map((slot, index) => {
            const selectable = isSelectable(slot);
            const noteId = `${id}-${slot.label.replace(/\D/g, "")}-note`;
            const radio = (
              <input
                ref={index === 0 ? ref : undefined}
                type="radio"
                name={name}
                value={slot.label}
                checked={value === slot.label}
                disabled={!selectable}
                onChange={() => onChange(slot.label)}
                aria-invalid={error ? true : undefined}
                aria-describedby={selectable ? undefined : noteId}
                className="size-4 accent-white"
              />
            );
            if (selectable) {
              return (
                <label
                  key={slot.label}
                  className={cn(
                    "flex cursor-pointer items-center justify-center gap-2 rounded-md border-2 px-2 py-2.5 text-sm font-medium tabular-nums",
                    "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700",
                    value === slot.label ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-900 hover:border-brand-700",
                  )}
                >
                  {radio}
                  {timeSlotText(slot.label)}
                </label>
              );
            }
            return (
              <div key={slot.label} className="grid gap-1 rounded-md border-2 border-dashed border-slate-300 bg-slate-100 px-2 py-2 text-sm text-slate-700">
                <label className="flex cursor-not-allowed items-center justify-center gap-2 font-medium tabular-nums">
                  {radio}
                  {timeSlotText(slot.label)}
                </label>
                <SlotNote id={noteId} slot={slot} maxPerDay={maxPerDay} />
              </div>
            );
          })}
        </div>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
});

/** Why a time cannot be chosen. */
function SlotNote({ id, slot, maxPerDay }: { id: string; slot: PickerSlot; maxPerDay?: number }) {
  if (slot.state === "taken") {
    return (
      <ul id={id} className="grid gap-1 text-xs break-words">
        {(slot.takenBy ?? []).map((booking) => (
          <li key={booking.id}>
            <span className="font-semibold">{text.taken(booking.customerName)}</span>
            <span className="block">
              {text.takenDetails(SERVICE_TYPE_LABELS[booking.serviceType], staffTimeText(booking), BOOKING_STATUS_LABELS[booking.status])}
            </span>
            <Link to={`/admin/bookings/${booking.id}`} target="_blank" rel="noopener" className="font-medium text-brand-800 underline underline-offset-2">
              {text.openBooking(booking.id)}
              <span className="sr-only"> {text.opensInNewTab}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  const reason =
    slot.state === "blocked"
      ? text.blocked(
          (slot.blockedBy ?? [])
            .map((b) => b.reason)
            .filter(Boolean)
            .join(", "),
        )
      : slot.state === "past"
        ? text.past
        : text.full(maxPerDay);
  return (
    <p id={id} className="text-center text-xs font-semibold break-words">
      {reason}
    </p>
  );
}
