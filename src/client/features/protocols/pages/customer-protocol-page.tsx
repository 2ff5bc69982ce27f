import { CheckCircle2, Download } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { FieldError, Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage, isApiError } from "@/client/lib/api-error";
import { QueryScope } from "@/client/lib/query-scope";
import { customerMaySign } from "@/common/protocols/rules";
import type { CustomerProtocol as CustomerProtocolView } from "@/common/schemas/protocols";
import { useCustomerProtocol, useCustomerSign } from "../api/protocols";
import { DetailCard, ProtocolDetails, SignatureCard } from "../components/protocol-details";
import { SignaturePad } from "../components/signature-pad";
import { protocolUiText as text } from "../text";

function SignForm({ publicId }: { publicId: string }) {
  const id = useId();
  const sign = useCustomerSign(publicId);
  const [signature, setSignature] = useState<string | null>(null);
  const [comments, setComments] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!signature) return setError(text.signRequired);
    setError(null);
    sign.mutate(
      { customerSignature: signature, customerComments: comments },
      { onError: (failure) => toast({ variant: "destructive", title: text.signFailed, description: errorMessage(failure, text.signFailed) }) },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <DetailCard title={text.approvalTitle}>
        <div className="grid gap-4">
          <p className="text-slate-800">{text.approvalText}</p>
          <SignaturePad label={text.customerSignature.replace(" (om kunden signerar på plats)", "")} value={signature} onChange={setSignature} />
          <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-comments`}>{text.fields.customerComments}</Label>
            <Textarea
              id={`${id}-comments`}
              rows={3}
              maxLength={2000}
              placeholder={text.commentsPlaceholder}
              value={comments}
              onChange={(event) => setComments(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={!signature || sign.isPending} className="w-full sm:w-auto sm:justify-self-start">
            {sign.isPending ? text.signing : text.signAndApprove}
          </Button>
        </div>
      </DetailCard>
    </form>
  );
}

function Signed({ protocol }: { protocol: CustomerProtocolView }) {
  return (
    <div role="status" className="grid gap-2 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-slate-900">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 className="size-5 text-green-800" aria-hidden="true" />
        {text.signedTitle}
      </p>
      <p>{text.signedThanks}</p>
      {protocol.customerComments && (
        <p>
          <span className="font-medium">{text.yourComments}: </span>
          <span className="whitespace-pre-line">{protocol.customerComments}</span>
        </p>
      )}
    </div>
  );
}

/** /protocol/{id} (rules §2 customer protocol page; rules D10: an unguessable id). */
export default function CustomerProtocolPage() {
  return (
    <QueryScope>
      <CustomerProtocol />
    </QueryScope>
  );
}

function CustomerProtocol() {
  const publicId = useParams().id ?? "";
  const query = useCustomerProtocol(publicId);
  const protocol = query.data;
  if (isApiError(query.error, 404) || (query.isError && !protocol)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-2xl font-bold text-slate-900">{text.notFound}</h1>
      </div>
    );
  }
  if (!protocol) return <Spinner />;
  const fullySigned = protocol.status === "fully-signed";
  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 py-6 sm:py-10">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{text.customerTitle}</h1>
        <p className="text-slate-700">
          {text.customerNumber(protocol.id)} · {protocol.installationDate} · <span className="font-medium">{text.statusLabels[protocol.status]}</span>
        </p>
      </header>
      <a
        href={`/api/protocols/${encodeURIComponent(publicId)}/pdf`}
        target="_blank"
        rel="noreferrer"
        className="inline-flex min-h-11 items-center gap-2 justify-self-start rounded-md px-3 text-sm font-medium text-brand-800 ring-1 ring-inset ring-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <Download className="size-4" aria-hidden="true" />
        {text.downloadPdf}
      </a>
      {fullySigned && <Signed protocol={protocol} />}
      <ProtocolDetails protocol={protocol} />
      <SignatureCard title={text.technicianSignature} signature={protocol.technicianSignature} signedAt={protocol.technicianSignedAt} />
      {protocol.customerSignature ? (
        <SignatureCard
          title={text.customerSignature.replace(" (om kunden signerar på plats)", "")}
          signature={protocol.customerSignature}
          signedAt={protocol.customerSignedAt}
        />
      ) : customerMaySign(protocol) ? (
        <SignForm publicId={publicId} />
      ) : null}
    </div>
  );
}
