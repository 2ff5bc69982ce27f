import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { BlockedTime } from "@/common/schemas/blocked-times";
import { useDeleteBlockedTime } from "../api/delete-blocked-time";
import { blockedTimesText } from "../text";
import { describeBlockedTime } from "./blocked-time-list";

const text = blockedTimesText;

/** Asks before a blocked time is deleted (rules §2 delete dialog); §8 toasts 'Borttagen' or the failure. */
export function DeleteBlockedTimeDialog({ blockedTime, onClose }: { blockedTime: BlockedTime | null; onClose: () => void }) {
  const remove = useDeleteBlockedTime();
  const confirm = () => {
    if (!blockedTime) return;
    remove.mutate(blockedTime.id, {
      onSuccess: () => {
        toast({ title: text.toasts.deleted, description: text.toasts.deletedDescription });
        onClose();
      },
      onError: (error) => toast({ variant: "destructive", title: text.toasts.failureTitle, description: errorMessage(error, text.toasts.deleteFailed) }),
    });
  };

  return (
    <ConfirmDialog
      open={!!blockedTime}
      onCancel={onClose}
      onConfirm={confirm}
      title={text.removeDialog.title}
      description={blockedTime ? text.removeDialog.description(describeBlockedTime(blockedTime)) : null}
      confirmLabel={text.removeDialog.confirm}
      cancelLabel={text.removeDialog.cancel}
      pending={remove.isPending}
      pendingLabel={text.removeDialog.removing}
    />
  );
}
