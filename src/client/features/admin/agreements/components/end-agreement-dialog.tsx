import { useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { formatListDate } from "@/common/format";
import { AgreementEndSchema } from "@/common/schemas/agreements";
import type { z } from "zod";
import { DialogFormFooter } from "../../components/admin-page";
import { schemaResolver } from "../../lib/schema-resolver";
import { useEndAgreement } from "../api/end-agreement";
import { agreementsText } from "../text";

const text = agreementsText.actions.endDialog;

type EndValues = { endsOn: string };

const resolver = schemaResolver<EndValues, z.output<typeof AgreementEndSchema>>({
  schema: AgreementEndSchema,
  toInput: (values) => values,
  fieldOf: () => "endsOn",
});

/**
 * 'Avsluta från datum': the last day the agreement runs (today at the earliest), checked like the
 * server checks it; a refusal (before the start date, in the past) is shown in the dialog.
 */
export function EndAgreementDialog({
  agreementId,
  today,
  defaultDate,
  open,
  onOpenChange,
}: {
  agreementId: number;
  today: string;
  defaultDate: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const end = useEndAgreement();
  const [failure, setFailure] = useState<string | null>(null);
  const defaults: EndValues = { endsOn: defaultDate };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EndValues, unknown, z.output<typeof AgreementEndSchema>>({ defaultValues: defaults, resolver });

  const close = (next: boolean) => {
    if (!next) {
      reset(defaults);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(({ endsOn }) => {
    setFailure(null);
    end.mutate(
      { id: agreementId, endsOn },
      {
        onSuccess: () => {
          toast({ title: text.done, description: text.doneDescription(formatListDate(endsOn)) });
          close(false);
        },
        onError: (error) => setFailure(errorMessage(error, text.failed)),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <TextField id="agreement-endsOn" type="date" min={today} label={text.date} error={errors.endsOn?.message} {...register("endsOn")} />
          <DialogFormFooter
            failure={failure}
            onCancel={() => close(false)}
            cancelLabel={agreementsText.actions.cancel}
            submitLabel={text.submit}
            pendingLabel={text.submitting}
            pending={end.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
