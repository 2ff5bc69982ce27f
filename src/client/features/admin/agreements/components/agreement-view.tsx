import { formatListDate, formatListDateTime } from "@/common/format";
import type { Agreement } from "@/common/schemas/agreements";
import { nextVisitText, visitsText, yearlyPriceText } from "../lib/display";
import { agreementsText } from "../text";
import { AgreementActions } from "./agreement-actions";
import { AgreementHistory } from "./agreement-history";
import { AgreementStatusBadge } from "./agreement-status-badge";
import { DetailCard, DetailRow } from "../../components/detail-card";

const text = agreementsText.detail;

function TermsCard({ agreement }: { agreement: Agreement }) {
  return (
    <DetailCard id="agreement-terms-heading" title={text.terms}>
      <dl className="grid gap-2">
        <DetailRow label={text.customer}>{agreement.customerName}</DetailRow>
        <DetailRow label={text.product}>{agreement.productLabel}</DetailRow>
        <DetailRow label={text.startDate}>{formatListDate(agreement.startDate)}</DetailRow>
        <DetailRow label={text.endsOn}>{agreement.endsOn ? formatListDate(agreement.endsOn) : text.endsOnNone}</DetailRow>
        <DetailRow label={text.yearlyPrice}>
          <span className="tabular-nums">{yearlyPriceText(agreement.yearlyPriceOre)}</span>
        </DetailRow>
        <DetailRow label={text.visits}>{visitsText(agreement)}</DetailRow>
        <DetailRow label={text.nextVisit}>{nextVisitText(agreement.nextVisitMonth) ?? agreementsText.list.noNextVisit}</DetailRow>
        <DetailRow label={text.repairDiscount}>{text.discountPercent(agreement.repairDiscountPercent)}</DetailRow>
        <DetailRow label={text.renewal}>{agreement.autoRenew ? text.autoRenew : text.manualRenew}</DetailRow>
        <DetailRow label={text.created}>{formatListDateTime(agreement.createdAt)}</DetailRow>
      </dl>
    </DetailCard>
  );
}

function AcceptanceCard({ agreement }: { agreement: Agreement }) {
  return (
    <DetailCard id="agreement-acceptance-heading" title={text.acceptance}>
      {agreement.acceptedAt === null ? (
        <div className="grid gap-2">
          <p className="text-slate-800">{text.notAccepted}</p>
          <p className="text-sm text-slate-700">{text.customerLink}</p>
          <a href={agreement.customerUrl} className="break-all font-mono text-sm text-brand-800 underline">
            {agreement.customerUrl}
          </a>
        </div>
      ) : (
        <dl className="grid gap-2">
          <DetailRow label={text.acceptedAt}>{formatListDateTime(agreement.acceptedAt)}</DetailRow>
          <DetailRow label={text.acceptedFrom}>
            <span className="break-all font-mono text-sm">{agreement.acceptedFrom ?? agreementsText.none}</span>
          </DetailRow>
        </dl>
      )}
      {agreement.pausedAt && (
        <dl>
          <DetailRow label={text.pausedAt}>{formatListDateTime(agreement.pausedAt)}</DetailRow>
        </dl>
      )}
    </DetailCard>
  );
}

/** Everything on an agreement (issue 26): its status, terms, acceptance, what can be done with it now, and its history. */
export function AgreementView({ agreement, today }: { agreement: Agreement; today: string }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{agreementsText.title(agreement.id)}</h1>
          <AgreementStatusBadge status={agreement.status} />
        </div>
        <p className="break-words text-slate-700">
          {agreement.customerName} · {agreement.productLabel}
        </p>
        <AgreementActions agreement={agreement} today={today} />
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <TermsCard agreement={agreement} />
        <div className="grid content-start gap-6">
          <AcceptanceCard agreement={agreement} />
          <DetailCard id="agreement-history-heading" title={text.history}>
            <AgreementHistory events={agreement.events} />
          </DetailCard>
        </div>
      </div>
    </div>
  );
}
