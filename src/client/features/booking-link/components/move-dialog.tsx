import { LoaderCircle } from "lucide-react";
import { useId, useMemo, useState, type FormEvent } from "react";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { FieldError } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/toast-store";
// The booking wizard's month calendar and its Swedish texts (issue 14: reuse them): a customer
// moving a visit picks a date exactly as when booking it.
import { MonthCalendar } from "@/client/components/month-calendar";
import { monthOf, type YearMonth } from "@/client/lib/month-grid";
import { errorMessage } from "@/client/lib/api-error";
import { cn } from "@/client/lib/cn";
import { scheduleText } from "@/client/lib/schedule-text";
import { bookingWindow, isBookableDate, timeSlotText, todayIn, type IsoDate } from "@/common/booking-rules";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { BookingLinkView } from "@/common/schemas/booking-links";
import { useAvailabilityDay } from "../api/get-availability-day";
import { useAvailabilityRange } from "../api/get-availability-range";
import { useMoveBooking } from "../api/move-booking";
import { formatBookingDate, formatVisit } from "../lib/format";
import { bookingLinkPageText } from "../text";

const text = bookingLinkPageText.moveDialog;

/**
 * Moves the visit to another free time of the same service: the dates and times of the public
 * booking rules that are free now (GET /api/availability/range and /day). The server decides with
 * the same rules and constraint as a new booking; a refusal (409 taken or too late, 422 rules) is
 * shown in Swedish in the dialog and the free times are asked again.
 */
export default function MoveDialog({ token, view, onClose }: { token: string; view: BookingLinkView; onClose: () => void }) {
  const id = useId().replace(/:/g, "");
  const { serviceType } = view.booking;
  const today = useMemo(() => todayIn(new Date()), []);
  const span = useMemo(() => bookingWindow(serviceType, today), [serviceType, today]);
  const range = useAvailabilityRange(serviceType, span.earliest, span.latest);
  const [date, setDate] = useState<IsoDate>("");
  const [timeSlot, setTimeSlot] = useState("");
  const [month, setMonth] = useState<YearMonth>(() => monthOf(span.earliest));
  const [error, setError] = useState<string | null>(null);
  const day = useAvailabilityDay(serviceType, date || null);
  const move = useMoveBooking(token);

  const enabledDates = useMemo(
    () => new Set(range.data?.dates.filter((d) => d.available && isBookableDate(serviceType, d.date, today)).map((d) => d.date) ?? []),
    [range.data, serviceType, today],
  );
  const slots = day.data?.slots.filter((slot) => slot.available) ?? [];
  const loadingTimes = !!date && (day.isPending || day.isFetching);

  const pickDate = (next: IsoDate) => {
    setDate(next);
    setTimeSlot("");
    setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!date || !timeSlot) {
      setError(text.chooseTime);
      return;
    }
    setError(null);
    move.mutate(
      { date, timeSlot },
      {
        onSuccess: (moved) => {
          toast({ title: text.doneTitle, description: text.doneDescription(formatVisit(moved.booking.date, moved.booking.timeSlot)) });
          onClose();
        },
        onError: (failure) => {
          setTimeSlot("");
          setError(errorMessage(failure, text.failed));
        },
      },
    );
  };

  const errorId = `${id}-error`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description(SERVICE_TYPE_LABELS[serviceType])}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-slate-800">{text.current(formatVisit(view.booking.date, view.booking.timeSlot))}</p>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <section aria-labelledby={`${id}-date-heading`} className="grid gap-2">
            <h3 id={`${id}-date-heading`} className="font-semibold text-slate-900">
              {scheduleText.dateHeading}
            </h3>
            {range.isPending && (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                {scheduleText.calendarLoading}
              </p>
            )}
            {range.isError && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {text.calendarFailed}
              </p>
            )}
            <MonthCalendar
              id={`${id}-calendar`}
              month={month}
              onMonthChange={setMonth}
              min={span.earliest}
              max={span.latest}
              isEnabled={(d) => enabledDates.has(d)}
              selected={date}
              onSelect={pickDate}
              today={today}
              busy={range.isPending}
            />
            {date && (
              <p className="text-sm text-slate-800">
                {scheduleText.selectedDate}: <span className="font-semibold">{formatBookingDate(date)}</span>
              </p>
            )}
          </section>

          <fieldset aria-busy={loadingTimes || undefined} aria-describedby={error ? errorId : undefined} className="grid gap-3">
            <legend className="mb-2 font-semibold text-slate-900">{scheduleText.timeLegend}</legend>
            {!date && <p className="text-sm text-slate-700">{scheduleText.placeholder}</p>}
            {loadingTimes && (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                {scheduleText.loading}
              </p>
            )}
            {date && !loadingTimes && slots.length === 0 && (
              <p role="status" className="text-sm text-slate-700">
                {scheduleText.empty}
              </p>
            )}
            {date && !loadingTimes && slots.length > 0 && (
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {slots.map((slot) => (
                  <label
                    key={slot.label}
                    className={cn(
                      "flex cursor-pointer items-center justify-center gap-2 rounded-md border-2 px-2 py-2.5 text-sm font-medium tabular-nums",
                      "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700",
                      timeSlot === slot.label ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-900 hover:border-brand-700",
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-time`}
                      value={slot.label}
                      checked={timeSlot === slot.label}
                      onChange={() => {
                        setTimeSlot(slot.label);
                        setError(null);
                      }}
                      className="size-4 accent-white"
                    />
                    {timeSlotText(slot.label)}
                  </label>
                ))}
              </div>
            )}
            <div role="alert">{error && <FieldError id={errorId}>{error}</FieldError>}</div>
          </fieldset>

          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={move.isPending}>
              {move.isPending ? text.confirming : text.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
