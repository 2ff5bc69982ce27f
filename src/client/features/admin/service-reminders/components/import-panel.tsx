import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray, useForm, type FieldErrors } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { TextField } from "@/client/components/ui/text-field";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import {
  IMPORT_PUMP_TYPE_LABELS,
  IMPORT_PUMP_TYPES,
  ImportFormSchema,
  emptyImportRow,
  importPayloadOfRows,
  type ImportForm,
} from "@/common/schemas/service-reminders";
import { serviceRemindersPageText } from "../text";
import { useImportCustomers } from "../api/service-reminders";

const text = serviceRemindersPageText.import;

const failed = (error: unknown) => toast({ variant: "destructive", title: text.failed, description: errorMessage(error, text.failedDescription) });

const FIELDS = [
  ["name", text.name, "text", "name"],
  ["email", text.email, "email", "email"],
  ["phone", text.phone, "tel", "tel"],
  ["address", text.address, "text", "street-address"],
  ["postalCode", text.postalCode, "text", "postal-code"],
  ["city", text.city, "text", "address-level2"],
  ["model", text.model, "text", "off"],
  ["serialNumber", text.serialNumber, "text", "off"],
  ["installDate", text.installDate, "date", "off"],
] as const;

/** rules §5: one row per customer, at least one always remains; all or nothing on the server. */
function ImportFormCard() {
  const importCustomers = useImportCustomers();
  const form = useForm<ImportForm>({ defaultValues: { rows: [emptyImportRow()] }, resolver: zodResolver(ImportFormSchema) as never });
  const rows = useFieldArray({ control: form.control, name: "rows" });
  const errors = form.formState.errors;

  const onValid = (values: ImportForm) =>
    importCustomers.mutate(importPayloadOfRows(ImportFormSchema.parse(values).rows), {
      onSuccess: (result) => {
        toast({ title: text.done, description: text.imported(result) });
        form.reset({ rows: [emptyImportRow()] });
      },
      onError: failed,
    });
  const onInvalid = (_: FieldErrors<ImportForm>) => toast({ variant: "destructive", title: text.incomplete, description: text.allFieldsRequired });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.formTitle}</CardTitle>
        <CardDescription>{text.formIntro}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="grid gap-4">
          {rows.fields.map((field, index) => {
            const rowErrors = errors.rows?.[index];
            const id = (name: string) => `import-${index}-${name}`;
            return (
              <fieldset key={field.id} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">{text.row(index + 1)}</legend>
                {FIELDS.map(([name, label, type, autoComplete]) => (
                  <TextField
                    key={name}
                    id={id(name)}
                    label={label}
                    type={type}
                    autoComplete={autoComplete}
                    error={rowErrors?.[name]?.message}
                    {...form.register(`rows.${index}.${name}`)}
                  />
                ))}
                <div className="grid gap-1.5">
                  <Label htmlFor={id("type")}>{text.type}</Label>
                  <Select id={id("type")} {...form.register(`rows.${index}.type`)}>
                    {IMPORT_PUMP_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {IMPORT_PUMP_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </Select>
                  <FieldError id={`${id("type")}-error`}>{rowErrors?.type?.message}</FieldError>
                </div>
                {rows.fields.length > 1 && (
                  <div className="flex items-end sm:col-span-2 lg:col-span-3">
                    <Button variant="outline" size="sm" onClick={() => rows.remove(index)}>
                      <Trash2 aria-hidden="true" />
                      {text.removeRow(index + 1)}
                    </Button>
                  </div>
                )}
              </fieldset>
            );
          })}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => rows.append(emptyImportRow())}>
              <Plus aria-hidden="true" />
              {text.addRow}
            </Button>
            <Button type="submit" disabled={importCustomers.isPending}>
              {importCustomers.isPending ? text.submitting : text.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** rules §5: pasted JSON must be an array; the server accepts both key spellings. */
function ImportJsonCard() {
  const importCustomers = useImportCustomers();
  const [json, setJson] = useState("");
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      parsed = null;
    }
    if (!Array.isArray(parsed)) {
      toast({ variant: "destructive", title: text.invalidJson, description: text.invalidJsonDescription });
      return;
    }
    importCustomers.mutate(parsed, {
      onSuccess: (result) => {
        toast({ title: text.jsonDone, description: text.imported(result) });
        setJson("");
      },
      onError: failed,
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.jsonTitle}</CardTitle>
        <CardDescription>{text.jsonIntro}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="import-json">{text.jsonLabel}</Label>
            <Textarea id="import-json" rows={8} spellCheck={false} className="font-mono" value={json} onChange={(event) => setJson(event.target.value)} />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={importCustomers.isPending || json.trim() === ""}>
              {importCustomers.isPending ? text.submitting : text.jsonSubmit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function ImportPanel() {
  return (
    <div className="grid gap-6">
      <ImportFormCard />
      <ImportJsonCard />
    </div>
  );
}
