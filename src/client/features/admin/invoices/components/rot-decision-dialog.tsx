import { toast } from "@/client/components/ui/toast-store";
import { formatOre, parseKronor } from "@/common/invoicing/money";
import { RotDecisionInputSchema } from "@/common/schemas/invoices";
import type { z } from "zod";
import { useDecideRot } from "../api/decide-rot";
import { oreToKronorText } from "../lib/editor-form";
import { schemaResolver } from "../../lib/schema-resolver";
import { invoicesText } from "../text";
import { DateAmountDialog, type DateAmountValues } from "./date-amount-dialog";

const text = invoicesText.rotDecision;

type Decision = z.output<typeof RotDecisionInputSchema>;

const resolver = schemaResolver<DateAmountValues, Decision>({
  schema: RotDecisionInputSchema,
  toInput: (values) => ({ decidedOn: values.date, approvedOre: parseKronor(values.amount) ?? Number.NaN }),
  fieldOf: (path) => (path[0] === "approvedOre" ? "amount" : "date"),
});

/** 'Registrera Skatteverkets beslut': the decision's date and the approved amount in whole kronor (the requested amount as the default). */
export function RotDecisionDialog({
  invoiceId,
  requestedOre,
  today,
  open,
  onOpenChange,
}: {
  invoiceId: number;
  requestedOre: number;
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const decide = useDecideRot();
  return (
    <DateAmountDialog
      open={open}
      onOpenChange={onOpenChange}
      today={today}
      defaultAmount={oreToKronorText(requestedOre).replace(/,00$/, "")}
      resolver={resolver}
      ids={{ date: "rot-decidedOn", amount: "rot-approved" }}
      amountInputMode="numeric"
      text={{ ...text, description: text.description(formatOre(requestedOre)), date: text.decidedOn, amount: text.approved }}
      pending={decide.isPending}
      onSave={(decision, outcome) =>
        decide.mutate(
          { id: invoiceId, ...decision },
          {
            onSuccess: (invoice) => {
              toast({ title: text.done, description: invoice.rot?.followUpInvoiceId ? text.followUpCreated : undefined });
              outcome.saved();
            },
            onError: outcome.failed,
          },
        )
      }
    />
  );
}
