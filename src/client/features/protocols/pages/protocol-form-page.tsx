import { zodResolver } from "@hookform/resolvers/zod";
import { ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Controller, useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import { TextField } from "@/client/components/ui/text-field";
import { errorMessage, isApiError } from "@/client/lib/api-error";
import { todayIn } from "@/common/booking-rules";
import { INSTALLATION_TYPE_LABELS, INSTALLATION_TYPES, REFRIGERANT_TYPES } from "@/common/constants";
import {
  CHECKLIST_GROUPS,
  co2Equivalent,
  formatTonnes,
  leakChecksRequired,
  toggleAll,
  type ChecklistGroupKey,
  type Refrigerant,
} from "@/common/protocols/rules";
import { formatListDateTime } from "@/common/format";
import { IMAGE_ACCEPT_ATTRIBUTE } from "@/common/image-rules";
import {
  MAX_IMAGES_PER_GROUP,
  PROTOCOL_IMAGE_GROUP_LABELS,
  PROTOCOL_IMAGE_GROUPS,
  ProtocolFormSchema,
  type Protocol,
  type ProtocolImageGroup,
  type ProtocolInput,
} from "@/common/schemas/protocols";
import { BackLink } from "@/client/components/back-link";
import { parseId } from "@/client/lib/parse-id";
import { convertProtocolPhoto, getCompanyDefaults, getVisitForProtocol, useProtocol, useSaveProtocol, useSendForSigning } from "../api/protocols";
import { ProtocolNoticeBox, useArrivedNotice, type NoticeState, type ProtocolNotice } from "../components/protocol-notice";
import { SignaturePad } from "../components/signature-pad";
import { browserPhotoSteps, photoErrorMessage, preparePhoto, type PhotoSteps } from "../lib/prepare-photo";
import { clearProtocolDraft, loadProtocolDraft, saveProtocolDraft } from "../lib/protocol-draft";
import { protocolUiText as text } from "../text";

type Checklists = Record<ChecklistGroupKey, Record<string, boolean>>;
type Photos = Record<ProtocolImageGroup, string[]>;
export type ProtocolFormValues = {
  /** The device's key for a new protocol (kept in the draft): a retried save never creates a second one. */
  clientKey: string;
  bookingId: number | null;
  installationDate: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  organizationNumber: string;
  installationAddress: string;
  companyName: string;
  companyOrgNumber: string;
  companyPhone: string;
  installedBrand: string;
  installedModel: string;
  installedPower: string;
  installationType: string;
  indoorUnitLocation: string;
  outdoorUnitLocation: string;
  electricalConnectionType: string;
  refrigerantType: Refrigerant;
  refrigerantAmount: string;
  technicianCertificateNumber: string;
  companyCertificateNumber: string;
  demontagedProducts: string;
  notes: string;
  technicianNotes: string;
  customerComments: string;
  checklists: Checklists;
  photos: Photos;
  technicianSignature: string | null;
  customerSignature: string | null;
};

const TEXT_FIELDS = [
  "companyName",
  "companyOrgNumber",
  "companyPhone",
  "customerPhone",
  "organizationNumber",
  "installationAddress",
  "indoorUnitLocation",
  "outdoorUnitLocation",
  "electricalConnectionType",
  "technicianCertificateNumber",
  "companyCertificateNumber",
  "demontagedProducts",
  "notes",
  "technicianNotes",
  "customerComments",
] as const;

function emptyValues(): ProtocolFormValues {
  return {
    clientKey: crypto.randomUUID(),
    bookingId: null,
    installationDate: todayIn(new Date()),
    customerName: "",
    customerEmail: "",
    customerPhone: "",
    organizationNumber: "",
    installationAddress: "",
    companyName: "",
    companyOrgNumber: "",
    companyPhone: "",
    installedBrand: "",
    installedModel: "",
    installedPower: "",
    installationType: "luftvarmepump",
    indoorUnitLocation: "",
    outdoorUnitLocation: "",
    electricalConnectionType: "",
    refrigerantType: "R32",
    refrigerantAmount: "",
    technicianCertificateNumber: "",
    companyCertificateNumber: "",
    demontagedProducts: "",
    notes: "",
    technicianNotes: "",
    customerComments: "",
    checklists: Object.fromEntries(Object.keys(CHECKLIST_GROUPS).map((g) => [g, {}])) as Checklists,
    photos: { condenseDrainPipe: [], serialNumbers: [], completedInstallation: [] },
    technicianSignature: null,
    customerSignature: null,
  };
}

function fromProtocol(p: Protocol): ProtocolFormValues {
  const base = emptyValues();
  return {
    ...base,
    bookingId: p.bookingId,
    installationDate: p.installationDate,
    customerName: p.customerName,
    customerEmail: p.customerEmail,
    installedBrand: p.installedBrand ?? "",
    installedModel: p.installedModel ?? "",
    installedPower: p.installedPower ?? "",
    installationType: p.installationType,
    refrigerantType: p.refrigerantType as Refrigerant,
    refrigerantAmount: p.refrigerantAmount === null ? "" : String(p.refrigerantAmount).replace(".", ","),
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, p[f] ?? ""])),
    checklists: { ...base.checklists, ...(p.checklists as Checklists) },
    photos: { ...base.photos, ...(p.protocolImages as Photos) },
    technicianSignature: p.technicianSignature,
    customerSignature: p.customerSignature,
  };
}

