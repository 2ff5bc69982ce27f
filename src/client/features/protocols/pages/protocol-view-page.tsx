import { Download, ExternalLink, Mail, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage, isApiError } from "@/client/lib/api-error";
import { signingLinkAvailable } from "@/common/protocols/rules";
import { BackLink } from "@/client/components/back-link";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { parseId } from "@/client/lib/parse-id";
import { useDeleteProtocol, useProtocol, useSendForSigning } from "../api/protocols";
import { DetailCard, ProtocolDetails, SignatureCard } from "../components/protocol-details";
import { ProtocolNoticeBox, useArrivedNotice, type NoticeState } from "../components/protocol-notice";
import { protocolUiText as text } from "../text";

/** /technician/protocols/{id} (rules §2): read-only, with edit, the signing link, e-mail again, PDF and delete. */
export default function ProtocolViewPage() {
  const id = parseId(useParams().id);
  const navigate = useNavigate();
  const query = useProtocol(id);
  const remove = useDeleteProtocol();
  const send = useSendForSigning();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useArrivedNotice();
  const protocol = query.data;

  if (id === null || isApiError(query.error, 404)) {
    return (
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-6">
        <BackLink to="/technician?tab=protocols">{text.back}</BackLink>
        <p className="text-lg font-semibold text-slate-900">{text.notFound}</p>
      </div>
    );
  }
  if (!protocol) return <Spinner />;

  const waiting = signingLinkAvailable(protocol.status);
  const doDelete = () => {
    setConfirming(false);
    remove.mutate(protocol.id, {
      // Issue 23: one message per action, the notice on the page the technician lands on (no toast too).
      onSuccess: () => {
        navigate("/technician?tab=protocols", { state: { protocolNotice: { kind: "success", text: text.deleted } } satisfies NoticeState });
      },
      onError: (error) => {
        setNotice({ kind: "error", text: text.deleteFailed(errorMessage(error, "")) });
      },
    });
  };
  const resend = () =>
    send.mutate(
      { id: protocol.id, resend: true },
      {
        onSuccess: () => {
          setNotice({ kind: "success", text: text.emailSent });
        },
        onError: (error) => {
          setNotice({ kind: "error", text: text.emailFailed(errorMessage(error, "")) });
        },
      },
    );

  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6 sm:py-10">
      <BackLink to="/technician?tab=protocols">{text.back}</BackLink>
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{text.viewTitle(protocol.id)}</h1>
        <p className="text-slate-700">{text.statusLabels[protocol.status]}</p>
      </header>
      <ProtocolNoticeBox notice={notice} />
      <div className="flex flex-wrap gap-2">
        {protocol.status !== "fully-signed" && (
          <Link to={`/technician/protocols/${protocol.id}/edit`} className={buttonVariants({ variant: "outline" })}>
            <Pencil aria-hidden="true" />
            {text.edit}
          </Link>
        )}
        {waiting && (
          <a href={protocol.signingUrl} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "outline" })}>
            <ExternalLink aria-hidden="true" />
            {text.showSigningLink}
          </a>
        )}
        {waiting && (
          <Button variant="outline" disabled={send.isPending} onClick={resend}>
            <Mail aria-hidden="true" />
            {text.resendEmail}
          </Button>
        )}
        <a href={`/api/technician/protocols/${protocol.id}/pdf`} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          {text.downloadPdf}
        </a>
        <Button variant="destructive" disabled={remove.isPending} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          {text.delete}
        </Button>
      </div>
      <ProtocolDetails protocol={protocol} />
      {protocol.technicianNotes && (
        <DetailCard title={text.fields.technicianNotes}>
          <p className="whitespace-pre-line">{protocol.technicianNotes}</p>
        </DetailCard>
      )}
      <SignatureCard title={text.technicianSignature} signature={protocol.technicianSignature} signedAt={protocol.technicianSignedAt} />
      <SignatureCard
        title={text.customerSignature.replace(" (om kunden signerar på plats)", "")}
        signature={protocol.customerSignature}
        signedAt={protocol.customerSignedAt}
      />
      <ConfirmDialog
        open={confirming}
        title={text.confirmDeleteTitle}
        description={text.confirmDeleteText}
        confirmLabel={text.confirmDelete}
        cancelLabel={text.cancel}
        onConfirm={doDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
