import { Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { useHeldEmailsAction } from "../api/backups";
import { integrationsPageText } from "../text";

const text = integrationsPageText.held;

/**
 * E-mails held after a restore (docs/decisions/0010-backups.md): they were waiting when the backup was
 * taken, so they may already have reached the customers; the admin decides to send or discard them.
 */
export function HeldEmailsNotice({ count }: { count: number }) {
  const [confirming, setConfirming] = useState(false);
  const release = useHeldEmailsAction("release", (result) => toast({ title: text.released(result.count) }));
  const discard = useHeldEmailsAction("discard", (result) => {
    toast({ title: text.discarded(result.count) });
    setConfirming(false);
  });
  const onError = (error: unknown) =>
    toast({ variant: "destructive", title: integrationsPageText.outbox.failureTitle, description: errorMessage(error, text.failed) });
  const busy = release.isPending || discard.isPending;

  return (
    <section aria-labelledby="held-emails" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:p-6">
      <h2 id="held-emails" className="text-lg font-semibold text-amber-950">
        {text.title(count)}
      </h2>
      <p className="text-sm text-amber-950">{text.description}</p>
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={() => release.mutate(undefined, { onError })}>
          <Send aria-hidden="true" />
          {text.release}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          {text.discard}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => discard.mutate(undefined, { onError })}
        title={text.confirmTitle}
        description={text.confirmText(count)}
        confirmLabel={text.confirm}
        cancelLabel={text.cancel}
        pending={discard.isPending}
      />
    </section>
  );
}
