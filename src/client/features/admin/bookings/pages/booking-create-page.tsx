import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, useForm, useWatch, type Resolver } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { FieldError, Label } from "@/client/components/ui/label";
import { Link } from "@/client/components/ui/link";
import { Select } from "@/client/components/ui/select";
import { TextField } from "@/client/components/ui/text-field";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { adminSlots, isIsoDate, isSlotInFuture, todayIn, type IsoDate } from "@/common/booking-rules";
import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, SERVICE_TYPES, SERVICE_TYPE_LABELS, type ServiceType } from "@/common/constants";
import { HEAT_PUMP_MODEL_SUGGESTIONS } from "@/common/booking-rules";
import { AdminCreateBookingSchema, type AdminCreateBooking, type AdminCreateBookingForm, type CustomerSuggestion } from "@/common/schemas/admin-bookings";
import { bookingText as sharedBookingText } from "@/common/schemas/bookings";
import { BackLink } from "@/client/components/back-link";
import { useCreateAdminBooking } from "../api/create-booking";
import { useAdminSlots } from "../api/get-slots";
import { CustomerPicker } from "../../components/customer-picker";
import { FreeTechnicianSelect } from "../components/free-technician-select";
import { slotChoice, SlotRadioGroup, type PickerSlot } from "../components/slot-radio-group";
import { adminBookingsText } from "../text";

const text = adminBookingsText.create;

type CustomerField = keyof AdminCreateBookingForm["customerInfo"];

const CUSTOMER_FIELDS: { name: CustomerField; type?: string; inputMode?: "email" | "tel" | "numeric"; wide?: boolean }[] = [
  { name: "name", wide: true },
  { name: "email", type: "email", inputMode: "email" },
  { name: "phone", type: "tel", inputMode: "tel" },
  { name: "address", wide: true },
  { name: "postalCode", inputMode: "numeric" },
  { name: "city" },
];

const EMPTY_CUSTOMER: AdminCreateBookingForm["customerInfo"] = { name: "", email: "", phone: "", address: "", city: "", postalCode: "" };

const schemaResolver = zodResolver(AdminCreateBookingSchema) as unknown as Resolver<AdminCreateBookingForm, unknown, AdminCreateBooking>;

/**
 * The shared schema's §5 messages, plus what only today's date can tell: a date before today
 * (rules D6: admins book from today on). The server checks both again.
 */
const resolver: Resolver<AdminCreateBookingForm, unknown, AdminCreateBooking> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const today = todayIn(new Date());
  if (isIsoDate(values.date) && values.date < today) {
    return { values: {}, errors: { ...result.errors, date: { type: "min", message: text.dateInPast } } };
  }
  return result;
};

/**
 * The admin slots of the service and date (rules §5), without those that have already started today:
 * what the form offers when the server's states cannot be read (the server still decides on submit).
 */
function offeredSlots(serviceType: string, date: string, now: Date) {
  if (!(SERVICE_TYPES as readonly string[]).includes(serviceType) || !isIsoDate(date)) return [];
  return adminSlots(serviceType as ServiceType, date).filter((slot) => isSlotInFuture(date, slot.label, now));
}

