import type { ReactNode } from "react";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";

type ConfirmDialogProps = {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  description: ReactNode;
  /**
   * Required, and it names the action ('Ta bort protokollet', never 'Ja' or 'Ja, fortsätt'; issue 23):
   * the button alone must say what happens.
   */
  confirmLabel: string;
  cancelLabel: string;
  /** While the action runs the confirm button is disabled and says so. */
  pending?: boolean;
  pendingLabel?: string;
  destructive?: boolean;
  /** More than a sentence to weigh before confirming (a list), between the description and the buttons. */
  children?: ReactNode;
};

/** Asks before an action that cannot be undone (an alertdialog: focus stays inside, Escape cancels). */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  confirmLabel,
  cancelLabel,
  pending = false,
  pendingLabel,
  destructive = true,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? "destructive" : "default"} onClick={onConfirm} disabled={pending}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
