import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Label } from "@/client/components/ui/label";
import { TextField } from "@/client/components/ui/text-field";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api";
import { CustomerInputSchema, type CustomerInput } from "@/common/schemas/customers";
import { useCreateCustomer } from "../api/customers";
import { customersPageText } from "../text";
import { DialogFormFooter } from "../../components/admin-page";

const text = customersPageText;
const EMPTY: CustomerInput = { name: "", email: "", phone: "", address: "", postalCode: "", city: "", notes: "" };

/** The create dialog (SPEC §2 Customer register; §8 'Kund skapad' / 'Kunde inte skapa kunden. Försök igen.'). */
export function CreateCustomerDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateCustomer();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CustomerInput>({ defaultValues: EMPTY, resolver: zodResolver(CustomerInputSchema) as never });
  const close = (next: boolean) => {
    if (!next) {
      reset(EMPTY);
      setFailure(null);
    }
    onOpenChange(next);
  };
  const onSubmit = (input: CustomerInput) => {
    setFailure(null);
    create.mutate(input, {
      onSuccess: (customer) => {
        toast({ title: text.toasts.created, description: customer.name });
        close(false);
      },
      onError: (error) => {
        const message = errorMessage(error, text.toasts.createFailed);
        setFailure(message);
        toast({ variant: "destructive", title: text.toasts.failureTitle, description: message });
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.form.title}</DialogTitle>
          <DialogDescription>{text.form.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <TextField id="customer-name" label={text.form.name} autoComplete="off" error={errors.name?.message} {...register("name")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="customer-email" type="email" label={text.form.email} autoComplete="off" error={errors.email?.message} {...register("email")} />
            <TextField id="customer-phone" type="tel" label={text.form.phone} autoComplete="off" error={errors.phone?.message} {...register("phone")} />
          </div>
          <TextField id="customer-address" label={text.form.address} autoComplete="off" error={errors.address?.message} {...register("address")} />
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <TextField id="customer-postal-code" label={text.form.postalCode} inputMode="numeric" autoComplete="off" error={errors.postalCode?.message} {...register("postalCode")} />
            <TextField id="customer-city" label={text.form.city} autoComplete="off" error={errors.city?.message} {...register("city")} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="customer-notes">{text.form.notes}</Label>
            <Textarea id="customer-notes" rows={3} {...register("notes")} />
          </div>
          <DialogFormFooter failure={failure} onCancel={() => close(false)} cancelLabel={text.form.cancel} submitLabel={text.form.submit} pendingLabel={text.form.submitting} pending={create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
