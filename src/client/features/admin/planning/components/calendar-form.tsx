import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/client/components/ui/button";
import { FieldError } from "@/client/components/ui/label";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { TechnicianCalendarInputSchema, type TechnicianCalendar, type TechnicianCalendarInput } from "@/common/schemas/technician-calendars";
import { useSaveTechnicianCalendar } from "../api";
import { planningPageText } from "../text";

const text = planningPageText.calendars;

/** What the form holds: checkboxes give strings, and an empty time input is the company's hours. */
type CalendarFormValues = { bookable: boolean; everyDay: boolean; workDays: string[]; workStart: string; workEnd: string };

/** Days ticked when the admin leaves 'every day' for the first time: a working week. */
const WEEKDAYS = ["1", "2", "3", "4", "5"];

/**
 * The form's values as the API's body, checked by the shared contract (its messages land on the
 * form's fields of the same names): 'every day' is null days, and empty times the company's hours.
 */
const CalendarFormSchema = z
  .object({ bookable: z.boolean(), everyDay: z.boolean(), workDays: z.array(z.string()), workStart: z.string(), workEnd: z.string() })
  .transform((v) => ({
    bookable: v.bookable,
    workDays: v.everyDay ? null : v.workDays.map(Number),
    workStart: v.workStart || null,
    workEnd: v.workEnd || null,
  }))
  .pipe(TechnicianCalendarInputSchema);

const resolver = zodResolver(CalendarFormSchema) as unknown as Resolver<CalendarFormValues, unknown, TechnicianCalendarInput>;

export function calendarFormValues(calendar: Pick<TechnicianCalendar, "bookable" | "workDays" | "workStart" | "workEnd">): CalendarFormValues {
  return {
    bookable: calendar.bookable,
    everyDay: calendar.workDays === null,
    workDays: calendar.workDays?.map(String) ?? WEEKDAYS,
    workStart: calendar.workStart ?? "",
    workEnd: calendar.workEnd ?? "",
  };
}

/**
 * A technician's bookable switch, working days and hours (rules D25). The contract's messages are
 * shown under their fields; the server's refusal once, above the button; a save is toasted.
 */
export function CalendarForm({ calendar }: { calendar: TechnicianCalendar }) {
  const save = useSaveTechnicianCalendar(calendar.id);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<CalendarFormValues, unknown, TechnicianCalendarInput>({ defaultValues: calendarFormValues(calendar), resolver });
  const everyDay = watch("everyDay");
  const id = `calendar-${calendar.id}`;
  const daysErrorId = `${id}-days-error`;
  const hoursHintId = `${id}-hours-hint`;
  const daysError = errors.workDays?.message ?? errors.workDays?.root?.message;

  const onSubmit = (input: TechnicianCalendarInput) => {
    setFailure(null);
    save.mutate(input, {
      onSuccess: (saved) => {
        reset(calendarFormValues(saved));
        toast({ title: text.saved });
      },
      onError: (error) => setFailure(errorMessage(error, text.saveFailed)),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <label className="flex min-h-10 items-start gap-3 text-sm font-medium text-slate-900">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-700" {...register("bookable")} />
        <span>{text.bookable}</span>
      </label>

      <fieldset className="grid gap-2" aria-describedby={daysError ? daysErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-900">{text.workDays}</legend>
        <label className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-900">
          <input type="checkbox" className="size-5 shrink-0 accent-brand-700" {...register("everyDay")} />
          {text.everyDay}
        </label>
        {!everyDay && (
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {text.weekdays.map(({ day, short, long }) => (
              <label key={day} className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-900">
                {/* The full name for screen readers; the short one, which it begins with, on the screen. */}
                <input
                  type="checkbox"
                  value={String(day)}
                  aria-label={long}
                  aria-invalid={daysError ? true : undefined}
                  className="size-5 shrink-0 accent-brand-700"
                  {...register("workDays")}
                />
                {short}
              </label>
            ))}
          </div>
        )}
        <FieldError id={daysErrorId}>{daysError}</FieldError>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">{text.hours}</legend>
        <p id={hoursHintId} className="text-sm text-slate-600">
          {text.hoursHint}
        </p>
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <TextField
            id={`${id}-start`}
            type="time"
            label={text.workStart}
            aria-describedby={hoursHintId}
            error={errors.workStart?.message}
            {...register("workStart")}
          />
          <TextField
            id={`${id}-end`}
            type="time"
            label={text.workEnd}
            aria-describedby={hoursHintId}
            error={errors.workEnd?.message}
            {...register("workEnd")}
          />
        </div>
      </fieldset>

      <div role="alert">{failure && <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">{failure}</p>}</div>
      <div className="flex sm:justify-end">
        <Button type="submit" disabled={save.isPending} className="max-sm:w-full">
          {save.isPending ? text.saving : text.save}
        </Button>
      </div>
    </form>
  );
}
