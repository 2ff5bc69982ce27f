import { Download, Pencil, Trash2 } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { BookingStatusBadge } from "@/client/components/ui/booking-status-badge";
import { buttonVariants, Button } from "@/client/components/ui/button";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { SERVICE_TYPE_LABELS, type BookingStatus, type ServiceType } from "@/common/constants";
import { timeSlotText } from "@/common/booking-rules";
import type { CustomerDetail } from "@/common/schemas/customers";
import { productTypeLabel } from "@/common/schemas/products";
import { ChangeHistory } from "../../components/change-history";
import { formatListDate, formatListDateTime } from "@/common/format";
import { customerExportUrl, useCustomer, useDeleteCustomer } from "../api/customers";
import { customersPageText } from "../text";
import { EditCustomerDialog } from "./create-customer-dialog";

const text = customersPageText;
const kronor = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", maximumFractionDigits: 0 });

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What the erase cancels (issue 23): each visit ahead with its date, time and service. */
function VisitsAhead({ visits }: { visits: CustomerDetail["visitsAhead"] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p id={headingId} className="font-medium">
        {text.removeDialog.visitsAhead(visits.length)}
      </p>
      <ul className="grid gap-1">
        {visits.map((visit) => (
          <li key={visit.id}>
            {formatListDate(visit.date)} <span className="tabular-nums">{timeSlotText(visit.timeSlot)}</span> ·{" "}
            {SERVICE_TYPE_LABELS[visit.serviceType as ServiceType] ?? visit.serviceType}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The detail dialog (rules §2): contact details, products, bookings, service history, change history; edit, export and delete. */
export function CustomerDetailDialog({
  id,
  onClose,
  agreementsSection,
}: {
  id: number | null;
  onClose: () => void;
  /** The customer's service agreements (issue 26), mounted by the admin shell. */
  agreementsSection?: (customerId: number) => ReactNode;
}) {
  const detail = useCustomer(id);
  const remove = useDeleteCustomer();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const data = detail.data;

  const confirmDelete = () => {
    if (id === null) return;
    remove.mutate(id, {
      onSuccess: (result) => {
        toast({ title: text.toasts.deleted, description: result.message });
        setConfirming(false);
        onClose();
      },
      onError: (error) => toast({ variant: "destructive", title: text.toasts.failureTitle, description: errorMessage(error, text.toasts.deleteFailed) }),
    });
  };

  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{data?.customer.name ?? text.title}</DialogTitle>
          <DialogDescription>{data ? `${data.customer.postalCode} ${data.customer.city}`.trim() || text.erased : ""}</DialogDescription>
        </DialogHeader>
        {!data ? (
          <Spinner className="py-6" />
        ) : (
          <div className="grid gap-5 text-sm text-slate-700">
            <Section title={text.detail.contact}>
              <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1">
                <dt className="text-slate-600">{text.detail.phone}</dt>
                <dd>
                  {data.customer.phone ? (
                    <a className="text-brand-700 underline" href={`tel:${data.customer.phone.replace(/[^\d+]/g, "")}`}>
                      {data.customer.phone}
                    </a>
                  ) : (
                    "–"
                  )}
                </dd>
                <dt className="text-slate-600">{text.detail.email}</dt>
                <dd className="break-all">
                  {data.customer.anonymized ? (
                    "–"
                  ) : (
                    <a className="text-brand-700 underline" href={`mailto:${data.customer.email}`}>
                      {data.customer.email}
                    </a>
                  )}
                </dd>
                <dt className="text-slate-600">{text.detail.address}</dt>
                <dd>{data.customer.address ? `${data.customer.address}, ${data.customer.postalCode} ${data.customer.city}` : "–"}</dd>
                {data.customer.notes && (
                  <>
                    <dt className="text-slate-600">{text.detail.notes}</dt>
                    <dd className="whitespace-pre-line">{data.customer.notes}</dd>
                  </>
                )}
              </dl>
              {!data.customer.anonymized && (
                <Button variant="outline" className="justify-self-start" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  {text.detail.edit}
                </Button>
              )}
            </Section>
            <Section title={text.detail.products}>
              {data.products.length === 0 ? (
                <p>{text.detail.noProducts}</p>
              ) : (
                <ul className="grid gap-2">
                  {data.products.map((p) => (
                    <li key={p.id} className="rounded-md border border-slate-200 p-2">
                      <p className="font-medium text-slate-900">{[p.brand, p.model].filter(Boolean).join(" ")}</p>
                      <p>
                        {productTypeLabel(p.type)}
                        {p.installDate && ` · ${text.detail.installed} ${formatListDate(p.installDate)}`}
                        {p.warrantyEnd && ` · ${text.detail.warranty} ${formatListDate(p.warrantyEnd)}`}
                        {p.serialNumber && ` · ${text.detail.serial} ${p.serialNumber}`}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            {agreementsSection?.(data.customer.id)}
            <Section title={text.detail.bookings}>
              {data.bookings.length === 0 ? (
                <p>{text.detail.noBookings}</p>
              ) : (
                <ul className="grid gap-1">
                  {data.bookings.map((b) => (
                    <li key={b.id} className="flex flex-wrap items-center gap-2">
                      <Link to={`/admin/bookings/${b.id}`} className="text-brand-700 underline">
                        #{b.id} {formatListDate(b.date)} {timeSlotText(b.timeSlot)}
                      </Link>
                      <span>{SERVICE_TYPE_LABELS[b.serviceType as ServiceType] ?? b.serviceType}</span>
                      <BookingStatusBadge status={b.status as BookingStatus} />
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <Section title={text.detail.history}>
              {data.serviceHistory.length === 0 ? (
                <p>{text.detail.noHistory}</p>
              ) : (
                <ul className="grid gap-1">
                  {data.serviceHistory.map((h) => (
                    <li key={h.id}>
                      {formatListDateTime(h.serviceDate)} · {h.actions ?? h.serviceType}
                      {h.cost !== null && ` · ${kronor.format(h.cost)}`}
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <Section title={text.detail.changes}>
              <ChangeHistory
                changes={data.changes}
                fieldLabel={(field) => text.fields[field] ?? field}
                empty={text.detail.noChanges}
                changedWithoutValues={text.detail.changedWithoutValues}
              />
            </Section>
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
              <Button variant="destructive" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" />
                {text.detail.delete}
              </Button>
              <a className={buttonVariants({ variant: "outline" })} href={customerExportUrl(data.customer.id)} download>
                <Download aria-hidden="true" />
                {text.detail.export}
              </a>
            </div>
          </div>
        )}
        {data && <EditCustomerDialog customer={data.customer} open={editing} onOpenChange={setEditing} />}
        <ConfirmDialog
          open={confirming}
          onCancel={() => setConfirming(false)}
          onConfirm={confirmDelete}
          title={text.removeDialog.title}
          description={text.removeDialog.description(data?.customer.name ?? "")}
          confirmLabel={text.removeDialog.confirm}
          cancelLabel={text.removeDialog.cancel}
          pending={remove.isPending}
          pendingLabel={text.removeDialog.removing}
        >
          {data && data.visitsAhead.length > 0 && <VisitsAhead visits={data.visitsAhead} />}
        </ConfirmDialog>
      </DialogContent>
    </Dialog>
  );
}
