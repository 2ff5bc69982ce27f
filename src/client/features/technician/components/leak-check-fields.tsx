import type { FieldError as FormFieldError, UseFormReturn } from "react-hook-form";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { TextField } from "@/client/components/ui/text-field";
import { LEAK_CHECK_METHOD_LABELS, LEAK_CHECK_METHODS, LEAK_CHECK_RESULT_LABELS, LEAK_CHECK_RESULTS } from "@/common/schemas/refrigerant";
import { technicianText } from "../text";

const text = technicianText.service.leakCheck;

/** The leak check's fields as the form holds them: the amounts as typed ("0,5"). */
export type LeakCheckFormValues = { checked: boolean; method: string; result: string; addedKg: string; recoveredKg: string; certificate: string };
export const EMPTY_LEAK_CHECK: LeakCheckFormValues = { checked: false, method: "", result: "", addedKg: "", recoveredKg: "", certificate: "" };

type Field = Exclude<keyof LeakCheckFormValues, "checked">;

/**
 * The F-gas leak check of the service report (issue 26): 'Läckagekontroll utförd' opens how it was
 * done, what was found, the refrigerant added and recovered and the technician's certificate number.
 * Only for a report about a product (the visit's, or the one the technician chose): the check is
 * recorded on it. `choosable`: the form offers a choice of product, so without one it asks for it.
 */
export function LeakCheckFields({
  form,
  id,
  product,
  choosable,
}: {
  form: UseFormReturn<{ leakCheck: LeakCheckFormValues }>;
  id: (name: string) => string;
  product: { name: string; checkIntervalMonths: number | null } | null;
  choosable: boolean;
}) {
  const productName = product?.name ?? null;
  const checked = form.watch("leakCheck.checked");
  const errors = (form.formState.errors.leakCheck ?? {}) as Partial<Record<Field, FormFieldError>>;
  const error = (field: Field) => errors[field]?.message;
  const described = (field: Field) => (error(field) ? id(`${field}-error`) : undefined);

  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-300 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{text.legend}</legend>
      {productName === null ? (
        <p className="text-sm text-slate-700">{choosable ? text.chooseProduct : text.noProduct}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {text.product(productName)}
            {product?.checkIntervalMonths ? ` ${text.duty(product.checkIntervalMonths)}` : ""}
          </p>
          <div className="flex items-center gap-3">
            <input id={id("leak-checked")} type="checkbox" className="size-5 accent-brand-700" {...form.register("leakCheck.checked")} />
            <Label htmlFor={id("leak-checked")}>{text.checked}</Label>
          </div>
        </>
      )}
      {productName !== null && checked && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={id("method")}>{text.method} *</Label>
            <Select
              id={id("method")}
              aria-required="true"
              aria-invalid={error("method") ? true : undefined}
              aria-describedby={described("method")}
              {...form.register("leakCheck.method")}
            >
              <option value="">{text.methodPlaceholder}</option>
              {LEAK_CHECK_METHODS.map((value) => (
                <option key={value} value={value}>
                  {LEAK_CHECK_METHOD_LABELS[value]}
                </option>
              ))}
            </Select>
            <FieldError id={id("method-error")}>{error("method")}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id("result")}>{text.result} *</Label>
            <Select
              id={id("result")}
              aria-required="true"
              aria-invalid={error("result") ? true : undefined}
              aria-describedby={described("result")}
              {...form.register("leakCheck.result")}
            >
              <option value="">{text.resultPlaceholder}</option>
              {LEAK_CHECK_RESULTS.map((value) => (
                <option key={value} value={value}>
                  {LEAK_CHECK_RESULT_LABELS[value]}
                </option>
              ))}
            </Select>
            <FieldError id={id("result-error")}>{error("result")}</FieldError>
          </div>
          <TextField
            id={id("addedKg")}
            label={text.addedKg}
            hint={text.kgHint}
            inputMode="decimal"
            autoComplete="off"
            error={error("addedKg")}
            {...form.register("leakCheck.addedKg")}
          />
          <TextField
            id={id("recoveredKg")}
            label={text.recoveredKg}
            hint={text.kgHint}
            inputMode="decimal"
            autoComplete="off"
            error={error("recoveredKg")}
            {...form.register("leakCheck.recoveredKg")}
          />
          <TextField
            id={id("certificate")}
            label={`${text.certificate} *`}
            aria-required="true"
            autoComplete="off"
            className="grid gap-1.5 sm:col-span-2"
            error={error("certificate")}
            {...form.register("leakCheck.certificate")}
          />
        </div>
      )}
    </fieldset>
  );
}
