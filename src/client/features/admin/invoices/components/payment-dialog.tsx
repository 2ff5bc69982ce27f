import { toast } from "@/client/components/ui/toast-store";
import { formatOre, parseKronor } from "@/common/invoicing/money";
import { PaymentInputSchema } from "@/common/schemas/invoices";
import type { z } from "zod";
import { useRegisterPayment } from "../api/register-payment";
import { oreToKronorText } from "../lib/editor-form";
import { schemaResolver } from "../../lib/schema-resolver";
import { invoicesText } from "../text";
import { DateAmountDialog, type DateAmountValues } from "./date-amount-dialog";

const text = invoicesText.payment;

type Payment = z.output<typeof PaymentInputSchema>;

const resolver = schemaResolver<DateAmountValues, Payment>({
  schema: PaymentInputSchema,
  toInput: (values) => ({ paidOn: values.date, amountOre: parseKronor(values.amount) ?? Number.NaN }),
  fieldOf: (path) => (path[0] === "amountOre" ? "amount" : "date"),
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
  return (
    <DateAmountDialog
      open={open}
      onOpenChange={onOpenChange}
      today={today}
      defaultAmount={oreToKronorText(leftOre)}
      resolver={resolver}
      ids={{ date: "payment-paidOn", amount: "payment-amount" }}
      amountInputMode="decimal"
      text={{ ...text, description: text.description(formatOre(leftOre)), date: text.paidOn }}
      pending={pay.isPending}
      onSave={(payment, outcome) =>
        pay.mutate(
          { id: invoiceId, ...payment },
          {
            onSuccess: () => {
              toast({ title: text.done, description: text.doneDescription(formatOre(payment.amountOre)) });
              outcome.saved();
            },
            onError: outcome.failed,
          },
        )
      }
    />
  );
}
