import { forwardRef } from "react";
import { FieldError } from "@/client/components/ui/label";
import { cn } from "@/client/lib/cn";
import type { TimeSlot } from "@/common/booking-rules";
import { timeSlotText } from "@/common/booking-rules";

type SlotRadioGroupProps = {
  id: string;
  name: string;
  legend: string;
  slots: readonly TimeSlot[];
  value: string;
  onChange: (label: string) => void;
  /** Shown instead of the slots when there are none (no date chosen yet, or none left). */
  emptyText: string;
  error?: string;
  disabled?: boolean;
};

/**
 * Time slots as a grid of radio buttons (the booking wizard's look): arrow keys move between them,
 * the error line is tied to the group. The ref goes to the first radio, so a form can focus it.
 */
export const SlotRadioGroup = forwardRef<HTMLInputElement, SlotRadioGroupProps>(function SlotRadioGroup(
  { id, name, legend, slots, value, onChange, emptyText, error, disabled },
  ref,
) {
  const errorId = `${id}-error`;
  return (
    <fieldset id={id} aria-describedby={error ? errorId : undefined} className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      {slots.length === 0 ? (
        <p className="text-sm text-slate-700">{emptyText}</p>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {slots.map((slot, index) => (
            <label
              key={slot.label}
              className={cn(
                "flex cursor-pointer items-center justify-center gap-2 rounded-md border-2 px-2 py-2.5 text-sm font-medium tabular-nums",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700",
                value === slot.label ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-900 hover:border-brand-700",
              )}
            >
              <input
                ref={index === 0 ? ref : undefined}
                type="radio"
                name={name}
                value={slot.label}
                checked={value === slot.label}
                onChange={() => onChange(slot.label)}
                aria-invalid={error ? true : undefined}
                className="size-4 accent-white"
              />
              {timeSlotText(slot.label)}
            </label>
          ))}
        </div>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
});
