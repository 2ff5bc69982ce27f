import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { ROLE_LABELS, ROLES } from "@/common/constants";
import { CreateUserSchema, usersText, type CreateUser } from "@/common/schemas/users";
import { useCreateUser } from "../api/users";
import { usersPageText } from "../text";
import { DialogFormFooter } from "../../components/admin-page";

const text = usersPageText;
const EMPTY: CreateUser = { name: "", username: "", password: "", role: "technician", phone: "", bookable: true };

/** The create-user dialog (rules §2, §5): the shared schema's rules inline, the server's refusal above the buttons. */
export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<CreateUser>({ defaultValues: EMPTY, resolver: zodResolver(CreateUserSchema) as never });

  const close = (next: boolean) => {
    if (!next) {
      reset(EMPTY);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const onSubmit = (input: CreateUser) => {
    setFailure(null);
    create.mutate(input, {
      onSuccess: (user) => {
        toast({ title: text.toasts.created, description: text.toasts.createdDescription(user.name) });
        close(false);
      },
      onError: (error) => {
        const message = errorMessage(error, text.toasts.createFailed);
        setFailure(message);
        toast({ variant: "destructive", title: text.toasts.failureTitle, description: message });
      },
    });
  };
  // rules §5: a password that breaks the rule is announced as 'Ogiltigt lösenord' too.
  const onInvalid = () => {
    if (errors.password?.message === usersText.passwordRule)
      toast({ variant: "destructive", title: text.toasts.invalidPasswordTitle, description: usersText.passwordRule });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.form.title}</DialogTitle>
          <DialogDescription>{text.form.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="grid gap-4">
          <TextField id="new-user-name" label={text.form.name} autoComplete="off" error={errors.name?.message} {...register("name")} />
          <TextField
            id="new-user-username"
            label={text.form.username}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username?.message}
            {...register("username")}
          />
          <TextField
            id="new-user-password"
            type="password"
            label={text.form.password}
            hint={text.form.passwordHint}
            autoComplete="new-password"
            error={errors.password?.message}
            {...register("password")}
          />
          <div className="grid gap-1.5">
            <Label htmlFor="new-user-role">{text.form.role}</Label>
            <Select id="new-user-role" {...register("role")}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
          </div>
          {watch("role") === "technician" && (
            <div className="flex items-start gap-2">
              <input id="new-user-bookable" type="checkbox" className="mt-1 size-4 accent-brand-700" {...register("bookable")} />
              <Label htmlFor="new-user-bookable" className="font-normal">
                {text.form.bookable}
              </Label>
            </div>
          )}
          <TextField
            id="new-user-phone"
            type="tel"
            label={text.form.phone}
            hint={text.form.phoneHint}
            autoComplete="off"
            error={errors.phone?.message}
            {...register("phone")}
          />
          <DialogFormFooter
            failure={failure}
            onCancel={() => close(false)}
            cancelLabel={text.form.cancel}
            submitLabel={text.form.submit}
            pendingLabel={text.form.submitting}
            pending={create.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
