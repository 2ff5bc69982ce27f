import { AlertCircle } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { InvoiceTotalsList } from "@/client/components/invoice-parts";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { FieldError } from "@/client/components/ui/label";
import { Link } from "@/client/components/ui/link";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { todayIn } from "@/common/booking-rules";
import { formatOre } from "@/common/invoicing/money";
import type { CustomerSuggestion } from "@/common/schemas/admin-bookings";
import { CustomerPicker, type PickedCustomer } from "../../components/customer-picker";
import type { InvoiceDraftPayload } from "../api/create-invoice";
import { useCreateInvoice } from "../api/create-invoice";
import { useUpdateInvoice } from "../api/update-invoice";
import { editorResolver, previewTotals, type EditorValues } from "../lib/editor-form";
import { invoicesText } from "../text";
import { LinesEditor } from "./lines-editor";
import { RotEditor } from "./rot-editor";

const text = invoicesText.editor;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The invoice editor (issue 25): customer, lines, ROT and the totals as they will be, computed as
 * the fields change by the rule the server stores. Saving keeps a draft (POST for a new one, PUT for
 * a saved one) and opens the invoice's page.
 */
export function InvoiceEditorForm({
  initial,
  initialCustomer,
  invoiceId,
  rotSuggested = false,
  cancelTo,
}: {
  initial: EditorValues;
  initialCustomer: PickedCustomer | null;
  /** The draft being edited; null for a new invoice. */
  invoiceId: number | null;
  rotSuggested?: boolean;
  cancelTo: string;
}) {
  const idPrefix = useId().replace(/:/g, "");
  const id = (name: string) => `${idPrefix}-${name}`;
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const saving = create.isPending || update.isPending;
  const [today] = useState(() => todayIn(new Date()));
  const [picked, setPicked] = useState<PickedCustomer | null>(initialCustomer);
  const [serverError, setServerError] = useState<string | null>(null);
  const serverErrorRef = useRef<HTMLDivElement>(null);

  const form = useForm<EditorValues, unknown, InvoiceDraftPayload>({
    resolver: editorResolver,
    defaultValues: initial,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, control, handleSubmit, setValue, formState } = form;
  const { errors, isSubmitted } = formState;
  // Every change re-renders the totals: they are cheap, and the form is small.
  const values = form.watch();
  const preview = previewTotals(values, today);

  useEffect(() => {
    if (serverError) serverErrorRef.current?.focus();
  }, [serverError]);

  const pickCustomer = (customer: CustomerSuggestion) => {
    setPicked(customer);
    setValue("customerId", customer.id, { shouldValidate: isSubmitted, shouldDirty: true });
  };
  const clearCustomer = () => {
    setPicked(null);
    setValue("customerId", null, { shouldValidate: isSubmitted, shouldDirty: true });
  };

  const onSaved = (invoice: { id: number; kind: "invoice" | "credit"; number: number | null }) => {
    toast({ title: text.savedTitle, description: text.savedDescription(invoicesText.title(invoice.kind, invoice.number, invoice.id)) });
    void navigate(`/admin/invoices/${invoice.id}`);
  };
  const onFailed = (error: unknown) => {
    const message = errorMessage(error, text.failureFallback);
    setServerError(message);
    toast({ variant: "destructive", title: text.failureTitle, description: message });
  };

  const onSubmit = handleSubmit(
    (payload) => {
      setServerError(null);
      if (invoiceId === null) create.mutate(payload, { onSuccess: onSaved, onError: onFailed });
      else update.mutate({ id: invoiceId, payload }, { onSuccess: onSaved, onError: onFailed });
    },
    () => toast({ variant: "destructive", title: text.invalidTitle, description: text.invalidDescription }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
      <Section id={id("customer-heading")} title={text.customerSection}>
        <CustomerPicker idPrefix={idPrefix} picked={picked} onPick={pickCustomer} onClear={clearCustomer} text={text.customerPicker} />
        <FieldError id={id("customer-error")}>{errors.customerId?.message}</FieldError>
      </Section>

      <Section id={id("lines-heading")} title={text.linesSection}>
        <TextField
          id={id("workDate")}
          type="date"
          label={text.workDate}
          hint={text.workDateHint}
          className="grid max-w-xs gap-1.5"
          error={errors.workDate?.message}
          {...register("workDate")}
        />
        <LinesEditor idPrefix={idPrefix} control={control} register={register} errors={errors} lineNetOre={preview?.lineNetOre ?? []} />
      </Section>

      <Section id={id("rot-heading")} title={text.rotSection}>
        <RotEditor idPrefix={idPrefix} control={control} register={register} setValue={setValue} errors={errors} suggested={rotSuggested} />
      </Section>

      <Section id={id("totals-heading")} title={text.totalsSection}>
        {preview && (
          <>
            <InvoiceTotalsList totals={preview.totals} rot={values.rotEnabled ? { ratePercent: preview.rotRatePercent } : null} />
            {preview.skippedLines > 0 && <p className="text-sm text-amber-800">{text.linesSkipped(preview.skippedLines)}</p>}
            {values.rotEnabled && preview.rotCapOre !== null && (
              <p className="text-sm text-slate-600">{text.totalsPreliminary(formatOre(preview.rotCapOre))}</p>
            )}
          </>
        )}
      </Section>

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
        <Link to={cancelTo} className={buttonVariants({ variant: "outline" })}>
          {text.cancel}
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? text.saving : text.save}
        </Button>
      </div>
    </form>
  );
}
