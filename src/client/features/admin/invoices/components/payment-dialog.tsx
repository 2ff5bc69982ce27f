import { useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { formatOre, parseKronor } from "@/common/invoicing/money";
import { PaymentInputSchema } from "@/common/schemas/invoices";
import type { z } from "zod";
import { DialogFormFooter } from "../../components/admin-page";
import { useRegisterPayment } from "../api/register-payment";
import { oreToKronorText } from "../lib/editor-form";
import { schemaResolver } from "../lib/schema-resolver";
import { invoicesText } from "../text";

const text = invoicesText.payment;

type PaymentValues = { paidOn: string; amount: string };
type Payment = z.output<typeof PaymentInputSchema>;

const resolver = schemaResolver<PaymentValues, Payment>({
  schema: PaymentInputSchema,
  toInput: (values) => ({ paidOn: values.paidOn, amountOre: parseKronor(values.amount) ?? Number.NaN }),
  fieldOf: (path) => (path[0] === "amountOre" ? "amount" : "paidOn"),
});

/** 'Registrera betalning': the date and the amount in kronor, what is left as the default (part payments allowed). */
export function PaymentDialog({
  invoiceId,
  leftOre,
  today,
  open,
  onOpenChange,
}: {
  invoiceId: number;
  leftOre: number;
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const pay = useRegisterPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const defaults: PaymentValues = { paidOn: today, amount: oreToKronorText(leftOre) };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PaymentValues, unknown, Payment>({ defaultValues: defaults, resolver });

  const close = (next: boolean) => {
    if (!next) {
      reset(defaults);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const onSubmit = (payment: Payment) => {
    setFailure(null);
    pay.mutate(
      { id: invoiceId, ...payment },
      {
        onSuccess: () => {
          toast({ title: text.done, description: text.doneDescription(formatOre(payment.amountOre)) });
          close(false);
        },
        onError: (error) => setFailure(errorMessage(error, text.failed)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description(formatOre(leftOre))}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
          <TextField id="payment-paidOn" type="date" max={today} label={text.paidOn} error={errors.paidOn?.message} {...register("paidOn")} />
          <TextField
            id="payment-amount"
            inputMode="decimal"
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
            pending={pay.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
