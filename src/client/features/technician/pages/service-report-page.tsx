import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, type UseFormRegisterReturn, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { useNavigate, useParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage, isApiError } from "@/client/lib/api-error";
import { staffTimeText, technicianMay } from "@/common/booking-rules";
import { SERVICE_HISTORY_TYPES, SERVICE_TYPE_LABELS } from "@/common/constants";
import { LeakCheckFormSchema } from "@/common/schemas/refrigerant";
import {
  SERVICE_HISTORY_TYPE_LABELS,
  ServiceReportSchema,
  technicianText as schemaText,
  type CustomerProduct,
  type ServiceReportResult,
  type TechnicianBooking,
} from "@/common/schemas/technician";
import { BackLink } from "@/client/components/back-link";
import { formatLongDate } from "@/client/lib/format-date";
import { formatListDate } from "@/common/format";
import { parseId } from "@/client/lib/parse-id";
import { useRegisterService, useSetVisitStatus, useVisit } from "../api/visits";
import { EMPTY_LEAK_CHECK, LeakCheckFields, type LeakCheckFormValues } from "../components/leak-check-fields";
import { technicianText } from "../text";

const text = technicianText.service;

/** rules §9: after the service is registered the technician is back on the dashboard 2 s later. */
export const RETURN_AFTER_MS = 2000;

// The leak check's amounts as typed ("0,5"); the report's own fields as the API takes them; the
// product as the select holds it ("" is none of them).
const FormSchema = ServiceReportSchema.omit({ bookingId: true, productId: true, serviceDate: true, leakCheck: true }).extend({
  productId: z.string(),
  leakCheck: LeakCheckFormSchema,
});
type ReportForm = {
  productId: string;
  serviceType: (typeof SERVICE_HISTORY_TYPES)[number];
  issues: string;
  actions: string;
  parts: string;
  followUpNeeded: boolean;
  leakCheck: LeakCheckFormValues;
};

const productName = (product: { brand: string | null; model: string }) => [product.brand, product.model].filter(Boolean).join(" ");

/**
 * Which of the customer's heat pumps the report can be about (issue 26): offered when the booking
 * names none (an online booking) or the customer has several; the booking's own is chosen first.
 */
function productChoice(visit: TechnicianBooking) {
  const choices = visit.customerProducts;
  const own = visit.product;
  const choosable = choices.length > 1 || (own === null && choices.length > 0);
  const initial = own && (!choosable || choices.some((c) => c.id === own.id)) ? String(own.id) : "";
  return { choices, choosable, initial };
}

function ProductSelect({
  id,
  choices,
  hasOwn,
  initial,
  field,
}: {
  id: (name: string) => string;
  choices: CustomerProduct[];
  hasOwn: boolean;
  initial: string;
  field: UseFormRegisterReturn;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id("product")}>{text.product.label}</Label>
      <p id={id("product-hint")} className="text-sm text-slate-600">
        {hasOwn ? text.product.hintSeveral : text.product.hintNoProduct}
      </p>
      {/* The initial choice set by React as well: it is often not the first option. */}
      <Select id={id("product")} aria-describedby={id("product-hint")} defaultValue={initial} {...field}>
        {choices.map((choice) => (
          <option key={choice.id} value={String(choice.id)}>
            {text.product.option(productName(choice), choice.serialNumber, choice.installDate ? formatListDate(choice.installDate) : null)}
          </option>
        ))}
        <option value="">{text.product.none}</option>
      </Select>
    </div>
  );
}

