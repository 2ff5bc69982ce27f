import { FileText, Pencil, Send, Trash2, Undo2, Wallet } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { Link } from "@/client/components/ui/link";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { Invoice } from "@/common/schemas/invoices";
import { useCreditInvoice } from "../api/credit-invoice";
import { useDeleteInvoice } from "../api/delete-invoice";
import { invoicePdfUrl } from "../api/downloads";
import { useSendInvoice } from "../api/send-invoice";
import { invoicesText } from "../text";
import { PaymentDialog } from "./payment-dialog";

const text = invoicesText.view;

type Dialog = "send" | "delete" | "credit" | "pay" | null;

/** Which actions an invoice offers: a draft is edited, sent or deleted; a sent invoice paid or credited; anything sent has a PDF. */
export function availableActions(invoice: Pick<Invoice, "kind" | "status">) {
  const draft = invoice.status === "draft";
  const payable = invoice.kind === "invoice" && invoice.status === "sent";
  return {
    edit: draft,
    send: draft,
    delete: draft,
    pay: payable,
    credit: invoice.kind === "invoice" && (invoice.status === "sent" || invoice.status === "paid"),
    pdf: !draft,
  };
}

/** The invoice's actions, each asking first where it cannot be undone; the server's refusal is shown in the dialog. */
export function InvoiceActions({ invoice, title, today }: { invoice: Invoice; title: string; today: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<Dialog>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendInvoice();
  const remove = useDeleteInvoice();
  const credit = useCreditInvoice();
  const actions = availableActions(invoice);

  const show = (dialog: Dialog) => {
    setFailure(null);
    setOpen(dialog);
  };
  const fail = (fallback: string) => (error: unknown) => setFailure(errorMessage(error, fallback));

  const confirmSend = () =>
    send.mutate(invoice.id, {
      onSuccess: (sent) => {
        setOpen(null);
        toast({ title: text.sendConfirm.done, description: text.sendConfirm.doneDescription(invoicesText.title(sent.kind, sent.number, sent.id)) });
      },
      onError: fail(text.sendConfirm.failed),
    });
  const confirmDelete = () =>
    remove.mutate(invoice.id, {
      onSuccess: () => {
        setOpen(null);
        toast({ title: text.deleteConfirm.done });
        void navigate("/admin/invoices");
      },
      onError: fail(text.deleteConfirm.failed),
    });
  const confirmCredit = () =>
    credit.mutate(invoice.id, {
      onSuccess: (note) => {
        setOpen(null);
        toast({ title: text.creditConfirm.done, description: text.creditConfirm.doneDescription(invoicesText.title(note.kind, note.number, note.id)) });
      },
      onError: fail(text.creditConfirm.failed),
    });

  const failureNote = failure && (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
      {failure}
    </p>
  );

  return (
    <div role="group" aria-label={text.actions} className="flex flex-wrap gap-2">
      {actions.edit && (
        <Link to={`/admin/invoices/${invoice.id}/edit`} className={buttonVariants({ variant: "outline" })}>
          <Pencil aria-hidden="true" />
          {text.edit}
        </Link>
      )}
      {actions.send && (
        <Button onClick={() => show("send")}>
          <Send aria-hidden="true" />
          {text.send}
        </Button>
      )}
      {actions.pay && (
        <Button onClick={() => show("pay")}>
          <Wallet aria-hidden="true" />
          {text.pay}
        </Button>
      )}
      {actions.pdf && (
        <a href={invoicePdfUrl(invoice.id)} target="_blank" rel="noopener" className={buttonVariants({ variant: "outline" })}>
          <FileText aria-hidden="true" />
          <span aria-hidden="true">{text.pdf}</span>
          <span className="sr-only">
            {text.pdfLabel(title)} {text.opensInNewTab}
          </span>
        </a>
      )}
      {actions.credit && (
        <Button variant="outline" onClick={() => show("credit")}>
          <Undo2 aria-hidden="true" />
          {text.credit}
        </Button>
      )}
      {actions.delete && (
        <Button variant="outline" onClick={() => show("delete")}>
          <Trash2 aria-hidden="true" />
          {text.delete}
        </Button>
      )}

      <ConfirmDialog
        open={open === "send"}
        onCancel={() => setOpen(null)}
        onConfirm={confirmSend}
        title={text.sendConfirm.title}
        description={text.sendConfirm.description(invoice.customer.email)}
        confirmLabel={text.sendConfirm.confirm}
        cancelLabel={text.cancel}
        pending={send.isPending}
        pendingLabel={text.sendConfirm.pending}
        destructive={false}
      >
        {failureNote}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === "delete"}
        onCancel={() => setOpen(null)}
        onConfirm={confirmDelete}
        title={text.deleteConfirm.title}
        description={text.deleteConfirm.description}
        confirmLabel={text.deleteConfirm.confirm}
        cancelLabel={text.cancel}
        pending={remove.isPending}
        pendingLabel={text.deleteConfirm.pending}
      >
        {failureNote}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === "credit"}
        onCancel={() => setOpen(null)}
        onConfirm={confirmCredit}
        title={text.creditConfirm.title}
        description={text.creditConfirm.description(title)}
        confirmLabel={text.creditConfirm.confirm}
        cancelLabel={text.cancel}
        pending={credit.isPending}
        pendingLabel={text.creditConfirm.pending}
      >
        {failureNote}
      </ConfirmDialog>
      {actions.pay && (
        <PaymentDialog
          invoiceId={invoice.id}
          leftOre={invoice.totals.toPayOre - invoice.paidOre}
          today={today}
          open={open === "pay"}
          onOpenChange={(next) => setOpen(next ? "pay" : null)}
        />
      )}
    </div>
  );
}
