import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { formatListDate } from "@/common/format";
import { formatOre } from "@/common/invoicing/money";
import type { Invoice } from "@/common/schemas/invoices";
import { useMarkRotClaimed } from "../api/mark-rot-claimed";
import { invoicesText } from "../text";
import { DetailCard, DetailRow } from "../../components/detail-card";
import { RotDecisionDialog } from "./rot-decision-dialog";

const text = invoicesText.rot;

type Rot = NonNullable<Invoice["rot"]>;

function propertyText(property: Rot["property"]) {
  return property.kind === "house" ? text.house(property.designation) : text.flat(property.flatNumber, property.associationOrgNumber);
}

/** Where the claim stands: not yet (or not until paid), claimed on a day, decided with the amount approved. */
function claimText(invoice: Invoice, rot: Rot) {
  if (rot.decidedOn) return text.decidedOn(formatListDate(rot.decidedOn), formatOre(rot.approvedOre ?? 0));
  if (rot.claimedAt) return text.claimedAt(formatListDate(rot.claimedAt));
  return invoice.status === "paid" ? text.notClaimed : text.notClaimedUntilPaid;
}

/**
 * The invoice's ROT deduction: basis, buyers (personal numbers masked), the home and the work, and
 * the claim at Skatteverket: mark it claimed once the claim file is sent in, then register the decision.
 */
export function RotCard({ invoice, rot, today }: { invoice: Invoice; rot: Rot; today: string }) {
  const [deciding, setDeciding] = useState(false);
  const mark = useMarkRotClaimed();
  const claimable = invoice.kind === "invoice" && invoice.status === "paid" && !rot.claimedAt;
  const decidable = invoice.kind === "invoice" && rot.claimedAt !== null && rot.decidedOn === null;

  const markClaimed = () =>
    mark.mutate([invoice.id], {
      onSuccess: () => toast({ title: text.markClaimedDone }),
      onError: (error) => toast({ variant: "destructive", title: text.markClaimedFailed, description: errorMessage(error, text.markClaimedFailed) }),
    });

  return (
    <DetailCard id="invoice-rot-heading" title={text.heading}>
      <dl className="grid gap-2">
        <DetailRow label={text.basis}>{invoicesText.editor.bases[rot.basis]}</DetailRow>
        <DetailRow label={text.rate}>
          {text.ratePercent(rot.ratePercent)} · {formatOre(invoice.totals.rotOre)}
        </DetailRow>
        <DetailRow label={text.buyers}>
          <ul className="grid gap-1">
            {rot.buyers.map((buyer, i) => (
              // Two buyers born the same day have the same masked number: the position tells them apart.
              <li key={i} className="tabular-nums">
                {buyer.personalNumberMasked}
                {buyer.name ? ` ${buyer.name}` : ""} · {text.buyerShare(buyer.sharePercent)} · {text.buyerRot} {formatOre(buyer.rotOre)}
              </li>
            ))}
          </ul>
        </DetailRow>
        <DetailRow label={text.property}>{propertyText(rot.property)}</DetailRow>
        <DetailRow label={text.workType}>{invoicesText.editor.workTypes[rot.workType]}</DetailRow>
        <DetailRow label={text.hours}>{String(rot.hours).replace(".", ",")}</DetailRow>
        <DetailRow label={text.claim}>{claimText(invoice, rot)}</DetailRow>
        {rot.followUpInvoiceId !== null && (
          <DetailRow label={invoicesText.view.followUp}>
            <Link to={`/admin/invoices/${rot.followUpInvoiceId}`} className="text-brand-700 underline underline-offset-4">
              {invoicesText.view.followUpLink}
            </Link>
          </DetailRow>
        )}
      </dl>
      {claimable && (
        <div className="grid justify-items-start gap-1">
          <Button variant="outline" onClick={markClaimed} disabled={mark.isPending} aria-describedby="rot-mark-claimed-hint">
            {mark.isPending ? text.markClaimedPending : text.markClaimed}
          </Button>
          <p id="rot-mark-claimed-hint" className="text-sm text-slate-600">
            {text.markClaimedHint}
          </p>
        </div>
      )}
      {decidable && (
        <>
          <Button variant="outline" className="justify-self-start" onClick={() => setDeciding(true)}>
            {text.decide}
          </Button>
          <RotDecisionDialog invoiceId={invoice.id} requestedOre={invoice.totals.rotOre} today={today} open={deciding} onOpenChange={setDeciding} />
        </>
      )}
    </DetailCard>
  );
}
