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
const agreementText = bookingLinkPageText.agreementVisit;

/** An agreement's visit: the month it may move within, and while it waits, the button that confirms it. */
function AgreementVisitNotice({ token, visit }: { token: string; visit: NonNullable<BookingLinkView["agreementVisit"]> }) {
  const confirm = useConfirmBooking(token);
  const onConfirm = () =>
    confirm.mutate(undefined, {
      onSuccess: () => toast({ title: agreementText.doneTitle, description: agreementText.doneDescription }),
      onError: (error) => toast({ variant: "destructive", title: agreementText.failedTitle, description: errorMessage(error, agreementText.failed) }),
    });
  return (
    <div className="mb-4 grid gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-slate-900">
      <p className="font-medium">{agreementText.heading}</p>
      <p>{visit.canConfirm ? agreementText.waiting(visit.monthText) : agreementText.answered(visit.monthText)}</p>
      {visit.canConfirm && (
        <Button onClick={onConfirm} disabled={confirm.isPending} className="w-full sm:w-auto sm:justify-self-start">
          <CalendarCheck aria-hidden="true" />
          {confirm.isPending ? agreementText.confirming : agreementText.confirm}
        </Button>
      )}
    </div>
  );
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
      {view.agreementVisit && <AgreementVisitNotice token={token} visit={view.agreementVisit} />}
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
