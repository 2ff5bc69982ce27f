import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { technicianText } from "../text";

/** Asks before an action that changes a visit (SPEC §4: 'after a confirm prompt'). */
export function ConfirmDialog({
  open,
  title,
  description,
  onConfirm,
  onOpenChange,
  destructive = false,
}: {
  open: boolean;
  title: string;
  description: string;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  destructive?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {technicianText.visit.keep}
          </Button>
          <Button variant={destructive ? "destructive" : "default"} onClick={onConfirm}>
            {technicianText.visit.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
