import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { TextField } from "@/client/components/ui/text-field";
import { formatOre } from "@/common/invoicing/money";
import { VAT_RATES } from "@/common/invoicing/tax-rules";
import { EMPTY_LINE, type EditorControl, type EditorValues } from "../lib/editor-form";
import { invoicesText } from "../text";

const text = invoicesText.editor;
const MAX_LINES = 100;

/** A field's visible label with the row said to screen readers too ('Antal rad 2'): every row has the same labels. */
function RowLabel({ label, row }: { label: string; row: number }) {
  return (
    <>
      {label}
      <span className="sr-only"> {text.rowSuffix(row)}</span>
    </>
  );
}

/**
 * The invoice's lines: description, quantity, unit, unit price in kronor as typed, VAT rate and
 * whether it is work (ROT), each with its amount as computed now; rows are added and removed.
 */
export function LinesEditor({
  idPrefix,
  control,
  register,
  errors,
  lineNetOre,
}: {
  idPrefix: string;
  control: EditorControl;
  register: UseFormRegister<EditorValues>;
  errors: FieldErrors<EditorValues>;
  lineNetOre: readonly (number | null)[];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: "lines" });
  const id = (i: number, name: string) => `${idPrefix}-line-${i}-${name}`;
  const rootError = errors.lines?.root?.message ?? errors.lines?.message;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">{text.linesHint}</p>
      <p id={`${idPrefix}-discount-hint`} className="text-sm text-slate-700">
        {text.discountHint}
      </p>
      <ol className="grid gap-4">
        {fields.map((field, i) => {
          const lineErrors = errors.lines?.[i];
          const row = i + 1;
          const net = lineNetOre[i];
          return (
            <li key={field.id}>
              <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
                <legend className="px-1 text-sm font-semibold text-slate-900">{text.line(row)}</legend>
                <TextField
                  id={id(i, "description")}
                  label={<RowLabel label={text.description} row={row} />}
                  autoComplete="off"
                  maxLength={300}
                  aria-required="true"
                  error={lineErrors?.description?.message}
                  {...register(`lines.${i}.description`)}
                />
                <div className="grid grid-cols-2 gap-3 md:grid-cols-[6rem_6rem_minmax(8rem,1fr)_6rem_7rem_auto]">
                  <TextField
                    id={id(i, "quantity")}
                    label={<RowLabel label={text.quantity} row={row} />}
                    inputMode="decimal"
                    autoComplete="off"
                    aria-required="true"
                    error={lineErrors?.quantity?.message}
                    {...register(`lines.${i}.quantity`)}
                  />
                  <TextField
                    id={id(i, "unit")}
                    label={<RowLabel label={text.unit} row={row} />}
                    autoComplete="off"
                    maxLength={20}
                    aria-required="true"
                    error={lineErrors?.unit?.message}
                    {...register(`lines.${i}.unit`)}
                  />
                  <TextField
                    id={id(i, "unitPrice")}
                    label={<RowLabel label={text.unitPrice} row={row} />}
                    inputMode="decimal"
                    autoComplete="off"
                    aria-required="true"
                    error={lineErrors?.unitPrice?.message}
                    {...register(`lines.${i}.unitPrice`)}
                  />
                  <TextField
                    id={id(i, "discount")}
                    label={<RowLabel label={text.discount} row={row} />}
                    inputMode="numeric"
                    autoComplete="off"
                    aria-describedby={`${idPrefix}-discount-hint`}
                    error={lineErrors?.discount?.message}
                    {...register(`lines.${i}.discount`)}
                  />
                  <div className="grid content-start gap-1.5">
                    <Label htmlFor={id(i, "vatRate")}>
                      <RowLabel label={text.vatRate} row={row} />
                    </Label>
                    <Select
                      id={id(i, "vatRate")}
                      // The saved rate, also where react-hook-form reads the DOM's first option as a choice made (see RotEditor).
                      defaultValue={field.vatRate}
                      aria-invalid={lineErrors?.vatRate ? true : undefined}
                      aria-describedby={lineErrors?.vatRate ? `${id(i, "vatRate")}-error` : undefined}
                      {...register(`lines.${i}.vatRate`)}
                    >
                      {VAT_RATES.map((rate) => (
                        <option key={rate} value={String(rate)}>
                          {text.vatOption(rate)}
                        </option>
                      ))}
                    </Select>
                    <FieldError id={`${id(i, "vatRate")}-error`}>{lineErrors?.vatRate?.message}</FieldError>
                  </div>
                  <div className="col-span-2 flex items-center gap-2 md:col-span-1 md:mt-7">
                    <input
                      id={id(i, "labour")}
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      aria-describedby={`${id(i, "labour")}-hint`}
                      {...register(`lines.${i}.labour`)}
                    />
                    <Label htmlFor={id(i, "labour")} className="font-normal">
                      <RowLabel label={text.labour} row={row} />
                    </Label>
                    <span id={`${id(i, "labour")}-hint`} className="sr-only">
                      {text.labourHint}
                    </span>
                  </div>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <p className="text-slate-700">
                    {text.lineAmount}:{" "}
                    {net === null || net === undefined ? (
                      <span>{text.lineInvalid}</span>
                    ) : (
                      <span className="font-medium tabular-nums text-slate-900">{formatOre(net)}</span>
                    )}
                  </p>
                  <Button variant="ghost" size="sm" disabled={fields.length <= 1} onClick={() => remove(i)}>
                    <Trash2 aria-hidden="true" />
                    {text.removeLine(row)}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {rootError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {rootError}
        </p>
      )}
      <Button variant="outline" className="justify-self-start" disabled={fields.length >= MAX_LINES} onClick={() => append({ ...EMPTY_LINE })}>
        <Plus aria-hidden="true" />
        {text.addLine}
      </Button>
    </div>
  );
}
