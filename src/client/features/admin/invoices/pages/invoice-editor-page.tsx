import type { ReactNode } from "react";
import { useParams, useSearchParams } from "react-router";
import { BackLink } from "@/client/components/back-link";
import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage, isApiError } from "@/client/lib/api-error";
import { parseId } from "@/client/lib/parse-id";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import type { Invoice } from "@/common/schemas/invoices";
import { LoadFailed } from "../../components/load-failed";
import type { PickedCustomer } from "../../components/customer-picker";
import { useCustomer } from "../api/get-customer";
import { useInvoice } from "../api/get-invoice";
import { useInvoiceFromBooking } from "../api/get-invoice-from-booking";
import { InvoiceEditorForm } from "../components/invoice-editor-form";
import { emptyEditorValues, valuesFromBooking, valuesFromInvoice } from "../lib/editor-form";
import { invoicesText } from "../text";

const text = invoicesText.editor;

function Frame({ heading, intro, children }: { heading: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-3">
        <BackLink to="/admin/invoices">{invoicesText.backToList}</BackLink>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{heading}</h1>
          <p className="mt-1 text-slate-700">{intro ?? text.intro}</p>
        </div>
      </div>
      {children}
    </div>
  );
}

/** A refusal the admin can act on (a visit not completed, an invoice already sent), with where to go instead. */
function Refused({ message, links }: { message: string; links: { to: string; label: string }[] }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <p>{message}</p>
      <div className="flex flex-wrap gap-2">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={buttonVariants({ variant: "outline" })}>
            {link.label}
          </Link>
        ))}
      </div>
    </div>
  );
}

/** A new invoice: empty, or (?bookingId=N) from a completed visit's service report. */
function NewInvoice({ bookingId }: { bookingId: number | null }) {
  const prefill = useInvoiceFromBooking(bookingId);
  const customer = useCustomer(prefill.data?.customerId ?? null);

  if (bookingId === null) return <InvoiceEditorForm initial={emptyEditorValues()} initialCustomer={null} invoiceId={null} cancelTo="/admin/invoices" />;
  if (prefill.isError) {
    return (
      <Refused
        message={errorMessage(prefill.error, text.loadFailed)}
        links={[
          { to: `/admin/bookings/${bookingId}`, label: invoicesText.view.bookingLink(bookingId) },
          { to: "/admin/invoices/new", label: text.newHeading },
        ]}
      />
    );
  }
  if (customer.isError) return <LoadFailed message={text.loadFailed} retryLabel={invoicesText.retry} onRetry={() => void customer.refetch()} />;
  if (!prefill.data || !customer.data) return <Spinner label={text.loading} />;
  return (
    <>
      <p className="-mt-3 text-sm text-slate-700">{text.fromBooking(bookingId)}</p>
      <InvoiceEditorForm
        initial={valuesFromBooking(prefill.data)}
        initialCustomer={customer.data.customer}
        invoiceId={null}
        rotSuggested={prefill.data.rotSuggested}
        cancelTo={`/admin/bookings/${bookingId}`}
      />
    </>
  );
}

/** The customer a draft is addressed to, as the picker shows it (none when the customer has since been erased). */
function customerOf(invoice: Invoice): PickedCustomer | null {
  if (invoice.customerId === null) return null;
  return { id: invoice.customerId, ...invoice.customer };
}

function EditDraft({ invoice }: { invoice: Invoice }) {
  if (invoice.status !== "draft") {
    return <Refused message={text.notDraft} links={[{ to: `/admin/invoices/${invoice.id}`, label: text.toInvoice }]} />;
  }
  return (
    <InvoiceEditorForm
      initial={valuesFromInvoice(invoice)}
      initialCustomer={customerOf(invoice)}
      invoiceId={invoice.id}
      cancelTo={`/admin/invoices/${invoice.id}`}
    />
  );
}

/** /admin/invoices/new[?bookingId=N] and /admin/invoices/{id}/edit (a draft only). */
export default function InvoiceEditorPage() {
  const params = useParams();
  const id = parseId(params.id);
  const [searchParams] = useSearchParams();
  const editing = params.id !== undefined;
  const invoice = useInvoice(editing ? id : null);
  useDocumentTitle(editing ? text.pageTitleEdit : null);

  if (!editing) {
    return (
      <Frame heading={text.newHeading}>
        <NewInvoice bookingId={parseId(searchParams.get("bookingId") ?? undefined)} />
      </Frame>
    );
  }
  const missing = id === null || isApiError(invoice.error, 404);
  const heading = invoice.data ? text.editHeading(invoicesText.title(invoice.data.kind, invoice.data.number, invoice.data.id)) : text.pageTitleEdit;
  return (
    <Frame heading={missing ? invoicesText.view.notFound : heading}>
      {missing ? (
        <Refused message={invoicesText.view.notFoundDescription} links={[{ to: "/admin/invoices", label: invoicesText.backToList }]} />
      ) : invoice.isPending ? (
        <Spinner label={text.loading} />
      ) : invoice.isError ? (
        <LoadFailed message={invoicesText.view.loadFailed} retryLabel={invoicesText.retry} onRetry={() => void invoice.refetch()} />
      ) : (
        <EditDraft invoice={invoice.data} />
      )}
    </Frame>
  );
}
