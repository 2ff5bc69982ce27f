import { Plus, Trash2 } from "lucide-react";
import type { ComponentProps } from "react";
import { useFieldArray, useWatch, type FieldErrors, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { TextField } from "@/client/components/ui/text-field";
import { ROT_BASES, ROT_WORK_TYPES } from "@/common/schemas/invoices";
import type { InvoiceDraftPayload } from "../api/create-invoice";
import { EMPTY_BUYER, type EditorControl, type EditorValues } from "../lib/editor-form";
import { invoicesText } from "../text";

const text = invoicesText.editor;

/**
 * A labelled select with its error line (the basis and the work type). The caller passes the form's
 * value as defaultValue too: the select then opens on it even where react-hook-form takes the DOM's
 * first option for a choice already made (a DOM without option.defaultSelected, as the tests' happy-dom).
 */
function SelectField({ id, label, error, children, ...props }: { id: string; label: string; error?: string } & ComponentProps<typeof Select>) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props}>
        {children}
      </Select>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/**
 * The ROT part of the invoice: the basis of the labour cost (the labour lines, or Skatteverket's
 * standard share for a heat pump), one or two buyers with their shares, the home and the work.
 */
export function RotEditor({
  idPrefix,
  control,
  register,
  setValue,
  errors,
  suggested,
}: {
  idPrefix: string;
  control: EditorControl;
  register: UseFormRegister<EditorValues>;
  setValue: UseFormSetValue<EditorValues>;
  errors: FieldErrors<EditorValues>;
  /** The visit was one the server thinks has ROT: say why it is ticked. */
  suggested: boolean;
}) {
  const id = (name: string) => `${idPrefix}-rot-${name}`;
  const [enabled, propertyKind, basis, workType] = useWatch({ control, name: ["rotEnabled", "rot.propertyKind", "rot.basis", "rot.workType"] });
  const buyers = useFieldArray<EditorValues, "rot.buyers", "id", InvoiceDraftPayload>({ control, name: "rot.buyers" });
  const rotErrors = errors.rot;
  const buyersError = rotErrors?.buyers?.root?.message ?? rotErrors?.buyers?.message;

  const addBuyer = () => {
    // Two buyers usually own the home together: half each until someone says otherwise.
    setValue("rot.buyers.0.sharePercent", "50");
    buyers.append({ ...EMPTY_BUYER, sharePercent: "50" });
  };
  const removeBuyer = (index: number) => {
    buyers.remove(index);
    setValue("rot.buyers.0.sharePercent", "100");
  };

  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-2">
        <input id={id("enabled")} type="checkbox" className="mt-1 size-4 accent-brand-700" aria-describedby={id("enabled-hint")} {...register("rotEnabled")} />
        <div className="grid gap-0.5">
          <Label htmlFor={id("enabled")}>{text.rotEnabled}</Label>
          <p id={id("enabled-hint")} className="text-sm text-slate-600">
            {text.rotEnabledHint}
          </p>
        </div>
      </div>
      {enabled && suggested && <p className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">{text.rotSuggested}</p>}

      {enabled && (
        <>
          <SelectField id={id("basis")} label={text.basis} error={rotErrors?.basis?.message} defaultValue={basis} {...register("rot.basis")}>
            {ROT_BASES.map((basis) => (
              <option key={basis} value={basis}>
                {text.bases[basis]}
              </option>
            ))}
          </SelectField>

          <fieldset className="grid gap-3">
            <legend className="text-sm font-semibold text-slate-900">{text.buyers}</legend>
            {buyers.fields.map((field, i) => {
              const buyerErrors = rotErrors?.buyers?.[i];
              return (
                <div
                  key={field.id}
                  role="group"
                  aria-label={text.buyer(i + 1)}
                  className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
                >
                  <TextField
                    id={id(`buyer-${i}-personalNumber`)}
                    label={`${text.personalNumber} (${text.buyer(i + 1).toLowerCase()})`}
                    hint={field.masked ? text.personalNumberRetype(field.masked) : text.personalNumberHint}
                    inputMode="numeric"
                    autoComplete="off"
                    aria-required="true"
                    error={buyerErrors?.personalNumber?.message}
                    {...register(`rot.buyers.${i}.personalNumber`)}
                  />
                  <TextField
                    id={id(`buyer-${i}-share`)}
                    label={`${text.sharePercent} (${text.buyer(i + 1).toLowerCase()})`}
                    inputMode="numeric"
                    autoComplete="off"
                    aria-required="true"
                    error={buyerErrors?.sharePercent?.message}
                    {...register(`rot.buyers.${i}.sharePercent`)}
                  />
                  {i > 0 && (
                    <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => removeBuyer(i)}>
                      <Trash2 aria-hidden="true" />
                      {text.removeBuyer(i + 1)}
                    </Button>
                  )}
                </div>
              );
            })}
            {buyersError && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {buyersError}
              </p>
            )}
            {buyers.fields.length < 2 && (
              <Button variant="outline" size="sm" className="justify-self-start" onClick={addBuyer}>
                <Plus aria-hidden="true" />
                {text.addBuyer}
              </Button>
            )}
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="text-sm font-semibold text-slate-900">{text.property}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(["house", "flat"] as const).map((kind) => (
                <div key={kind} className="flex items-center gap-2">
                  <input id={id(`property-${kind}`)} type="radio" value={kind} className="size-4 accent-brand-700" {...register("rot.propertyKind")} />
                  <Label htmlFor={id(`property-${kind}`)} className="font-normal">
                    {text.propertyKinds[kind]}
                  </Label>
                </div>
              ))}
            </div>
            {propertyKind === "house" ? (
              <TextField
                id={id("designation")}
                label={text.designation}
                hint={text.designationHint}
                autoComplete="off"
                maxLength={40}
                aria-required="true"
                error={rotErrors?.designation?.message}
                {...register("rot.designation")}
              />
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  id={id("associationOrgNumber")}
                  label={text.associationOrgNumber}
                  inputMode="numeric"
                  autoComplete="off"
                  aria-required="true"
                  error={rotErrors?.associationOrgNumber?.message}
                  {...register("rot.associationOrgNumber")}
                />
                <TextField
                  id={id("flatNumber")}
                  label={text.flatNumber}
                  autoComplete="off"
                  maxLength={25}
                  aria-required="true"
                  error={rotErrors?.flatNumber?.message}
                  {...register("rot.flatNumber")}
                />
              </div>
            )}
          </fieldset>

          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField id={id("workType")} label={text.workType} error={rotErrors?.workType?.message} defaultValue={workType} {...register("rot.workType")}>
              {ROT_WORK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {text.workTypes[type]}
                </option>
              ))}
            </SelectField>
            <TextField
              id={id("hours")}
              label={text.hours}
              inputMode="decimal"
              autoComplete="off"
              aria-required="true"
              error={rotErrors?.hours?.message}
              {...register("rot.hours")}
            />
          </div>
        </>
      )}
    </div>
  );
}
