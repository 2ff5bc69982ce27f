import { AlertCircle } from "lucide-react";
import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { FieldError, Label } from "@/client/components/ui/label";
import { Link } from "@/client/components/ui/link";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { monthNameOf } from "@/client/lib/format-date";
import { MAX_VISITS_PER_YEAR } from "@/common/agreements/terms";
import type { CustomerSuggestion } from "@/common/schemas/admin-bookings";
import { CustomerPicker, type PickedCustomer } from "../../components/customer-picker";
import { useCreateAgreement, type AgreementPayload } from "../api/create-agreement";
import { useCustomer } from "../api/get-customer";
import { agreementResolver, type AgreementFormValues } from "../lib/agreement-form";
import { agreementsText } from "../text";

const text = agreementsText.form;

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const VISIT_COUNTS = Array.from({ length: MAX_VISITS_PER_YEAR }, (_, i) => i + 1);

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
 * A labelled native select with a hint and its error tied to it (TextField's twin for choices). The
 * caller passes the form's value as defaultValue too: the select then opens on it even where
 * react-hook-form takes the DOM's first option for a choice already made (as in the tests' happy-dom; see the invoices' RotEditor).
 */
function SelectField({
  id,
  label,
  hint,
  error,
  children,
  ...props
}: ComponentProps<typeof Select> & { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <Select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props}>
        {children}
      </Select>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

const productName = (product: { brand: string | null; model: string }) => [product.brand, product.model].filter(Boolean).join(" ");

/**
 * A new service agreement (issue 26): the customer picked by search, one of their products, and the
 * terms. The body is checked by the server's own schema before it is sent; the server's refusal
 * (a product already covered, not the customer's) is shown above the buttons. Saved, it opens the agreement.
 */
export function AgreementForm({ initial, initialCustomer }: { initial: AgreementFormValues; initialCustomer: PickedCustomer | null }) {
  const idPrefix = useId().replace(/:/g, "");
  const id = (name: string) => `${idPrefix}-${name}`;
  const navigate = useNavigate();
  const create = useCreateAgreement();
  const [picked, setPicked] = useState<PickedCustomer | null>(initialCustomer);
  const [serverError, setServerError] = useState<string | null>(null);
  const serverErrorRef = useRef<HTMLDivElement>(null);
  const customer = useCustomer(picked?.id ?? null);
  const products = customer.data?.products;

  const { register, handleSubmit, setValue, getValues, formState } = useForm<AgreementFormValues, unknown, AgreementPayload>({
    resolver: agreementResolver,
    defaultValues: initial,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { errors, isSubmitted } = formState;

  useEffect(() => {
    if (serverError) serverErrorRef.current?.focus();
  }, [serverError]);

  const pickCustomer = (next: CustomerSuggestion | null) => {
    setPicked(next);
    setValue("customerId", next?.id ?? null, { shouldValidate: isSubmitted, shouldDirty: true });
    // The products are the new customer's: none is chosen yet.
    setValue("productId", "", { shouldValidate: isSubmitted, shouldDirty: true });
  };

  const onSubmit = handleSubmit(
    (payload) => {
      setServerError(null);
      create.mutate(payload, {
        onSuccess: (agreement) => {
          toast({ title: text.savedTitle, description: text.savedDescription(agreement.customerName) });
          void navigate(`/admin/agreements/${agreement.id}`);
        },
        onError: (error) => {
          const message = errorMessage(error, text.failureFallback);
          setServerError(message);
          toast({ variant: "destructive", title: text.failureTitle, description: message });
        },
      });
    },
    () => toast({ variant: "destructive", title: text.invalidTitle, description: text.invalidDescription }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
      <Section id={id("customer-heading")} title={text.customerSection}>
        <CustomerPicker idPrefix={idPrefix} picked={picked} onPick={pickCustomer} onClear={() => pickCustomer(null)} text={text.customerPicker} />
        <FieldError id={id("customer-error")}>{errors.customerId?.message}</FieldError>

        {picked && customer.isPending && <Spinner label={text.customerLoading} />}
        {picked && customer.isError && <p className="text-sm font-medium text-red-700">{text.customerLoadFailed}</p>}
        {products && products.length === 0 && (
          <div className="grid justify-items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p>{text.noProducts}</p>
            <Link to="/admin/products" className={buttonVariants({ variant: "outline", size: "sm" })}>
              {text.toProducts}
            </Link>
          </div>
        )}
        {/* Mounted once the products are there, so a pre-filled product shows as chosen. */}
        {products && products.length > 0 && (
          <SelectField
            id={id("product")}
            label={text.product}
            hint={text.productHint}
            error={errors.productId?.message}
            defaultValue={getValues("productId")}
            {...register("productId")}
          >
            <option value="">{text.productPlaceholder}</option>
            {products.map((product) => (
              <option key={product.id} value={String(product.id)}>
                {text.productOption(productName(product), product.serialNumber)}
              </option>
            ))}
          </SelectField>
        )}
      </Section>

      <Section id={id("terms-heading")} title={text.termsSection}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={id("startDate")} type="date" label={text.startDate} error={errors.startDate?.message} {...register("startDate")} />
          <TextField
            id={id("yearlyPrice")}
            inputMode="decimal"
            autoComplete="off"
            label={text.yearlyPrice}
            hint={text.yearlyPriceHint}
            error={errors.yearlyPrice?.message}
            {...register("yearlyPrice")}
          />
          <SelectField
            id={id("visitsPerYear")}
            label={text.visitsPerYear}
            error={errors.visitsPerYear?.message}
            defaultValue={initial.visitsPerYear}
            {...register("visitsPerYear")}
          >
            {VISIT_COUNTS.map((count) => (
              <option key={count} value={String(count)}>
                {text.visitsOption(count)}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={id("visitMonth")}
            label={text.visitMonth}
            hint={text.visitMonthHint}
            error={errors.visitMonth?.message}
            defaultValue={initial.visitMonth}
            {...register("visitMonth")}
          >
            <option value="">{text.visitMonthPlaceholder}</option>
            {MONTHS.map((month) => (
              <option key={month} value={String(month)}>
                {monthNameOf(month)}
              </option>
            ))}
          </SelectField>
          <TextField
            id={id("repairDiscount")}
            inputMode="numeric"
            autoComplete="off"
            label={text.repairDiscount}
            hint={text.repairDiscountHint}
            error={errors.repairDiscountPercent?.message}
            {...register("repairDiscountPercent")}
          />
        </div>
        <div className="flex items-start gap-3">
          <input
            id={id("autoRenew")}
            type="checkbox"
            className="mt-1 size-4 accent-brand-700"
            aria-describedby={id("autoRenew-hint")}
            {...register("autoRenew")}
          />
          <div className="grid gap-0.5">
            <Label htmlFor={id("autoRenew")}>{text.autoRenew}</Label>
            <p id={id("autoRenew-hint")} className="text-sm text-slate-600">
              {text.autoRenewHint}
            </p>
          </div>
        </div>
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
        <Link to="/admin/agreements" className={buttonVariants({ variant: "outline" })}>
          {text.cancel}
        </Link>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? text.saving : text.save}
        </Button>
      </div>
    </form>
  );
}
