import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useLocation, useParams } from "react-router";
import { BackLink } from "@/client/components/back-link";
import { FieldError } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { isApiError } from "@/client/lib/api-error";
import { parseId } from "@/client/lib/parse-id";
import { ProtocolFormSchema } from "@/common/schemas/protocols";
import { useProtocol } from "../api/protocols";
import { ProtocolFormActions } from "../components/protocol-form-actions";
import { DraftRestoredNotice, OfflineNotice } from "../components/protocol-form-notices";
import {
  BasicSection,
  ChecklistsSection,
  DismantledSection,
  NotesSection,
  PhotosSection,
  ProductSection,
  RefrigerantSection,
  SignaturesSection,
} from "../components/protocol-form-sections";
import { ProtocolNoticeBox } from "../components/protocol-notice";
import { useDraftCopyOnDevice } from "../hooks/use-draft-copy-on-device";
import { useFieldIds } from "../hooks/use-field-ids";
import { useInitialProtocolValues } from "../hooks/use-initial-protocol-values";
import { useProtocolSave } from "../hooks/use-protocol-save";
import { useRestoredDraft } from "../hooks/use-restored-draft";
import { typedCo2Tonnes, type ProtocolFormValues } from "../lib/protocol-form-values";
import { protocolUiText as text } from "../text";

export type { ProtocolFormValues } from "../lib/protocol-form-values";

const resolver = zodResolver(ProtocolFormSchema.loose()) as never;

/**
 * The installation protocol form: it opens on its starting values (maybe the device's copy, then said
 * so), keeps a copy on the device while it is filled in, and saves as a draft or finishes, waiting
 * for the network when there is none.
 */
function ProtocolForm({
  id,
  initial,
  withoutCopy,
  restoredAt,
}: {
  id: number | null;
  initial: ProtocolFormValues;
  withoutCopy: ProtocolFormValues;
  restoredAt: string | null;
}) {
  const form = useForm<ProtocolFormValues>({ resolver, defaultValues: initial });
  const values = useWatch({ control: form.control }) as ProtocolFormValues;
  const field = useFieldIds();
  useDraftCopyOnDevice(form, id, values);
  const restored = useRestoredDraft(form, id, withoutCopy, restoredAt);
  const { submit, notice, saving, waitingForConnection } = useProtocolSave(form, id);
  const parts = { form, field };

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="grid gap-5">
      {restored.restoredAt && <DraftRestoredNotice savedAt={restored.restoredAt} onDiscard={restored.discard} />}
      {waitingForConnection && <OfflineNotice />}
      <BasicSection {...parts} />
      <ProductSection {...parts} />
      <RefrigerantSection {...parts} tonnes={typedCo2Tonnes(values)} />
      <ChecklistsSection form={form} />
      <DismantledSection {...parts} />
      <PhotosSection form={form} />
      <NotesSection {...parts} />
      <SignaturesSection {...parts} />
      <ProtocolNoticeBox notice={notice} />
      <ProtocolFormActions
        saving={saving}
        signedByTechnician={Boolean(values.technicianSignature)}
        hintId={field("finish-hint")}
        onSaveDraft={() => void submit("draft")}
        onFinish={() => void submit("finish")}
      />
    </form>
  );
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
  const id = params.id ? parseId(params.id) : null;
  const editing = params.id !== undefined;
  const query = useProtocol(editing ? id : null);
  const initial = useInitialProtocolValues(editing, id, query.data);

  let body: ReactNode;
  if (editing && (id === null || isApiError(query.error, 404))) body = <p className="text-lg font-semibold text-slate-900">{text.notFound}</p>;
  else if (query.isError) body = <FieldError id="protocol-load-error">{text.loadFailed}</FieldError>;
  else if (!initial) body = <Spinner />;
  else body = <ProtocolForm id={editing ? id : null} initial={initial.values} withoutCopy={initial.withoutCopy} restoredAt={initial.restoredAt} />;

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-6 sm:py-10">
      <BackLink to={editing && id ? `/technician/protocols/${id}` : "/technician?tab=protocols"}>{text.back}</BackLink>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{editing ? text.editTitle : text.newTitle}</h1>
      {body}
    </div>
  );
}
