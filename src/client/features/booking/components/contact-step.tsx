import { useFormContext, useWatch } from "react-hook-form";
import { formatLongDate } from "@/client/lib/format-date";
import { indicativePrice, priceNote, priceText, timeSlotText } from "@/common/booking-rules";
import { SERVICE_TYPE_LABELS, type ServiceType } from "@/common/constants";
import { BOOKING_FIELD_MAX } from "@/common/booking-fields";
import type { BookingFormValues } from "@/common/schemas/bookings";
import { bookingText } from "../text";
import { TextField } from "@/client/components/ui/text-field";

const text = bookingText.contact;

type ContactField = keyof typeof text.labels;

/** rules §2 step 3 order, with the browser's autofill hints. */
const FIELDS: { name: ContactField; autoComplete: string; type?: string; inputMode?: "email" | "tel" | "numeric" }[] = [
  { name: "name", autoComplete: "name" },
  { name: "email", autoComplete: "email", type: "email", inputMode: "email" },
  { name: "phone", autoComplete: "tel", type: "tel", inputMode: "tel" },
  { name: "address", autoComplete: "street-address" },
  { name: "city", autoComplete: "address-level2" },
  { name: "postalCode", autoComplete: "postal-code", inputMode: "numeric" },
];

/** Step 3 'Dina uppgifter' (rules §2): contact fields with inline errors, then the summary. */
export function ContactStep({ idPrefix }: { idPrefix: string }) {
  const { register, formState } = useFormContext<BookingFormValues>();
  const { errors } = formState;
  return (
    <div className="grid gap-8">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold text-slate-900">{text.legend}</legend>
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`${idPrefix}-${field.name}`}
            label={text.labels[field.name]}
            hint={field.name === "phone" || field.name === "postalCode" ? text.hints[field.name] : undefined}
            error={errors[field.name]?.message}
            type={field.type ?? "text"}
            inputMode={field.inputMode}
            autoComplete={field.autoComplete}
            maxLength={BOOKING_FIELD_MAX[field.name]}
            aria-required="true"
            className={field.name === "address" || field.name === "name" ? "grid gap-1.5 sm:col-span-2" : undefined}
            {...register(field.name)}
          />
        ))}
      </fieldset>
      <BookingSummary idPrefix={idPrefix} />
    </div>
  );
}

/** rules §2 step 3 summary: service, price, date and time, model, and the indicative-price note. */
function BookingSummary({ idPrefix }: { idPrefix: string }) {
  const { control } = useFormContext<BookingFormValues>();
  const [serviceType, heatpumpModel, date, timeSlot] = useWatch({
    control,
    name: ["serviceType", "heatpumpModel", "date", "timeSlot"],
  }) as [ServiceType, string | undefined, string, string];
  const s = bookingText.summary;
  const note = priceNote(serviceType);
  const headingId = `${idPrefix}-summary-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {s.heading}
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">{s.service}</dt>
        <dd className="text-slate-900">{SERVICE_TYPE_LABELS[serviceType] ?? s.notChosen}</dd>
        <dt className="font-medium text-slate-700">{s.price}</dt>
        <dd className="text-slate-900">
          <span className="font-semibold">{indicativePrice(serviceType, heatpumpModel)}</span>
          {note && <span className="block text-slate-700">{note}</span>}
        </dd>
        <dt className="font-medium text-slate-700">{s.dateTime}</dt>
        <dd className="text-slate-900">{date && timeSlot ? s.dateAndTime(formatLongDate(date), timeSlotText(timeSlot)) : s.notChosen}</dd>
        {serviceType !== "hembesok" && (
          <>
            <dt className="font-medium text-slate-700">{s.model}</dt>
            <dd className="text-slate-900">{heatpumpModel?.trim() || s.notChosen}</dd>
          </>
        )}
      </dl>
      <p className="mt-3 text-sm text-slate-700">{priceText.indicativeNote}</p>
    </section>
  );
}
