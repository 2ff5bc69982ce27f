import { useRef, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { IsoDate } from "@/common/booking-rules";
import type { BlockedTime, BlockedTimeInput, BlockedTimeSaved } from "@/common/schemas/blocked-times";
import { useCreateBlockedTime } from "../api/create-blocked-time";
import { useUpdateBlockedTime } from "../api/update-blocked-time";
import { blockedTimesText } from "../text";
import { BlockedTimeForm, newBlockedTimeValues } from "./blocked-time-form";

const text = blockedTimesText;

type BlockedTimeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The blocked time to edit; without it the dialog creates a new one. */
  blockedTime?: BlockedTime | null;
  today: IsoDate;
  /** After a save: the answer, with the bookings the blocked time overlaps. */
  onSaved: (saved: BlockedTimeSaved) => void;
};

/** Create and edit dialog (rules §2 Blocked time slots) with the §8 toasts. */
export function BlockedTimeDialog({ open, onOpenChange, blockedTime, today, onSaved }: BlockedTimeDialogProps) {
  const create = useCreateBlockedTime();
  const update = useUpdateBlockedTime();
  const editing = !!blockedTime;
  // The notice of overlapping bookings takes the focus after the save; the dialog must not take it back.
  const keepFocusAway = useRef(false);
  // A refusal is also shown in the dialog: while it is open, the page behind it (and its toasts) is hidden from screen readers.
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (input: BlockedTimeInput) => {
    setFailure(null);
    const succeeded = (saved: BlockedTimeSaved) => {
      toast(
        editing
          ? { title: text.toasts.updated, description: text.toasts.updatedDescription }
          : { title: text.toasts.created, description: text.toasts.createdDescription },
      );
      keepFocusAway.current = saved.overlappingBookings.length > 0;
      onOpenChange(false);
      onSaved(saved);
    };
    const failed = (error: unknown) => {
      const message = errorMessage(error, editing ? text.toasts.updateFailed : text.toasts.createFailed);
      setFailure(message);
      toast({ variant: "destructive", title: text.toasts.failureTitle, description: message });
    };
    if (blockedTime) update.mutate({ id: blockedTime.id, input }, { onSuccess: succeeded, onError: failed });
    else create.mutate(input, { onSuccess: succeeded, onError: failed });
  };

  const defaultValues = blockedTime
    ? {
        date: blockedTime.date,
        startTime: blockedTime.startTime,
        endTime: blockedTime.endTime,
        reason: blockedTime.reason,
        serviceTypes: [...blockedTime.serviceTypes],
      }
    : newBlockedTimeValues();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailure(null);
        onOpenChange(next);
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (keepFocusAway.current) event.preventDefault();
          keepFocusAway.current = false;
        }}
      >
        <DialogHeader>
          <DialogTitle>{editing ? text.form.editTitle : text.form.createTitle}</DialogTitle>
          <DialogDescription>{editing ? text.form.editDescription : text.form.createDescription}</DialogDescription>
        </DialogHeader>
        <BlockedTimeForm
          failure={failure}
          defaultValues={defaultValues}
          today={today}
          submitLabel={editing ? text.form.saveEdit : text.form.saveCreate}
          pending={create.isPending || update.isPending}
          onSubmit={onSubmit}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
