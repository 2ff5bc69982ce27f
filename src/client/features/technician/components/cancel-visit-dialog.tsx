import { useId, useState, type FormEvent } from "react";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { FieldError, Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { CANCEL_REASON_MAX, TechnicianStatusSchema } from "@/common/schemas/technician";
import { technicianText } from "../text";

const text = technicianText.visit;

/**
 * 'Avboka' asks why (issue 23): the reason goes to the booking's history, where the admin reads it;
 * the customer is told of the cancellation by e-mail. The same schema as the server checks the
 * reason here; a refusal from the server (`serverError`) shows under the field too.
 */
export function CancelVisitDialog({
  open,
  pending,
  serverError,
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  pending: boolean;
  serverError: string | null;
  onConfirm: (reason: string) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? serverError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = TechnicianStatusSchema.safeParse({ status: "cancelled", reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? text.cancelReasonRequired);
      return;
    }
    setError(null);
    onConfirm(checked.data.reason!);
  };

  const change = (next: boolean) => {
    if (!next) {
      setReason("");
      setError(null);
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-md">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{text.confirmCancelTitle}</DialogTitle>
            <DialogDescription>{text.confirmCancelText}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId}>{text.cancelReason}</Label>
            <p id={hintId} className="text-sm text-slate-600">
              {text.cancelReasonHint}
            </p>
            <Textarea
              id={fieldId}
              rows={3}
              maxLength={CANCEL_REASON_MAX}
              required
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? `${hintId} ${errorId}` : hintId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <FieldError id={errorId}>{shown ?? undefined}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)}>
              {text.keep}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? text.cancelling : text.confirmCancel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
