import type { ReactNode } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Textarea } from "@/client/components/ui/textarea";
import { TextField } from "@/client/components/ui/text-field";
import { INSTALLATION_TYPE_LABELS, INSTALLATION_TYPES, REFRIGERANT_TYPES } from "@/common/constants";
import { CHECKLIST_GROUPS, formatTonnes, leakChecksRequired, type ChecklistGroupKey } from "@/common/protocols/rules";
import { PROTOCOL_IMAGE_GROUPS } from "@/common/schemas/protocols";
import type { ProtocolFormValues } from "../lib/protocol-form-values";
import { protocolUiText as text } from "../text";
import { ChecklistGroup } from "./checklist-group";
import { PhotoGroup } from "./photo-group";
import { SignaturePad } from "./signature-pad";

// The protocol form's sections in the order the installation is documented (rules §2): each one a
// card of its own, so the form page reads as the list of them.

/** What every section needs: the form, and the ids of this form's fields. */
type SectionProps = { form: UseFormReturn<ProtocolFormValues>; field: (name: string) => string };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** A text input of the form with its label (a required one marked *) and its error from the form's check. */
function ProtocolTextField({
  form,
  field,
  name,
  label,
  type,
  required,
  inputMode,
}: SectionProps & { name: keyof ProtocolFormValues & string; label: string; type?: string; required?: boolean; inputMode?: "email" | "tel" | "decimal" }) {
  const errors = form.formState.errors;
  return (
    <TextField
      id={field(name)}
      label={required ? `${label} *` : label}
      type={type}
      inputMode={inputMode}
      error={(errors as Record<string, { message?: string } | undefined>)[name]?.message}
      {...form.register(name as never)}
    />
  );
}

export function BasicSection({ form, field }: SectionProps) {
  const parts = { form, field };
  return (
    <Section title={text.sections.basic}>
      <div className="grid gap-4 sm:grid-cols-2">
        <ProtocolTextField {...parts} name="installationDate" label={text.fields.installationDate} type="date" required />
        <ProtocolTextField {...parts} name="customerName" label={text.fields.customerName} required />
        <ProtocolTextField {...parts} name="customerEmail" label={text.fields.customerEmail} type="email" inputMode="email" required />
        <ProtocolTextField {...parts} name="customerPhone" label={text.fields.customerPhone} type="tel" inputMode="tel" />
        <ProtocolTextField {...parts} name="installationAddress" label={text.fields.installationAddress} />
        <ProtocolTextField {...parts} name="organizationNumber" label={text.fields.organizationNumber} />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold text-slate-900">{text.companyLegend}</legend>
        <ProtocolTextField {...parts} name="companyName" label={text.fields.companyName} />
        <ProtocolTextField {...parts} name="companyOrgNumber" label={text.fields.companyOrgNumber} />
        <ProtocolTextField {...parts} name="companyPhone" label={text.fields.companyPhone} type="tel" inputMode="tel" />
      </fieldset>
    </Section>
  );
}

