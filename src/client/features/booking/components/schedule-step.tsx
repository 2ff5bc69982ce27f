import { CircleAlert, Info, LoaderCircle } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { FieldError } from "@/client/components/ui/label";
import { cn } from "@/client/lib/cn";
import {
  BOOKING_LIMITS,
  bookableDatesInRange,
  bookableSlots,
  bookingInfoText,
  bookingWindow,
  closedDayName,
  daysBetween,
  installationHint,
  isBookableDate,
  timeSlotText,
  type IsoDate,
  type TimeSlot,
} from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import type { BookingFormValues } from "@/common/schemas/bookings";
import { useDayAvailability } from "../api/get-day-availability";
import { useRangeAvailability } from "../api/get-range-availability";
import { availabilityErrorMessage } from "../lib/availability-errors";
import { formatLongDate } from "@/client/lib/format-date";
import { monthOf, type YearMonth } from "@/client/lib/month-grid";
import type { SlotConflict } from "../lib/slot-conflict";
import { bookingText } from "../text";
import { MonthCalendar } from "@/client/components/month-calendar";

const text = bookingText.schedule;

type SlotsState = { kind: "placeholder" } | { kind: "loading" } | { kind: "ready"; slots: TimeSlot[] };

/**
 * Step 2 'Välj tid' (rules §2, §4): a month calendar where only dates with a free slot can be
 * picked, and the free start times of the chosen date. The first free date within 30 days is
 * chosen automatically when the step opens without a date; a chosen time that is no longer free
 * is cleared. When availability cannot be fetched, the rule-computed dates and slots are offered
 * (rules §8) and the server has the last word when the booking is sent. Public holidays and
 * midsommar-, jul- and nyårsafton can never be picked (rules D22) and say why.
 *
 * `conflict`: the time was taken by someone else while the customer filled in step 3 (409). The
 * message stays above the times until another time is chosen; if the date has no free time left,
 * the next date with one is chosen (issue 8).
 */
