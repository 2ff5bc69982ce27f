import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api";
import type { StaffUser } from "@/common/schemas/users";
import { useDeleteUser } from "../api/users";
import { usersPageText } from "../text";

const text = usersPageText;

/** Asks before a user is deleted (SPEC §5 'Är du säker på att du vill ta bort denna användare?'). */
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
    <Dialog open={!!user} onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{text.removeDialog.title}</DialogTitle>
          <DialogDescription>
            {text.removeDialog.description} {user ? text.removeDialog.consequence(user.name) : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {text.removeDialog.cancel}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? text.removeDialog.removing : text.removeDialog.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
