import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { FieldError } from "@/client/components/ui/label";
import { TextField } from "@/client/components/ui/text-field";
import { isIsoDate, type IsoDate } from "@/common/booking-rules";
import { BLOCKABLE_SERVICE_TYPES, SERVICE_TYPE_LABELS } from "@/common/constants";
import {
  BLOCKED_TIME_DEFAULTS,
  BlockedTimeInputSchema,
  blockedTimeText,
  type BlockedTimeForm as BlockedTimeFormValues,
  type BlockedTimeInput,
} from "@/common/schemas/blocked-times";
import { blockedTimesText } from "../text";

const text = blockedTimesText.form;

const schemaResolver = zodResolver(BlockedTimeInputSchema) as unknown as Resolver<BlockedTimeFormValues, unknown, BlockedTimeInput>;

/**
 * The shared contract's rules (rules §5 messages), plus the one the contract cannot know without a
 * clock: a date that has already passed cannot be blocked (rules §5; the server refuses it too).
 */
function resolverFor(today: IsoDate): Resolver<BlockedTimeFormValues, unknown, BlockedTimeInput> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    if (isIsoDate(values.date) && values.date < today && !result.errors.date) {
      return { values: {}, errors: { ...result.errors, date: { type: "past", message: blockedTimeText.pastDate } } };
    }
    return result;
  };
}

/** Empty form of a new blocked time: rules §5 defaults 08:00-17:00; every blockable service chosen. */
export function newBlockedTimeValues(): BlockedTimeFormValues {
  return { date: "", ...BLOCKED_TIME_DEFAULTS, reason: "", serviceTypes: [...BLOCKABLE_SERVICE_TYPES] };
}

type BlockedTimeFormProps = {
  defaultValues: BlockedTimeFormValues;
  /** Today in Stockholm: the earliest date that can be picked. */
  today: IsoDate;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal of the last save, shown above the buttons. */
  failure?: string | null;
  onSubmit: (input: BlockedTimeInput) => void;
  onCancel: () => void;
};

/**
 * The create and edit form of a blocked time (rules §5 Blocked time): date (not in the past), start
 * and end time, reason, and the service types it applies to; every message inline under its field.
 */
export function BlockedTimeForm({ defaultValues, today, submitLabel, pending, failure, onSubmit, onCancel }: BlockedTimeFormProps) {
  const id = useId().replace(/:/g, "");
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BlockedTimeFormValues, unknown, BlockedTimeInput>({ defaultValues, resolver: resolverFor(today) });
  const typesErrorId = `${id}-serviceTypes-error`;
  const typesHintId = `${id}-serviceTypes-hint`;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <TextField id={`${id}-date`} type="date" label={text.date} min={today} error={errors.date?.message} {...register("date")} />
      <div className="grid grid-cols-2 gap-3">
        <TextField id={`${id}-start`} type="time" label={text.startTime} error={errors.startTime?.message} {...register("startTime")} />
        <TextField id={`${id}-end`} type="time" label={text.endTime} error={errors.endTime?.message} {...register("endTime")} />
      </div>
      <TextField
        id={`${id}-reason`}
        label={text.reason}
        placeholder={text.reasonPlaceholder}
        maxLength={200}
        autoComplete="off"
        error={errors.reason?.message}
        {...register("reason")}
      />
      <fieldset className="grid gap-2" aria-describedby={[typesHintId, errors.serviceTypes ? typesErrorId : null].filter(Boolean).join(" ")}>
        <legend className="text-sm font-medium text-slate-900">{text.serviceTypes}</legend>
        <p id={typesHintId} className="text-sm text-slate-600">
          {text.serviceTypesHint}
        </p>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {BLOCKABLE_SERVICE_TYPES.map((type) => (
            <label key={type} className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                value={type}
                className="size-5 accent-brand-700"
                aria-invalid={errors.serviceTypes ? true : undefined}
                {...register("serviceTypes")}
              />
              {SERVICE_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
        <FieldError id={typesErrorId}>{errors.serviceTypes?.message ?? errors.serviceTypes?.root?.message}</FieldError>
      </fieldset>
      <div role="alert">{failure && <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">{failure}</p>}</div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? text.saving : submitLabel}
        </Button>
      </div>
    </form>
  );
}