/** /admin/bookings/new (rules §2, §5 admin create booking): a booking for a customer on the phone. */
export default function BookingCreatePage() {
  const idPrefix = useId().replace(/:/g, "");
  const id = (name: string) => `${idPrefix}-${name}`;
  const navigate = useNavigate();
  const create = useCreateAdminBooking();
  const [today] = useState<IsoDate>(() => todayIn(new Date()));
  const [picked, setPicked] = useState<CustomerSuggestion | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // rules D25: a technician's id, or "" for the free one whose turn it is when the booking is saved.
  const [technicianChoice, setTechnicianChoice] = useState("");
  const serverErrorRef = useRef<HTMLDivElement>(null);

  const form = useForm<AdminCreateBookingForm, unknown, AdminCreateBooking>({
    resolver,
    defaultValues: {
      customerId: undefined,
      customerInfo: EMPTY_CUSTOMER,
      serviceType: "" as ServiceType,
      date: "",
      timeSlot: "",
      description: "",
      heatpumpModel: "",
      status: "planned",
    },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, control, handleSubmit, setValue, getValues, formState } = form;
  const { errors, isSubmitted } = formState;
  const [serviceType, date, timeSlot] = useWatch({ control, name: ["serviceType", "date", "timeSlot"] });

  // Issue 23 point 7: every time of the date with its state from the server (taken by whom,
  // blocked, passed, full day), so a time that is not free is never offered; the rules alone when
  // the states cannot be read.
  const states = useAdminSlots(serviceType, date);
  const statesLoading = states.fetchStatus === "fetching" && !states.data;
  const slots: readonly PickerSlot[] = useMemo(() => {
    if (states.isError) return offeredSlots(serviceType, date, new Date());
    return states.data?.serviceType === serviceType && states.data.date === date ? states.data.slots : [];
  }, [states.isError, states.data, serviceType, date]);
  const choice = slotChoice(slots, states.isError);
  const slotsNotice = choice.notice;
  // Joined, so the effect below runs when the choosable times change, not on every render.
  const selectableLabels = choice.selectableLabels.join(",");

  // rules D25: the chosen time's free technicians (none without the server's states, or when nobody is bookable).
  const freeTechnicians = slots.find((slot) => slot.label === timeSlot)?.freeTechnicians ?? [];
  // A chosen technician who is not free at the chosen time (another time, or booked since the
  // refusal refreshed the states) goes back to automatic. Set while rendering, as React advises for
  // state that follows other values, so the select never shows a choice it does not list.
  if (technicianChoice && !freeTechnicians.some((technician) => String(technician.id) === technicianChoice)) setTechnicianChoice("");

  // A chosen time the new service or date does not offer, or that someone has taken since, is cleared.
  useEffect(() => {
    const current = getValues("timeSlot");
    if (current && !selectableLabels.split(",").includes(current)) setValue("timeSlot", "", { shouldValidate: isSubmitted });
  }, [selectableLabels, getValues, setValue, isSubmitted]);

  useEffect(() => {
    if (serverError) serverErrorRef.current?.focus();
  }, [serverError]);

  const pickCustomer = (customer: CustomerSuggestion) => {
    setPicked(customer);
    setValue("customerId", customer.id);
    for (const field of CUSTOMER_FIELDS) setValue(`customerInfo.${field.name}`, customer[field.name], { shouldValidate: isSubmitted, shouldDirty: true });
  };
  const clearCustomer = () => {
    setPicked(null);
    setValue("customerId", undefined);
    for (const field of CUSTOMER_FIELDS) setValue(`customerInfo.${field.name}`, "", { shouldValidate: false, shouldDirty: true });
  };

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    const payload: AdminCreateBooking = {
      ...values,
      heatpumpModel: values.serviceType === "hembesok" ? undefined : values.heatpumpModel || undefined,
      // Automatic sends none: the server gives the visit to the free technician whose turn it is.
      technicianId: technicianChoice ? Number(technicianChoice) : undefined,
    };
    create.mutate(payload, {
      onSuccess: ({ id: bookingId }) => {
        toast({ title: text.successTitle, description: text.successDescription(bookingId) });
        // rules §8: 'Bokning skapad' then to the list, newest first so the new booking is on top.
        void navigate("/admin/bookings?sort=created_desc");
      },
      onError: (error) => {
        // 409 (time taken or blocked, the chosen technician busy or not working then) and 422 (time not offered, in the past) carry the server's Swedish message.
        const message = errorMessage(error, text.failureFallback);
        setServerError(message);
        toast({ variant: "destructive", title: text.failureTitle, description: message });
      },
    });
  });

  const fieldError = (name: CustomerField) => errors.customerInfo?.[name]?.message;

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-3">
        <BackLink to="/admin/bookings">{adminBookingsText.backToList}</BackLink>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.heading}</h1>
          <p className="mt-1 text-slate-700">{text.intro}</p>
        </div>
      </div>

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
        <section aria-labelledby={id("customer-heading")} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id={id("customer-heading")} className="text-lg font-semibold text-slate-900">
            {text.customerSection}
          </h2>
          <CustomerPicker idPrefix={idPrefix} picked={picked} onPick={pickCustomer} onClear={clearCustomer} text={text} />
          <div className="grid gap-4 sm:grid-cols-2">
            {CUSTOMER_FIELDS.map((field) => (
              <TextField
                key={field.name}
                id={id(`customer-${field.name}`)}
                label={text[field.name]}
                type={field.type ?? "text"}
                inputMode={field.inputMode}
                autoComplete="off"
                aria-required="true"
                error={fieldError(field.name)}
                className={field.wide ? "grid gap-1.5 sm:col-span-2" : "grid gap-1.5"}
                {...register(`customerInfo.${field.name}`)}
              />
            ))}
          </div>
        </section>

        <section aria-labelledby={id("booking-heading")} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id={id("booking-heading")} className="text-lg font-semibold text-slate-900">
            {text.bookingSection}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={id("serviceType")}>{text.serviceType}</Label>
              <Select
                id={id("serviceType")}
                aria-required="true"
                aria-invalid={errors.serviceType ? true : undefined}
                aria-describedby={errors.serviceType ? id("serviceType-error") : undefined}
                {...register("serviceType")}
              >
                <option value="">{sharedBookingText.serviceTypeRequired}</option>
                {SERVICE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {SERVICE_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
              <FieldError id={id("serviceType-error")}>{errors.serviceType?.message}</FieldError>
            </div>
            <TextField id={id("date")} label={text.date} type="date" min={today} aria-required="true" error={errors.date?.message} {...register("date")} />
          </div>

          <Controller
            control={control}
            name="timeSlot"
            render={({ field }) => (
              <SlotRadioGroup
                ref={field.ref}
                id={id("timeSlot")}
                name={field.name}
                legend={text.time}
                slots={slots}
                value={timeSlot}
                onChange={(label) => field.onChange(label)}
                emptyText={statesLoading ? adminBookingsText.slots.loading : serviceType && date ? text.noTimes : text.timePlaceholder}
                error={errors.timeSlot?.message}
                maxPerDay={states.data?.maxPerDay}
                notice={slotsNotice}
              />
            )}
          />

          {freeTechnicians.length > 0 && (
            <FreeTechnicianSelect id={id("technician")} technicians={freeTechnicians} value={technicianChoice} onChange={setTechnicianChoice} />
          )}

          {serviceType !== "hembesok" && (
            <div className="grid gap-1.5">
              <TextField
                id={id("heatpumpModel")}
                label={text.heatpumpModel}
                list={id("models")}
                autoComplete="off"
                error={errors.heatpumpModel?.message}
                {...register("heatpumpModel")}
              />
              <datalist id={id("models")}>
                {HEAT_PUMP_MODEL_SUGGESTIONS.map((model) => (
                  <option key={model} value={model} />
                ))}
              </datalist>
            </div>
          )}

          <div className="grid gap-1.5">
            <Label htmlFor={id("description")}>{text.descriptionOptional}</Label>
            <Textarea
              id={id("description")}
              rows={4}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? id("description-error") : undefined}
              {...register("description")}
            />
            <FieldError id={id("description-error")}>{errors.description?.message}</FieldError>
          </div>

          <div className="grid gap-1.5 sm:max-w-xs">
            <Label htmlFor={id("status")}>{text.status}</Label>
            <Select id={id("status")} {...register("status")}>
              {BOOKING_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {BOOKING_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </div>
        </section>

        {serverError && (
          <div
            ref={serverErrorRef}
            tabIndex={-1}
            role="alert"
            className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800 focus:outline-none"
          >
            <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p>{serverError}</p>
          </div>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/admin/bookings" className={buttonVariants({ variant: "outline" })}>
            {text.cancel}
          </Link>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? text.submitting : text.submit}
          </Button>
        </div>
      </form>
    </div>
  );
}
