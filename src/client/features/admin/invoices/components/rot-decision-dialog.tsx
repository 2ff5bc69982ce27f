import { useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { formatOre, parseKronor } from "@/common/invoicing/money";
import { RotDecisionInputSchema } from "@/common/schemas/invoices";
import type { z } from "zod";
import { DialogFormFooter } from "../../components/admin-page";
import { useDecideRot } from "../api/decide-rot";
import { oreToKronorText } from "../lib/editor-form";
import { schemaResolver } from "../lib/schema-resolver";
import { invoicesText } from "../text";

const text = invoicesText.rotDecision;

type DecisionValues = { decidedOn: string; approved: string };
type Decision = z.output<typeof RotDecisionInputSchema>;

const resolver = schemaResolver<DecisionValues, Decision>({
  schema: RotDecisionInputSchema,
  toInput: (values) => ({ decidedOn: values.decidedOn, approvedOre: parseKronor(values.approved) ?? Number.NaN }),
  fieldOf: (path) => (path[0] === "approvedOre" ? "approved" : "decidedOn"),
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
  const [failure, setFailure] = useState<string | null>(null);
  const defaults: DecisionValues = { decidedOn: today, approved: oreToKronorText(requestedOre).replace(/,00$/, "") };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DecisionValues, unknown, Decision>({ defaultValues: defaults, resolver });

  const close = (next: boolean) => {
    if (!next) {
      reset(defaults);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const onSubmit = (decision: Decision) => {
    setFailure(null);
    decide.mutate(
      { id: invoiceId, ...decision },
      {
        onSuccess: (invoice) => {
          toast({ title: text.done, description: invoice.rot?.followUpInvoiceId ? text.followUpCreated : undefined });
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
          <DialogDescription>{text.description(formatOre(requestedOre))}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
          <TextField id="rot-decidedOn" type="date" max={today} label={text.decidedOn} error={errors.decidedOn?.message} {...register("decidedOn")} />
          <TextField
            id="rot-approved"
            inputMode="numeric"
            autoComplete="off"
            label={text.approved}
            error={errors.approved?.message}
            {...register("approved")}
          />
          <DialogFormFooter
            failure={failure}
            onCancel={() => close(false)}
            cancelLabel={text.cancel}
            submitLabel={text.submit}
            pendingLabel={text.submitting}
            pending={decide.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
