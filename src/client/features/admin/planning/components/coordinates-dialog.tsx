import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { CoordinatesSchema } from "@/common/schemas/planning";
import { DialogFormFooter } from "../../components/admin-page";
import { useSaveCoordinates, type CoordinatesInput } from "../api";
import { planningPageText } from "../text";

const text = planningPageText.route;
type Form = CoordinatesInput;

/** Where a customer lives, for drive estimates (issue 13: an admin can set them). */
export function CoordinatesDialog({ customer, onClose }: { customer: { id: number; name: string } | null; onClose: () => void }) {
  const save = useSaveCoordinates(customer?.id);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Form>({ resolver: zodResolver(CoordinatesSchema) as never });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = (form: Form) =>
    save.mutate(form, {
      onSuccess: () => {
        toast({ title: text.saved, description: customer?.name });
        close();
      },
      onError: (error) => toast({ variant: "destructive", title: text.saveFailed, description: errorMessage(error, text.saveFailed) }),
    });
  return (
    <Dialog open={customer !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.coordinatesTitle}</DialogTitle>
          <DialogDescription>
            {customer?.name}. {text.coordinatesDescription}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="coordinates-lat"
              label={text.lat}
              inputMode="decimal"
              placeholder="59.8586"
              error={errors.coordinates?.lat?.message}
              {...register("coordinates.lat", { valueAsNumber: true })}
            />
            <TextField
              id="coordinates-lng"
              label={text.lng}
              inputMode="decimal"
              placeholder="17.6389"
              error={errors.coordinates?.lng?.message}
              {...register("coordinates.lng", { valueAsNumber: true })}
            />
          </div>
          <DialogFormFooter onCancel={close} cancelLabel={text.cancel} submitLabel={text.save} pendingLabel={text.saving} pending={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
