import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/client/components/ui/button";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { IsoDate } from "@/common/booking-rules";
import { AbsenceInputSchema, technicianCalendarText, type AbsenceForm as AbsenceFormBody, type AbsenceInput } from "@/common/schemas/technician-calendars";
import { useAddAbsence } from "../api";
import { planningPageText } from "../text";

const text = planningPageText.calendars.add;

type AbsenceFormValues = { fromDate: string; toDate: string; wholeDay: boolean; startTime: string; endTime: string; reason: string };

const EMPTY: AbsenceFormValues = { fromDate: "", toDate: "", wholeDay: true, startTime: "", endTime: "", reason: "" };

/**
 * The form's values as the API's body, checked by the shared contract: a whole day has no times
 * (null, null); otherwise both times must be given. Plus what the contract cannot know without a
 * clock: the first day must not have passed (the server refuses it too).
 */
function absenceFormSchema(today: IsoDate) {
  return z
    .object({ fromDate: z.string(), toDate: z.string(), wholeDay: z.boolean(), startTime: z.string(), endTime: z.string(), reason: z.string() })
    .transform((v): AbsenceFormBody => ({
      fromDate: v.fromDate,
      toDate: v.toDate,
      startTime: v.wholeDay ? null : v.startTime,
      endTime: v.wholeDay ? null : v.endTime,
      reason: v.reason,
    }))
    .pipe(AbsenceInputSchema)
    .refine((v) => v.fromDate >= today, { path: ["fromDate"], error: technicianCalendarText.pastDate });
}

/**
 * Adds an absence (holiday, sick, course; rules D25) of whole days or of a time each day, from one
 * date to another. The server's refusal, such as visits the technician has in it, is shown above the button.
 */
export function AbsenceForm({ technicianId, today }: { technicianId: number; today: IsoDate }) {
  const add = useAddAbsence(technicianId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<AbsenceFormValues, unknown, AbsenceInput>({
    defaultValues: EMPTY,
    resolver: zodResolver(absenceFormSchema(today)) as unknown as Resolver<AbsenceFormValues, unknown, AbsenceInput>,
  });
  const wholeDay = watch("wholeDay");
  const id = `absence-${technicianId}`;

  const onSubmit = (input: AbsenceInput) => {
    setFailure(null);
    add.mutate(input, {
      onSuccess: () => {
        reset(EMPTY);
        toast({ title: text.added });
      },
      onError: (error) => setFailure(errorMessage(error, text.addFailed)),
    });
  };

  // A one-day absence is the common case: the last day follows the first until it is set later.
  const fromDate = register("fromDate", {
    onChange: (event: { target: { value: string } }) => {
      const to = getValues("toDate");
      if (!to || to < event.target.value) setValue("toDate", event.target.value);
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-3">
      <h4 className="font-semibold text-slate-900">{text.title}</h4>
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 sm:max-w-md">
        <TextField id={`${id}-from`} type="date" label={text.fromDate} min={today} error={errors.fromDate?.message} {...fromDate} />
        <TextField id={`${id}-to`} type="date" label={text.toDate} min={today} error={errors.toDate?.message} {...register("toDate")} />
      </div>
      <label className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-900">
        <input type="checkbox" className="size-5 shrink-0 accent-brand-700" {...register("wholeDay")} />
        {text.wholeDay}
      </label>
      {!wholeDay && (
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <TextField id={`${id}-start`} type="time" label={text.startTime} error={errors.startTime?.message} {...register("startTime")} />
          <TextField id={`${id}-end`} type="time" label={text.endTime} error={errors.endTime?.message} {...register("endTime")} />
        </div>
      )}
      <TextField
        id={`${id}-reason`}
        label={text.reason}
        placeholder={text.reasonPlaceholder}
        maxLength={200}
        autoComplete="off"
        className="grid gap-1.5 sm:max-w-md"
        error={errors.reason?.message}
        {...register("reason")}
      />
      <div role="alert">{failure && <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">{failure}</p>}</div>
      <div>
        <Button type="submit" variant="secondary" disabled={add.isPending} className="max-sm:w-full">
          {add.isPending ? text.submitting : text.submit}
        </Button>
      </div>
    </form>
  );
}
