import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { TextField } from "@/client/components/ui/text-field";
import { errorMessage } from "@/client/lib/api-error";
import { DialogFormFooter } from "../../components/admin-page";

/** The form's fields as typed: a date (yyyy-MM-dd) and an amount in kronor. */
export type DateAmountValues = { date: string; amount: string };

/** The dialog's Swedish texts: each use passes its own. */
export type DateAmountDialogText = {
  title: string;
  description: string;
  date: string;
  amount: string;
  amountHint?: string;
  submit: string;
  submitting: string;
  cancel: string;
  failed: string;
};

/** How the caller's save went: closes the dialog, or shows the server's refusal in it. */
export type SaveOutcome = { saved: () => void; failed: (error: unknown) => void };

/**
 * A dialog that registers a date (today at the latest) and an amount, checked by the caller's
 * resolver; `onSave` gets exactly what the schema gave. Closing it forgets what was typed.
 */
export function DateAmountDialog<TOutput>({
  open,
  onOpenChange,
  today,
  defaultAmount,
  resolver,
  ids,
  amountInputMode,
  text,
  pending,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
  defaultAmount: string;
  resolver: Resolver<DateAmountValues, unknown, TOutput>;
  /** The fields' element ids. */
  ids: { date: string; amount: string };
  amountInputMode: "decimal" | "numeric";
  text: DateAmountDialogText;
  pending: boolean;
  onSave: (value: TOutput, outcome: SaveOutcome) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const defaults: DateAmountValues = { date: today, amount: defaultAmount };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DateAmountValues, unknown, TOutput>({ defaultValues: defaults, resolver });

  const close = (next: boolean) => {
    if (!next) {
      reset(defaults);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const onSubmit = (value: TOutput) => {
    setFailure(null);
    onSave(value, { saved: () => close(false), failed: (error) => setFailure(errorMessage(error, text.failed)) });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
          <TextField id={ids.date} type="date" max={today} label={text.date} error={errors.date?.message} {...register("date")} />
          <TextField
            id={ids.amount}
            inputMode={amountInputMode}
            autoComplete="off"
            label={text.amount}
            hint={text.amountHint}
            error={errors.amount?.message}
            {...register("amount")}
          />
          <DialogFormFooter
            failure={failure}
            onCancel={() => close(false)}
            cancelLabel={text.cancel}
            submitLabel={text.submit}
            pendingLabel={text.submitting}
            pending={pending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