function toInput(values: ProtocolFormValues, action: "draft" | "finish", isNew: boolean): ProtocolInput {
  const amount = values.refrigerantAmount.trim();
  return {
    action,
    ...(isNew ? { clientKey: values.clientKey } : {}),
    bookingId: values.bookingId,
    installationDate: values.installationDate,
    customerName: values.customerName,
    customerEmail: values.customerEmail,
    installedBrand: values.installedBrand,
    installedModel: values.installedModel,
    installedPower: values.installedPower,
    installationType: values.installationType as ProtocolInput["installationType"],
    refrigerantType: values.refrigerantType,
    refrigerantAmount: amount ? Number(amount.replace(",", ".")) : null,
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, values[f] || null])),
    ...values.checklists,
    protocolImages: values.photos,
    technicianSignature: values.technicianSignature,
    customerSignature: values.customerSignature,
  };
}

const resolver = zodResolver(ProtocolFormSchema.loose()) as never;

const RETRY_MS = 15_000;

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

function ChecklistGroup({ form, group }: { form: UseFormReturn<ProtocolFormValues>; group: ChecklistGroupKey }) {
  const id = useId();
  const current = useWatch({ control: form.control, name: `checklists.${group}` }) ?? {};
  const { title, items } = CHECKLIST_GROUPS[group];
  const toggle = toggleAll(group, current);
  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <legend className="font-semibold text-slate-900">{title}</legend>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${toggle.label}: ${title}`}
          onClick={() => form.setValue(`checklists.${group}`, toggle.next, { shouldDirty: true })}
        >
          {toggle.label}
        </Button>
      </div>
      <div className="grid gap-1 sm:grid-cols-2">
        {Object.entries(items).map(([key, label]) => (
          <label key={key} htmlFor={`${id}-${key}`} className="flex min-h-11 items-center gap-3 text-slate-900">
            <input id={`${id}-${key}`} type="checkbox" className="size-5 accent-brand-700" {...form.register(`checklists.${group}.${key}`)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const photoSteps: PhotoSteps = browserPhotoSteps(convertProtocolPhoto);

/**
 * One group of photos. Each picked file is checked and decoded as it is added (issue 23 point 9):
 * the good ones are added, each refused one is named below the group at once.
 */
function PhotoGroup({ form, group }: { form: UseFormReturn<ProtocolFormValues>; group: ProtocolImageGroup }) {
  const id = useId();
  const problemsId = `${id}-problems`;
  const photos = useWatch({ control: form.control, name: `photos.${group}` }) ?? [];
  const [checking, setChecking] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const add = async (files: File[]) => {
    if (files.length === 0) return;
    setChecking(true);
    setProblems([]);
    const room = MAX_IMAGES_PER_GROUP - (form.getValues(`photos.${group}`) ?? []).length;
    const picked = files.slice(0, room);
    const results = await Promise.allSettled(picked.map((file) => preparePhoto(file, photoSteps)));
    const added = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    setProblems(results.flatMap((result, index) => (result.status === "rejected" ? [photoErrorMessage(picked[index], result.reason)] : [])));
    // What the group holds now: another add may have finished meanwhile.
    if (added.length > 0)
      form.setValue(`photos.${group}`, [...(form.getValues(`photos.${group}`) ?? []), ...added].slice(0, MAX_IMAGES_PER_GROUP), { shouldDirty: true });
    setChecking(false);
  };
  return (
    <div className="grid gap-2">
      <p className="font-medium text-slate-900">{PROTOCOL_IMAGE_GROUP_LABELS[group]}</p>
      <ul className="grid grid-cols-3 gap-2">
        {photos.map((src, index) => (
          <li key={`${index}-${src.length}`} className="relative">
            <img src={src} alt={`${PROTOCOL_IMAGE_GROUP_LABELS[group]} ${index + 1}`} className="aspect-square w-full rounded-md object-cover" />
            <button
              type="button"
              aria-label={`${text.removePhoto(index + 1)}: ${PROTOCOL_IMAGE_GROUP_LABELS[group]}`}
              onClick={() =>
                form.setValue(
                  `photos.${group}`,
                  photos.filter((_, i) => i !== index),
                  { shouldDirty: true },
                )
              }
              className="absolute right-1 top-1 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-red-800 shadow focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {photos.length < MAX_IMAGES_PER_GROUP && (
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 justify-self-start rounded-md px-3 text-sm font-medium text-brand-800 ring-1 ring-inset ring-brand-700 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-brand-700"
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          {text.addPhotos}
          <span className="sr-only">: {PROTOCOL_IMAGE_GROUP_LABELS[group]}</span>
          <input
            id={id}
            type="file"
            accept={IMAGE_ACCEPT_ATTRIBUTE}
            multiple
            className="sr-only"
            aria-describedby={problems.length > 0 ? problemsId : undefined}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              // The same file may be picked again after it was refused or removed.
              event.target.value = "";
              void add(files);
            }}
          />
        </label>
      )}
      <p role="status" className="text-sm text-slate-700">
        {checking ? text.photos.checking : ""}
      </p>
      <div role="alert" id={problemsId}>
        {problems.length > 0 && (
          <ul className="grid gap-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ProtocolForm({ id, initial, restoredAt }: { id: number | null; initial: ProtocolFormValues; restoredAt: string | null }) {
  const navigate = useNavigate();
  const save = useSaveProtocol();
  const send = useSendForSigning();
  const [restored, setRestored] = useState(restoredAt);
  const [notice, setNotice] = useArrivedNotice();
  // A save that failed for lack of network waits here and is sent again when the connection returns.
  const [offline, setOffline] = useState<"draft" | "finish" | null>(null);
  const form = useForm<ProtocolFormValues>({ resolver, defaultValues: initial });
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control }) as ProtocolFormValues;
  const idPrefix = useId().replace(/:/g, "");
  const field = (name: string) => `${idPrefix}-${name}`;

  // Keep a copy on the device while typing (debounced).
  const timer = useRef<number | null>(null);
  useEffect(() => {
    if (!form.formState.isDirty) return;
    if (timer.current) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => saveProtocolDraft(id, form.getValues()), 400);
    return () => {
      if (timer.current) window.clearTimeout(timer.current);
    };
  }, [values, id, form]);

  const tonnes = co2Equivalent(values.refrigerantType, values.refrigerantAmount ? Number(values.refrigerantAmount.replace(",", ".")) : null);

  const submit = (action: "draft" | "finish") =>
    form.handleSubmit((valid) =>
      save.mutate(
        { id, body: toInput(valid, action, id === null) },
        {
          onSuccess: async (saved) => {
            clearProtocolDraft(id);
            let outcome: ProtocolNotice;
            if (action === "draft") outcome = { kind: "success", text: text.savedDraft };
            else if (saved.status === "fully-signed") outcome = { kind: "success", text: text.finished };
            else {
              try {
                await send.mutateAsync({ id: saved.id });
                outcome = { kind: "success", text: text.sentForSigning };
              } catch (error) {
                outcome = { kind: "error", text: text.emailFailed(errorMessage(error, text.saveFailed)) };
              }
            }
            // rules §8: the message stands inline on the page the technician lands on; issue 23: only
            // there, not in a toast saying the same.
            navigate(action === "draft" ? `/technician/protocols/${saved.id}/edit` : `/technician/protocols/${saved.id}`, {
              replace: id === null,
              state: { protocolNotice: outcome } satisfies NoticeState,
            });
          },
          onError: (error) => {
            if (!isApiError(error)) return setOffline(action); // no answer at all: the network
            const title = action === "draft" ? text.saveFailed : text.finishFailed;
            setNotice({ kind: "error", text: [title, errorMessage(error, "")].filter(Boolean).join(": ") });
          },
        },
      ),
    )();

  // The browser knew it was offline: TanStack Query holds the save (isPaused) and sends it when the
  // connection returns. It did not (a basement's flaky network): try again when the browser reports
  // the connection, or every 15 s.
  useEffect(() => {
    if (!offline) return;
    const retry = () => {
      setOffline(null);
      void submit(offline);
    };
    window.addEventListener("online", retry);
    const timer = window.setInterval(() => navigator.onLine && retry(), RETRY_MS);
    return () => {
      window.removeEventListener("online", retry);
      window.clearInterval(timer);
    };
    // submit is rebuilt every render; the retry uses the form's values at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offline]);

  const textField = (
    name: keyof ProtocolFormValues & string,
    label: string,
    options: { type?: string; required?: boolean; inputMode?: "email" | "tel" | "decimal" } = {},
  ) => (
    <TextField
      id={field(name)}
      label={options.required ? `${label} *` : label}
      type={options.type}
      inputMode={options.inputMode}
      error={(errors as Record<string, { message?: string } | undefined>)[name]?.message}
      {...form.register(name as never)}
    />
  );

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="grid gap-5">
      {restored && (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900 sm:flex-row sm:items-center"
        >
          <p className="flex-1">{text.draftRestored(formatListDateTime(restored))}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              clearProtocolDraft(id);
              form.reset(initial);
              setRestored(null);
            }}
          >
            {text.discardDraft}
          </Button>
        </div>
      )}
      {(offline || save.isPaused) && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
          {text.offline}
        </p>
      )}
      <Section title={text.sections.basic}>
        <div className="grid gap-4 sm:grid-cols-2">
          {textField("installationDate", text.fields.installationDate, { type: "date", required: true })}
          {textField("customerName", text.fields.customerName, { required: true })}
          {textField("customerEmail", text.fields.customerEmail, { type: "email", inputMode: "email", required: true })}
          {textField("customerPhone", text.fields.customerPhone, { type: "tel", inputMode: "tel" })}
          {textField("installationAddress", text.fields.installationAddress)}
          {textField("organizationNumber", text.fields.organizationNumber)}
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 font-semibold text-slate-900">{text.companyLegend}</legend>
          {textField("companyName", text.fields.companyName)}
          {textField("companyOrgNumber", text.fields.companyOrgNumber)}
          {textField("companyPhone", text.fields.companyPhone, { type: "tel", inputMode: "tel" })}
        </fieldset>
      </Section>
      <Section title={text.sections.product}>
        <div className="grid gap-4 sm:grid-cols-2">
          {textField("installedBrand", text.fields.installedBrand, { required: true })}
          {textField("installedModel", text.fields.installedModel, { required: true })}
          {textField("installedPower", text.fields.installedPower, { required: true })}
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
          {textField("indoorUnitLocation", text.fields.indoorUnitLocation)}
          {textField("outdoorUnitLocation", text.fields.outdoorUnitLocation)}
          {textField("electricalConnectionType", text.fields.electricalConnectionType)}
        </div>
      </Section>
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
          {textField("refrigerantAmount", text.fields.refrigerantAmount, { inputMode: "decimal" })}
          {textField("technicianCertificateNumber", text.fields.technicianCertificateNumber)}
          {textField("companyCertificateNumber", text.fields.companyCertificateNumber)}
        </div>
        {tonnes !== null && (
          <p role="status" className="text-sm text-slate-800">
            {text.co2e(formatTonnes(tonnes))}
            {leakChecksRequired(tonnes) && <strong className="block text-amber-900">{text.leakChecks}</strong>}
          </p>
        )}
      </Section>
      <Section title={text.sections.checklists}>
        {(Object.keys(CHECKLIST_GROUPS) as ChecklistGroupKey[]).map((group) => (
          <ChecklistGroup key={group} form={form} group={group} />
        ))}
      </Section>
      <Section title={text.sections.dismantled}>
        <div className="grid gap-1.5">
          <Label htmlFor={field("demontagedProducts")}>{text.fields.demontagedProducts}</Label>
          <Textarea id={field("demontagedProducts")} rows={2} {...form.register("demontagedProducts")} />
        </div>
      </Section>
      <Section title={text.sections.photos}>
        <p className="text-sm text-slate-700">{text.photoHint}</p>
        <p className="text-sm text-slate-700">{text.photoFileHint}</p>
        {PROTOCOL_IMAGE_GROUPS.map((group) => (
          <PhotoGroup key={group} form={form} group={group} />
        ))}
      </Section>
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
      <ProtocolNoticeBox notice={notice} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" disabled={save.isPending} onClick={() => void submit("draft")}>
          {save.isPending ? text.saving : text.saveDraft}
        </Button>
        <Button disabled={save.isPending || !values.technicianSignature} aria-describedby={field("finish-hint")} onClick={() => void submit("finish")}>
          {text.finish}
        </Button>
      </div>
      {!values.technicianSignature && (
        <p id={field("finish-hint")} className="text-sm text-slate-700">
          {text.finishHint}
        </p>
      )}
    </form>
  );
}

/** Prefill from a booking (`?bookingId=`): the customer and the address (rules §2). */
async function fromBooking(bookingId: number): Promise<Partial<ProtocolFormValues>> {
  const visit = await getVisitForProtocol(bookingId);
  return {
    bookingId,
    customerName: visit.contact.name,
    customerEmail: visit.contact.email,
    customerPhone: visit.contact.phone,
    installationAddress: `${visit.contact.address}, ${visit.contact.postalCode} ${visit.contact.city}`,
    installedModel: visit.product?.model ?? visit.booking.heatpumpModel ?? "",
    installedBrand: visit.product?.brand ?? "",
  };
}

/**
 * /technician/protocols/new (?bookingId=), /technician/protocols/{id}/edit and /technician/protocols/edit/{id}.
 * A new protocol's first save moves to its edit address: the page starts afresh there, from the server.
 */
export default function ProtocolFormPage() {
  const { pathname } = useLocation();
  return <ProtocolFormScreen key={pathname} />;
}

function ProtocolFormScreen() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const id = params.id ? parseId(params.id) : null;
  const editing = params.id !== undefined;
  const query = useProtocol(editing ? id : null);
  const [initial, setInitial] = useState<{ values: ProtocolFormValues; restoredAt: string | null } | null>(null);

  useEffect(() => {
    if (initial || (editing && !query.data)) return;
    const server = editing && query.data ? fromProtocol(query.data) : emptyValues();
    const draft = loadProtocolDraft<ProtocolFormValues>(editing ? id : null);
    if (draft) return setInitial({ values: { ...server, ...draft.values }, restoredAt: draft.savedAt });
    if (editing) return setInitial({ values: server, restoredAt: null });
    // A new protocol starts with the company's details from the settings and, from a visit, its customer.
    const bookingId = Number(searchParams.get("bookingId"));
    const fromVisit = Number.isInteger(bookingId) && bookingId > 0 ? fromBooking(bookingId).catch(() => ({})) : Promise.resolve({});
    const company = getCompanyDefaults().catch(() => ({}));
    void Promise.all([company, fromVisit]).then(([own, visit]) => setInitial({ values: { ...server, ...own, ...visit }, restoredAt: null }));
  }, [editing, id, initial, query.data, searchParams]);

  let body: ReactNode;
  if (editing && (id === null || isApiError(query.error, 404))) body = <p className="text-lg font-semibold text-slate-900">{text.notFound}</p>;
  else if (query.isError) body = <FieldError id="protocol-load-error">{text.loadFailed}</FieldError>;
  else if (!initial) body = <Spinner />;
  else body = <ProtocolForm id={editing ? id : null} initial={initial.values} restoredAt={initial.restoredAt} />;

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-6 sm:py-10">
      <BackLink to={editing && id ? `/technician/protocols/${id}` : "/technician?tab=protocols"}>{text.back}</BackLink>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{editing ? text.editTitle : text.newTitle}</h1>
      {body}
    </div>
  );
}
