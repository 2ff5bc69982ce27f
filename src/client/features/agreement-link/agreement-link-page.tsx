import { CheckCircle2, FileQuestion } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { LinkPageStates } from "@/client/components/link-page-states";
import { Button } from "@/client/components/ui/button";
import { errorMessage } from "@/client/lib/api-error";
import { formatDayMonthYear, formatLongDateTime } from "@/client/lib/format-date";
import { QueryScope } from "@/client/lib/query-scope";
import type { CustomerAgreement } from "@/common/schemas/agreements";
import { useAcceptAgreement } from "./api/accept-agreement";
import { useCustomerAgreement } from "./api/get-agreement";
import { AgreementTerms } from "./components/agreement-terms";
import { Row, Section } from "@/client/components/link-page-section";
import { agreementLinkText as text } from "./text";

const linkClass = "text-brand-700 underline underline-offset-4";

/**
 * /avtal/{token} (issue 26): the service agreement the customer was e-mailed, its terms in plain
 * Swedish and 'Godkänn avtalet'; once accepted, when. Public, in a chunk of its own: no staff code and
 * no zod. Not prerendered (the token is needed); the title comes from app/page-titles.
 */
export default function AgreementLinkPage() {
  const { token = "" } = useParams();
  return (
    <QueryScope>
      <AgreementLinkContent key={token} token={token} />
    </QueryScope>
  );
}

function AgreementLinkContent({ token }: { token: string }) {
  const query = useCustomerAgreement(token);
  return (
    <LinkPageStates
      query={query}
      text={text}
      invalidTitleId="invalid-agreement-title"
      invalidIcon={<FileQuestion className="size-10 text-slate-500" aria-hidden="true" />}
      failedHeading={text.heading}
    >
      {(agreement) => <CustomerAgreementView token={token} agreement={agreement} />}
    </LinkPageStates>
  );
}

/** 'Godkänn avtalet' while the agreement waits for it; the server's refusal is announced. */
function AcceptBlock({ token }: { token: string }) {
  const accept = useAcceptAgreement(token);
  return (
    <Section id="agreement-accept-heading" title={text.accept.heading} className="border-brand-300">
      <p className="text-slate-800">{text.accept.text}</p>
      <div role="alert">
        {accept.isError && (
          <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">{errorMessage(accept.error, text.accept.failed)}</p>
        )}
      </div>
      <Button className="justify-self-start" disabled={accept.isPending} onClick={() => accept.mutate()}>
        {accept.isPending ? text.accept.pending : text.accept.button}
      </Button>
    </Section>
  );
}

/** Where the agreement stands for the customer: accepted (when), paused, or ended. */
function StatusNote({ agreement, focus }: { agreement: CustomerAgreement; focus: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);

  if (agreement.status === "ended") {
    return <p className="rounded-md bg-slate-100 p-3 text-slate-900">{agreement.endsOn ? text.endedOn(formatDayMonthYear(agreement.endsOn)) : text.ended}</p>;
  }
  if (agreement.acceptedAt === null) return null;
  return (
    <div ref={ref} tabIndex={-1} role="status" className="grid gap-2 rounded-md bg-emerald-50 p-3 text-emerald-900 focus:outline-none">
      <p className="flex items-start gap-2 font-medium">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        {text.accepted(formatLongDateTime(agreement.acceptedAt))}
      </p>
      {agreement.status === "paused" && <p>{text.paused}</p>}
      {agreement.endsOn && <p>{text.endsOn(formatDayMonthYear(agreement.endsOn))}</p>}
    </div>
  );
}

function CustomerAgreementView({ token, agreement }: { token: string; agreement: CustomerAgreement }) {
  // Shown waiting for acceptance and now accepted: the button is gone, so the note that replaced it takes the focus.
  const [shownPending] = useState(agreement.status === "pending");
  const justAccepted = shownPending && agreement.acceptedAt !== null;
  const { company } = agreement;
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-6 sm:gap-6 sm:py-10">
      <header className="grid gap-2">
        <p className="text-sm font-medium text-slate-700">{text.from(company.name)}</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.heading}</h1>
        {agreement.status === "pending" && <p className="text-slate-800">{text.intro(agreement.customerName)}</p>}
      </header>

      <StatusNote agreement={agreement} focus={justAccepted} />
      <AgreementTerms agreement={agreement} />
      {agreement.status === "pending" && <AcceptBlock token={token} />}

      <Section id="agreement-company-heading" title={text.company.heading}>
        <p className="font-medium text-slate-900">{company.name}</p>
        <dl className="grid gap-2">
          <Row label={text.company.phone}>
            <a href={`tel:${company.phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
              {company.phone}
            </a>
          </Row>
          <Row label={text.company.email}>
            <a href={`mailto:${company.email}`} className={`break-all ${linkClass}`}>
              {company.email}
            </a>
          </Row>
        </dl>
      </Section>

      <p className="text-sm text-slate-700">{text.sharing}</p>
    </div>
  );
}
