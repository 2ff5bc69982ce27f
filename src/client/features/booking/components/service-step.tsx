import { useFormContext, useWatch } from "react-hook-form";
import { FieldError, Label } from "@/client/components/ui/label";
import { cn } from "@/client/lib/cn";
import { HEAT_PUMP_MODEL_SUGGESTIONS, indicativePrice, priceNote } from "@/common/booking-rules";
import { SERVICE_TYPE_LABELS, SERVICE_TYPES } from "@/common/constants";
import { BOOKING_FIELD_MAX } from "@/common/booking-fields";
import type { BookingFormValues } from "@/common/schemas/bookings";
import type { ImageEntries } from "../hooks/use-image-entries";
import { firstErrorMessage } from "../lib/form-errors";
import { bookingText } from "../text";
import { ImageUpload } from "./image-upload";
import { TextField } from "@/client/components/ui/text-field";

const text = bookingText.service;

export const textareaClass = cn(
  "flex min-h-28 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm",
  "placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700",
  "aria-invalid:border-red-700",
);

/** Step 1 'Tjänst & Beskrivning' (rules §2): service with prices, heat pump model, description, images. */
export function ServiceStep({ idPrefix, images }: { idPrefix: string; images: ImageEntries }) {
  const { register, control, formState } = useFormContext<BookingFormValues>();
  const { errors } = formState;
  const [serviceType, heatpumpModel] = useWatch({ control, name: ["serviceType", "heatpumpModel"] });
  const id = (name: string) => `${idPrefix}-${name}`;
  const imagesError = firstErrorMessage(errors.images);

  return (
    <div className="grid gap-6">
      <fieldset
        data-field-group="serviceType"
        className="grid gap-3"
        aria-describedby={errors.serviceType ? id("serviceType-error") : undefined}
        aria-invalid={errors.serviceType ? true : undefined}
      >
        <legend className="mb-3 text-base font-semibold text-slate-900">{text.legend}</legend>
        {/* Above the four cards, not below them: on a phone the cards are 1 000 px tall (issue 8). */}
        <FieldError id={id("serviceType-error")}>{errors.serviceType?.message}</FieldError>
        <div className="grid gap-3 sm:grid-cols-2">
          {SERVICE_TYPES.map((type) => {
            const checked = serviceType === type;
            const note = priceNote(type);
            return (
              <label
                key={type}
                htmlFor={id(`service-${type}`)}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-lg border-2 p-4 transition-colors",
                  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700",
                  checked ? "border-brand-700 bg-brand-50" : "border-slate-200 bg-white hover:border-brand-300",
                )}
              >
                <input
                  id={id(`service-${type}`)}
                  type="radio"
                  value={type}
                  aria-labelledby={id(`service-${type}-label`)}
                  aria-describedby={`${id(`service-${type}-description`)} ${id(`service-${type}-price`)}`}
                  className="mt-1 size-4 shrink-0 accent-brand-700"
                  {...register("serviceType")}
                />
                <span className="grid gap-1">
                  <span id={id(`service-${type}-label`)} className="font-semibold text-slate-900">
                    {SERVICE_TYPE_LABELS[type]}
                  </span>
                  <span id={id(`service-${type}-description`)} className="text-sm text-slate-700">
                    {text.descriptions[type]}
                  </span>
                  <span id={id(`service-${type}-price`)} className="text-sm">
                    <span className="sr-only">{text.priceLabel}: </span>
                    <span className="font-semibold text-slate-900">{indicativePrice(type, heatpumpModel)}</span>
                    {note && <span className="block text-xs text-slate-600">{note}</span>}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {serviceType !== "hembesok" && (
        <>
          <TextField
            id={id("heatpumpModel")}
            label={text.modelLabel}
            hint={text.modelHint}
            error={errors.heatpumpModel?.message}
            list={id("heatpumpModel-suggestions")}
            autoComplete="off"
            maxLength={BOOKING_FIELD_MAX.heatpumpModel}
            aria-required="true"
            {...register("heatpumpModel")}
          />
          <datalist id={id("heatpumpModel-suggestions")}>
            {HEAT_PUMP_MODEL_SUGGESTIONS.map((model) => (
              <option key={model} value={model} />
            ))}
          </datalist>
        </>
      )}

      <div data-field-group="description" className="grid gap-1.5">
        <Label htmlFor={id("description")}>{text.descriptionLabel}</Label>
        <p id={id("description-hint")} className="text-sm text-slate-600">
          {text.descriptionHint}
        </p>
        <textarea
          id={id("description")}
          rows={4}
          maxLength={BOOKING_FIELD_MAX.description}
          aria-required="true"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={[id("description-hint"), errors.description ? id("description-error") : null].filter(Boolean).join(" ")}
          className={textareaClass}
          {...register("description")}
        />
        <FieldError id={id("description-error")}>{errors.description?.message}</FieldError>
      </div>

      <ImageUpload id={id("images")} images={images} error={imagesError} />
    </div>
  );
}
