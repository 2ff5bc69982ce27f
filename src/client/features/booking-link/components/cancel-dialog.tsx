import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { BookingLinkView } from "@/common/schemas/booking-links";
import { useCancelBooking } from "../api/cancel-booking";
import { formatVisit } from "../lib/format";
import { bookingLinkPageText } from "../text";

const text = bookingLinkPageText.cancelDialog;

/** Asks before the visit is cancelled; a refusal (too late, 409) is told with the server's reason. */
export default function CancelDialog({ token, view, onClose }: { token: string; view: BookingLinkView; onClose: () => void }) {
  const cancel = useCancelBooking(token);
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        toast({ title: text.doneTitle, description: text.doneDescription });
        onClose();
      },
      onError: (error) => {
        toast({ variant: "destructive", title: text.failedTitle, description: errorMessage(error, text.failed) });
        onClose();
      },
    });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description(formatVisit(view.booking.date, view.booking.timeSlot))}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {text.keep}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? text.confirming : text.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