function ReportForm({ visit, onReported }: { visit: TechnicianBooking; onReported: (result: ServiceReportResult) => void }) {
  const idPrefix = useId().replace(/:/g, "");
  const navigate = useNavigate();
  const register = useRegisterService();
  const { choices, choosable, initial } = productChoice(visit);
  const form = useForm<ReportForm, unknown, z.output<typeof FormSchema>>({
    resolver: zodResolver(FormSchema) as never,
    defaultValues: {
      productId: initial,
      serviceType: "maintenance",
      issues: "",
      actions: "",
      parts: "",
      followUpNeeded: false,
      leakCheck: EMPTY_LEAK_CHECK,
    },
  });
  const actionsError = form.formState.errors.actions?.message;
  const id = (name: string) => `${idPrefix}-${name}`;
  // The leak check is of the chosen product; none chosen, none is made (and what was typed is dropped).
  const chosenId = form.watch("productId");
  const chosen = choices.find((c) => String(c.id) === chosenId);
  const own = visit.product && String(visit.product.id) === chosenId ? visit.product : null;
  const leakCheckProduct = chosen
    ? { name: productName(chosen), checkIntervalMonths: chosen.checkIntervalMonths }
    : own && { name: productName(own), checkIntervalMonths: null };
  const productField = form.register("productId", {
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value === "") form.setValue("leakCheck", EMPTY_LEAK_CHECK);
    },
  });

  const submit = form.handleSubmit(
    ({ leakCheck, productId, ...values }) =>
      register.mutate(
        {
          ...values,
          bookingId: visit.booking.id,
          productId: productId === "" ? null : Number(productId),
          ...(leakCheck.checked && productId !== "" ? { leakCheck } : {}),
        },
        {
          onSuccess: (result) => {
            // Issue 23: the page says it (the banner that replaces the form), not a toast as well.
            onReported(result);
            window.setTimeout(() => navigate("/technician"), RETURN_AFTER_MS);
          },
          onError: (error) =>
            toast({
              variant: "destructive",
              title: technicianText.visit.error,
              description: text.failed(errorMessage(error, technicianText.visit.loadFailed)),
            }),
        },
      ),
    (errors) => {
      if (errors.actions) toast({ variant: "destructive", title: text.incompleteTitle, description: schemaText.actionsRequired });
    },
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-labelledby={id("title")}>
      <h2 id={id("title")} className="sr-only">
        {text.title}
      </h2>
      {choosable && <ProductSelect id={id} choices={choices} hasOwn={visit.product !== null} initial={initial} field={productField} />}
      <div className="grid gap-1.5">
        <Label htmlFor={id("type")}>{text.serviceType}</Label>
        <Select id={id("type")} {...form.register("serviceType")}>
          {SERVICE_HISTORY_TYPES.map((value) => (
            <option key={value} value={value}>
              {SERVICE_HISTORY_TYPE_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("issues")}>{text.issues}</Label>
        <Textarea id={id("issues")} rows={3} {...form.register("issues")} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("actions")}>{text.actions} *</Label>
        <p id={id("actions-hint")} className="text-sm text-slate-600">
          {text.actionsHint}
        </p>
        <Textarea
          id={id("actions")}
          rows={4}
          aria-required="true"
          aria-invalid={actionsError ? true : undefined}
          aria-describedby={[id("actions-hint"), actionsError ? id("actions-error") : null].filter(Boolean).join(" ")}
          {...form.register("actions")}
        />
        <FieldError id={id("actions-error")}>{actionsError}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("parts")}>{text.parts}</Label>
        <Textarea id={id("parts")} rows={2} {...form.register("parts")} />
      </div>
      <div className="flex items-center gap-3">
        <input id={id("follow-up")} type="checkbox" className="size-5 accent-brand-700" {...form.register("followUpNeeded")} />
        <Label htmlFor={id("follow-up")}>{text.followUp}</Label>
      </div>
      <LeakCheckFields form={form as unknown as UseFormReturn<{ leakCheck: LeakCheckFormValues }>} id={id} product={leakCheckProduct} choosable={choosable} />
      <Button type="submit" disabled={register.isPending} className="w-full sm:w-auto sm:justify-self-start">
        {register.isPending ? text.submitting : text.submit}
      </Button>
    </form>
  );
}

/** What the leak check recorded with the report means for the unit: its next check, or the follow-up of a repaired leak. */
function LeakCheckRegistered({ recorded }: { recorded: NonNullable<ServiceReportResult["leakCheck"]> }) {
  const { entry } = recorded;
  return (
    <p>
      {text.leakCheck.registered}{" "}
      {entry.followUp
        ? text.leakCheck.followUp(formatLongDate(entry.followUp.earliest), formatLongDate(entry.followUp.latest))
        : entry.nextDue && text.leakCheck.nextDue(formatLongDate(entry.nextDue))}
    </p>
  );
}

/**
 * Opening the report of a visit that has not started starts it (rules §2), once; a visit in progress
 * gets the form; anything else says why it cannot be reported.
 */
function useStartOnOpen(visit: TechnicianBooking | undefined) {
  const setStatus = useSetVisitStatus(visit?.booking.id ?? 0);
  const asked = useRef(false);
  const startable = visit !== undefined && technicianMay("start", visit.booking.status);
  useEffect(() => {
    if (!startable || asked.current) return;
    asked.current = true;
    setStatus.mutate(
      { status: "in_progress" },
      {
        onError: (error) =>
          toast({
            variant: "destructive",
            title: technicianText.visit.error,
            description: technicianText.visit.statusFailed(errorMessage(error, technicianText.visit.loadFailed)),
          }),
      },
    );
  }, [startable, setStatus]);
  // A start the server refused (someone cancelled the visit meanwhile) ends the wait: the page says why.
  return { starting: (startable && !setStatus.isError) || setStatus.isPending };
}

/** /technician/service/{id}: the service report (rules §2, §5 service completion). */
export default function ServiceReportPage() {
  const id = parseId(useParams().id);
  const query = useVisit(id);
  const visit = query.data;
  const { starting } = useStartOnOpen(visit);
  const [reported, setReported] = useState<ServiceReportResult | null>(null);

  let body;
  if (id === null || isApiError(query.error, 404)) body = <p className="text-lg font-semibold text-slate-900">{technicianText.visit.notFound}</p>;
  else if (query.isError)
    body = (
      <p role="alert" className="text-red-800">
        {technicianText.visit.loadFailed}
      </p>
    );
  else if (!visit) body = <Spinner />;
  else if (reported)
    body = (
      <div role="status" className="grid gap-1 rounded-xl border border-green-700 bg-green-50 p-4 text-green-900">
        <strong>{text.registered}</strong>
        <p>{text.registeredText}</p>
        {reported.leakCheck && <LeakCheckRegistered recorded={reported.leakCheck} />}
      </div>
    );
  else if (starting) body = <Spinner label={text.starting} />;
  else if (visit.booking.status !== "in_progress") body = <p className="text-slate-800">{text.notInProgress}</p>;
  else body = <ReportForm visit={visit} onReported={setReported} />;

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-6 sm:py-10">
      <BackLink to={id ? `/technician/booking/${id}` : "/technician"}>{text.backToVisit}</BackLink>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{text.title}</h1>
        {visit && (
          <p className="text-slate-700">
            {visit.contact.name}: {SERVICE_TYPE_LABELS[visit.booking.serviceType]}, {formatLongDate(visit.booking.date)} {staffTimeText(visit.booking)}
          </p>
        )}
        <p className="text-sm text-slate-700">{text.intro}</p>
      </div>
      {body}
    </div>
  );
}