export function ProductSection({ form, field }: SectionProps) {
  const parts = { form, field };
  return (
    <Section title={text.sections.product}>
      <div className="grid gap-4 sm:grid-cols-2">
        <ProtocolTextField {...parts} name="installedBrand" label={text.fields.installedBrand} required />
        <ProtocolTextField {...parts} name="installedModel" label={text.fields.installedModel} required />
        <ProtocolTextField {...parts} name="installedPower" label={text.fields.installedPower} required />
        <div className="grid gap-1.5">
          <Label htmlFor={field("installationType")}>{text.fields.installationType}</Label>
          <Select id={field("installationType")} {...form.register("installationType")}>
            {INSTALLATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {INSTALLATION_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </div>
        <ProtocolTextField {...parts} name="indoorUnitLocation" label={text.fields.indoorUnitLocation} />
        <ProtocolTextField {...parts} name="outdoorUnitLocation" label={text.fields.outdoorUnitLocation} />
        <ProtocolTextField {...parts} name="electricalConnectionType" label={text.fields.electricalConnectionType} />
      </div>
    </Section>
  );
}

/** The refrigerant, with its CO₂ equivalent (`tonnes`, null until an amount is typed) and whether leak checks follow. */
export function RefrigerantSection({ form, field, tonnes }: SectionProps & { tonnes: number | null }) {
  const parts = { form, field };
  return (
    <Section title={text.sections.refrigerant}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={field("refrigerantType")}>{text.fields.refrigerantType}</Label>
          <Select id={field("refrigerantType")} {...form.register("refrigerantType")}>
            {REFRIGERANT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </div>
        <ProtocolTextField {...parts} name="refrigerantAmount" label={text.fields.refrigerantAmount} inputMode="decimal" />
        <ProtocolTextField {...parts} name="technicianCertificateNumber" label={text.fields.technicianCertificateNumber} />
        <ProtocolTextField {...parts} name="companyCertificateNumber" label={text.fields.companyCertificateNumber} />
      </div>
      {tonnes !== null && (
        <p role="status" className="text-sm text-slate-800">
          {text.co2e(formatTonnes(tonnes))}
          {leakChecksRequired(tonnes) && <strong className="block text-amber-900">{text.leakChecks}</strong>}
        </p>
      )}
    </Section>
  );
}

export function ChecklistsSection({ form }: { form: SectionProps["form"] }) {
  return (
    <Section title={text.sections.checklists}>
      {(Object.keys(CHECKLIST_GROUPS) as ChecklistGroupKey[]).map((group) => (
        <ChecklistGroup key={group} form={form} group={group} />
      ))}
    </Section>
  );
}

export function DismantledSection({ form, field }: SectionProps) {
  return (
    <Section title={text.sections.dismantled}>
      <div className="grid gap-1.5">
        <Label htmlFor={field("demontagedProducts")}>{text.fields.demontagedProducts}</Label>
        <Textarea id={field("demontagedProducts")} rows={2} {...form.register("demontagedProducts")} />
      </div>
    </Section>
  );
}

export function PhotosSection({ form }: { form: SectionProps["form"] }) {
  return (
    <Section title={text.sections.photos}>
      <p className="text-sm text-slate-700">{text.photoHint}</p>
      <p className="text-sm text-slate-700">{text.photoFileHint}</p>
      {PROTOCOL_IMAGE_GROUPS.map((group) => (
        <PhotoGroup key={group} form={form} group={group} />
      ))}
    </Section>
  );
}

export function NotesSection({ form, field }: SectionProps) {
  return (
    <Section title={text.sections.notes}>
      <div className="grid gap-1.5">
        <Label htmlFor={field("notes")}>{text.fields.notes}</Label>
        <Textarea id={field("notes")} rows={3} {...form.register("notes")} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={field("technicianNotes")}>{text.fields.technicianNotes}</Label>
        <Textarea id={field("technicianNotes")} rows={3} {...form.register("technicianNotes")} />
      </div>
    </Section>
  );
}

/** Both signatures, drawn on the device (rules §9), and the customer's comments beside them. */
export function SignaturesSection({ form, field }: SectionProps) {
  return (
    <Section title={text.sections.signatures}>
      <Controller
        control={form.control}
        name="technicianSignature"
        render={({ field: f }) => <SignaturePad label={text.technicianSignature} value={f.value} onChange={f.onChange} />}
      />
      <Controller
        control={form.control}
        name="customerSignature"
        render={({ field: f }) => <SignaturePad label={text.customerSignature} value={f.value} onChange={f.onChange} />}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={field("customerComments")}>{text.fields.customerComments}</Label>
        <Textarea id={field("customerComments")} rows={2} placeholder={text.commentsPlaceholder} {...form.register("customerComments")} />
      </div>
    </Section>
  );
}
