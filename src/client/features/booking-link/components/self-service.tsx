import { CalendarCheck, CalendarClock, CalendarX2, Info } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { BookingLinkView } from "@/common/schemas/booking-links";
import { useConfirmBooking } from "../api/confirm-booking";
import { formatDeadline } from "../lib/format";
import { bookingLinkPageText } from "../text";
import { Section } from "./section";

const text = bookingLinkPageText.selfService;
const proposalText = bookingLinkPageText.proposal;
const agreementText = bookingLinkPageText.agreementVisit;
const leakCheckText = bookingLinkPageText.leakCheckVisit;

/**
 * A time the system held for the customer (issue 26): what the visit is, how far it may move, and
 * while it waits, the button that confirms it.
 */
function ProposalNotice({ token, heading, lines, canConfirm }: { token: string; heading: string; lines: string[]; canConfirm: boolean }) {
  const confirm = useConfirmBooking(token);
  const onConfirm = () =>
    confirm.mutate(undefined, {
      onSuccess: () => toast({ title: proposalText.doneTitle, description: proposalText.doneDescription }),
      onError: (error) => toast({ variant: "destructive", title: proposalText.failedTitle, description: errorMessage(error, proposalText.failed) }),
    });
  return (
    <div className="mb-4 grid gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-slate-900">
      <p className="font-medium">{heading}</p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {canConfirm && (
        <Button onClick={onConfirm} disabled={confirm.isPending} className="w-full sm:w-auto sm:justify-self-start">
          <CalendarCheck aria-hidden="true" />
          {confirm.isPending ? proposalText.confirming : proposalText.confirm}
        </Button>
      )}
    </div>
  );
}

/** An agreement's visit (its month) or a due leak check (its latest day), when the booking is one. */
function ProposedVisit({ token, view }: { token: string; view: BookingLinkView }) {
  const { agreementVisit: agreement, leakCheckVisit: leakCheck } = view;
  if (agreement) {
    const line = agreement.canConfirm ? agreementText.waiting(agreement.monthText) : agreementText.answered(agreement.monthText);
    return <ProposalNotice token={token} heading={agreementText.heading} lines={[line]} canConfirm={agreement.canConfirm} />;
  }
  if (leakCheck) {
    const why = leakCheck.followUp ? leakCheckText.followUp : leakCheckText.explanation;
    const line = leakCheck.canConfirm ? leakCheckText.waiting(leakCheck.latestText) : leakCheckText.answered(leakCheck.latestText);
    return <ProposalNotice token={token} heading={leakCheckText.heading} lines={[why, line]} canConfirm={leakCheck.canConfirm} />;
  }
  return null;
}

// The dialogs (and the calendar of the move dialog) load only when the customer opens one.
const CancelDialog = lazy(() => import("./cancel-dialog"));
const MoveDialog = lazy(() => import("./move-dialog"));

type OpenDialog = "cancel" | "move" | null;

/**
 * Beyond the spec (issue 14): at least 24 hours before the visit the customer may cancel it or move
 * it; otherwise the page says why not (the server's reason names the phone number).
 */
export function SelfService({ token, view }: { token: string; view: BookingLinkView }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const { canChange, deadline, reason } = view.selfService;
  const close = () => setOpen(null);

  return (
    <Section id="booking-link-self-service" title={text.heading}>
      <ProposedVisit token={token} view={view} />
      {canChange ? (
        <>
          <p className="text-slate-800">{text.until(formatDeadline(deadline))}</p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => setOpen("move")}>
              <CalendarClock aria-hidden="true" />
              {text.move}
            </Button>
            <Button variant="outline" onClick={() => setOpen("cancel")} className="text-red-800">
              <CalendarX2 aria-hidden="true" />
              {text.cancel}
            </Button>
          </div>
        </>
      ) : (
        <p data-testid="self-service-reason" className="flex gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-900">
          <Info className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span>{reason}</span>
        </p>
      )}
      <Suspense fallback={null}>
        {open === "cancel" && <CancelDialog token={token} view={view} onClose={close} />}
        {open === "move" && <MoveDialog token={token} view={view} onClose={close} />}
      </Suspense>
    </Section>
  );
}