export function ScheduleStep({ idPrefix, today, conflict = null }: { idPrefix: string; today: IsoDate; conflict?: SlotConflict | null }) {
  const { control, setValue, register, formState } = useFormContext<BookingFormValues>();
  const { errors } = formState;
  const [serviceType, date, timeSlot] = useWatch({ control, name: ["serviceType", "date", "timeSlot"] }) as [ServiceType, string, string];
  const id = (name: string) => `${idPrefix}-${name}`;

  const span = useMemo(() => bookingWindow(serviceType, today), [serviceType, today]);
  const range = useRangeAvailability(serviceType, span.earliest, span.latest);
  const day = useDayAvailability(serviceType, date || null);
  const [month, setMonth] = useState<YearMonth>(() => monthOf(date || span.earliest));

  // Dates that can be picked: the server's free dates, or every rule-bookable date if it failed.
  const enabledDates = useMemo(() => {
    if (range.isSuccess) return new Set(range.data.dates.filter((d) => d.available && isBookableDate(serviceType, d.date, today)).map((d) => d.date));
    if (range.isError) return new Set(bookableDatesInRange(serviceType, span.earliest, span.latest, today));
    return new Set<IsoDate>();
  }, [range.isSuccess, range.isError, range.data, serviceType, today, span]);

  useEffect(() => {
    if (range.isError) console.error(availabilityErrorMessage(range.error), range.error);
  }, [range.isError, range.error]);
  useEffect(() => {
    if (day.isError) console.error(bookingText.availabilityConsole.errorFetchingTimes, availabilityErrorMessage(day.error), day.error);
  }, [day.isError, day.error]);

  const selectDate = (next: IsoDate) => {
    setValue("date", next, { shouldValidate: true, shouldDirty: true });
    if (next !== date) setValue("timeSlot", "", { shouldDirty: true });
  };

  // rules §4: with no date chosen, the first bookable date with a free slot from tomorrow, searching
  // up to 30 days, is chosen once when the step opens (after the free dates have arrived).
  const autoSelect = useRef(!date);
  useEffect(() => {
    if (!autoSelect.current || range.isPending) return;
    autoSelect.current = false;
    const first = [...enabledDates].sort().find((d) => d > today && daysBetween(today, d) <= BOOKING_LIMITS.autoSelectSearchDays);
    if (first) {
      setValue("date", first, { shouldDirty: true });
      setValue("timeSlot", "");
      setMonth(monthOf(first));
    }
  }, [range.isPending, enabledDates, today, setValue]);

  const slotsState: SlotsState = !date
    ? { kind: "placeholder" }
    : day.isFetching || day.isPending
      ? { kind: "loading" }
      : day.isError
        ? { kind: "ready", slots: bookableSlots(serviceType, date, today) }
        : { kind: "ready", slots: day.data.slots.filter((s) => s.available) };
  const offered = slotsState.kind === "ready" ? slotsState.slots.map((s) => s.label).join(",") : null;

  // After a 409: once fresh answers are in (newer than the conflict), a date left without a free time
  // gives way to the next date that has one (or the first free date, when none comes after it).
  const [movedTo, setMovedTo] = useState<IsoDate | null>(null);
  const handledConflict = useRef<number | null>(null);
  useEffect(() => {
    if (!conflict || handledConflict.current === conflict.at || date !== conflict.date) return;
    const fresh = (query: { dataUpdatedAt: number; isFetching: boolean; isSuccess: boolean }) =>
      query.isSuccess && !query.isFetching && query.dataUpdatedAt >= conflict.at;
    if (!fresh(range) || !fresh(day)) return;
    handledConflict.current = conflict.at;
    if (day.data?.slots.some((s) => s.available)) return;
    const free = [...enabledDates].filter((d) => d !== conflict.date).sort();
    const next = free.find((d) => d > conflict.date) ?? free[0];
    if (!next) return;
    setValue("date", next, { shouldDirty: true });
    setValue("timeSlot", "", { shouldDirty: true });
    setMonth(monthOf(next));
    setMovedTo(next);
  }, [conflict, date, range, day, enabledDates, setValue]);

  // rules §4: a chosen time that is no longer free is cleared.
  useEffect(() => {
    if (offered === null || !timeSlot) return;
    if (!offered.split(",").includes(timeSlot)) setValue("timeSlot", "");
  }, [offered, timeSlot, setValue]);

  const infoId = id("schedule-info");
  return (
    <div className="grid gap-6">
      <div id={infoId} className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-900">
        <Info className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="grid gap-2">
          <p>{bookingInfoText[serviceType]}</p>
          {serviceType === "installation" && (
            <div>
              <p className="font-semibold">{installationHint.title}</p>
              <ul className="mt-1 list-disc pl-5">
                {installationHint.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-2">
        <section data-field-group="date" aria-labelledby={id("date-heading")} className="grid content-start gap-3">
          <h3 id={id("date-heading")} className="text-lg font-semibold text-slate-900">
            {text.dateHeading}
          </h3>
          {range.isPending && (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              {text.calendarLoading}
            </p>
          )}
          <MonthCalendar
            id={id("calendar")}
            month={month}
            onMonthChange={setMonth}
            min={span.earliest}
            max={span.latest}
            isEnabled={(d) => enabledDates.has(d)}
            closedName={closedDayName}
            selected={date}
            onSelect={selectDate}
            today={today}
            busy={range.isPending}
            describedBy={errors.date ? id("date-error") : undefined}
          />
          <FieldError id={id("date-error")}>{errors.date?.message}</FieldError>
          {date && (
            <p className="text-sm text-slate-800">
              {text.selectedDate}: <span className="font-semibold">{formatLongDate(date)}</span>
            </p>
          )}
        </section>

        <section data-field-group="timeSlot" aria-labelledby={id("time-heading")} className="grid content-start gap-3">
          <h3 id={id("time-heading")} className="text-lg font-semibold text-slate-900">
            {text.timeHeading}
          </h3>
          <fieldset
            aria-describedby={errors.timeSlot ? id("timeSlot-error") : undefined}
            aria-busy={slotsState.kind === "loading" || undefined}
            className="grid gap-3"
          >
            <legend className="mb-2 text-sm font-medium text-slate-900">{text.timeLegend}</legend>
            {conflict && (
              <div role="alert" className="flex gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <div className="grid gap-1">
                  <p className="font-semibold">{conflict.message}</p>
                  <p>
                    {movedTo
                      ? text.conflictMovedTo(formatLongDate(conflict.date), formatLongDate(movedTo))
                      : text.conflictTaken(timeSlotText(conflict.timeSlot), formatLongDate(conflict.date))}
                  </p>
                </div>
              </div>
            )}
            {slotsState.kind === "placeholder" && <p className="text-sm text-slate-700">{text.placeholder}</p>}
            {slotsState.kind === "loading" && (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                {text.loading}
              </p>
            )}
            {slotsState.kind === "ready" && slotsState.slots.length === 0 && (
              <p role="status" className="text-sm text-slate-700">
                {text.empty}
              </p>
            )}
            {slotsState.kind === "ready" && slotsState.slots.length > 0 && (
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {slotsState.slots.map((slot) => (
                  <label
                    key={slot.label}
                    className={cn(
                      "flex cursor-pointer items-center justify-center gap-2 rounded-md border-2 px-2 py-2.5 text-sm font-medium tabular-nums",
                      "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700",
                      timeSlot === slot.label ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-900 hover:border-brand-700",
                    )}
                  >
                    <input type="radio" value={slot.label} className="size-4 accent-white" {...register("timeSlot")} />
                    {timeSlotText(slot.label)}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <FieldError id={id("timeSlot-error")}>{errors.timeSlot?.message}</FieldError>
        </section>
      </div>
    </div>
  );
}
