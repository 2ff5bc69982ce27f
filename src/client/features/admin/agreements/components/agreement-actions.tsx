import { CalendarPlus, CalendarX, Pause, Play, RefreshCw, Send } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/client/components/ui/button";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { Agreement } from "@/common/schemas/agreements";
import { usePauseAgreement } from "../api/pause-agreement";
import { useRenewAgreement } from "../api/renew-agreement";
import { useProposeVisit } from "../api/propose-visit";
import { useResendAgreement } from "../api/resend-agreement";
import { useResumeAgreement } from "../api/resume-agreement";
import { agreementsText } from "../text";
import { EndAgreementDialog } from "./end-agreement-dialog";

const text = agreementsText.actions;

type Confirmed = "propose" | "pause" | "resume" | "renew" | "resend";
type Dialog = Confirmed | "end" | null;
type ConfirmTexts = { title: string; confirm: string; pending: string; done: string; failed: string };

/**
 * Which actions an agreement offers in its state: a pending one has its link sent again; an active one
 * is paused, a paused one resumed; one that does not renew itself is renewed while it runs; any that
 * has not ended is ended from a day.
 */
export function availableActions(agreement: Pick<Agreement, "status" | "autoRenew" | "nextVisitMonth">) {
  const running = agreement.status === "active" || agreement.status === "paused";
  return {
    resend: agreement.status === "pending",
    propose: agreement.status === "active" && agreement.nextVisitMonth !== null,
    pause: agreement.status === "active",
    resume: agreement.status === "paused",
    renew: running && !agreement.autoRenew,
    end: agreement.status !== "ended",
  };
}

/** The agreement's actions, each asking first; the server's refusal is shown in the dialog. */
export function AgreementActions({ agreement, today }: { agreement: Agreement; today: string }) {
  const [open, setOpen] = useState<Dialog>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pause = usePauseAgreement();
  const resume = useResumeAgreement();
  const renew = useRenewAgreement();
  const resend = useResendAgreement();
  const propose = useProposeVisit();
  const actions = availableActions(agreement);

  const show = (dialog: Dialog) => {
    setFailure(null);
    setOpen(dialog);
  };

  const confirmed: Record<Confirmed, { mutation: typeof pause; texts: ConfirmTexts; description: string; icon: ReactNode; label: string }> = {
    resend: {
      mutation: resend,
      texts: text.resendConfirm,
      description: text.resendConfirm.description(agreement.customerName),
      icon: <Send aria-hidden="true" />,
      label: text.resend,
    },
    propose: {
      mutation: propose,
      texts: text.proposeConfirm,
      description: text.proposeConfirm.description(agreement.customerName),
      icon: <CalendarPlus aria-hidden="true" />,
      label: text.propose,
    },
    pause: { mutation: pause, texts: text.pauseConfirm, description: text.pauseConfirm.description, icon: <Pause aria-hidden="true" />, label: text.pause },
    resume: { mutation: resume, texts: text.resumeConfirm, description: text.resumeConfirm.description, icon: <Play aria-hidden="true" />, label: text.resume },
    renew: { mutation: renew, texts: text.renewConfirm, description: text.renewConfirm.description, icon: <RefreshCw aria-hidden="true" />, label: text.renew },
  };

  const run = (action: Confirmed) => {
    const { mutation, texts } = confirmed[action];
    mutation.mutate(agreement.id, {
      onSuccess: () => {
        setOpen(null);
        toast({ title: texts.done });
      },
      onError: (error) => setFailure(errorMessage(error, texts.failed)),
    });
  };

  const shown = (["resend", "propose", "pause", "resume", "renew"] as const).filter((action) => actions[action]);

  return (
    <div role="group" aria-label={agreementsText.detail.actions} className="flex flex-wrap gap-2">
      {shown.map((action) => (
        <Button key={action} variant={action === "resend" || action === "resume" ? "default" : "outline"} onClick={() => show(action)}>
          {confirmed[action].icon}
          {confirmed[action].label}
        </Button>
      ))}
      {actions.end && (
        <Button variant="outline" onClick={() => show("end")}>
          <CalendarX aria-hidden="true" />
          {text.end}
        </Button>
      )}

      {shown.map((action) => {
        const { mutation, texts, description } = confirmed[action];
        return (
          <ConfirmDialog
            key={action}
            open={open === action}
            onCancel={() => setOpen(null)}
            onConfirm={() => run(action)}
            title={texts.title}
            description={description}
            confirmLabel={texts.confirm}
            cancelLabel={text.cancel}
            pending={mutation.isPending}
            pendingLabel={texts.pending}
            destructive={false}
          >
            {failure && (
              <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
                {failure}
              </p>
            )}
          </ConfirmDialog>
        );
      })}
      {actions.end && (
        <EndAgreementDialog
          agreementId={agreement.id}
          today={today}
          defaultDate={today < agreement.startDate ? agreement.startDate : today}
          open={open === "end"}
          onOpenChange={(next) => setOpen(next ? "end" : null)}
        />
      )}
    </div>
  );
}
