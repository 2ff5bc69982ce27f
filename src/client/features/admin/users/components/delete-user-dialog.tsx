import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { StaffUser } from "@/common/schemas/users";
import { useDeleteUser } from "../api/users";
import { usersPageText } from "../text";

const text = usersPageText;

/** Asks before a user is deleted (rules §5 'Är du säker på att du vill ta bort denna användare?'). */
export function DeleteUserDialog({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const confirm = () => {
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        toast({ title: text.toasts.deleted, description: text.toasts.deletedDescription(user.name) });
        onClose();
      },
      onError: (error) => toast({ variant: "destructive", title: text.toasts.failureTitle, description: errorMessage(error, text.toasts.deleteFailed) }),
    });
  };
  return (
    <ConfirmDialog
      open={!!user}
      onCancel={onClose}
      onConfirm={confirm}
      title={text.removeDialog.title}
      description={user ? `${text.removeDialog.description} ${text.removeDialog.consequence(user.name)}` : null}
      confirmLabel={text.removeDialog.confirm}
      cancelLabel={text.removeDialog.cancel}
      pending={remove.isPending}
      pendingLabel={text.removeDialog.removing}
    />
  );
}
