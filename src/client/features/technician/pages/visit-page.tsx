import { Mail, MapPin, Phone } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useParams } from "react-router";
import { BookingStatusBadge } from "@/client/components/ui/booking-status-badge";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage, isApiError } from "@/client/lib/api-error";
import { staffTimeText, technicianMay } from "@/common/booking-rules";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { TechnicianBooking } from "@/common/schemas/technician";
import { BackLink } from "@/client/components/back-link";
import { formatLongDate } from "@/client/lib/format-date";
import { parseId } from "@/client/lib/parse-id";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useSetVisitStatus, useVisit } from "../api/visits";
import { CancelVisitDialog } from "../components/cancel-visit-dialog";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { technicianText } from "../text";

const text = technicianText.visit;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

const mapUrl = (c: TechnicianBooking["contact"]) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${c.address}, ${c.postalCode} ${c.city}`)}`;

function CustomerCard({ contact }: { contact: TechnicianBooking["contact"] }) {
  const linkClass =
    "inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.customer}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="font-semibold text-slate-900">{contact.name}</p>
        <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className={linkClass} aria-label={text.call(contact.phone)}>
          <Phone className="size-4" aria-hidden="true" />
          {contact.phone}
        </a>
        <a href={`mailto:${contact.email}`} className={linkClass} aria-label={text.email(contact.email)}>
          <Mail className="size-4" aria-hidden="true" />
          <span className="break-all">{contact.email}</span>
        </a>
        <a href={mapUrl(contact)} target="_blank" rel="noreferrer" className={linkClass}>
          <MapPin className="size-4" aria-hidden="true" />
          <span>
            {contact.address}, {contact.postalCode} {contact.city}
            <span className="sr-only"> ({text.map})</span>
          </span>
        </a>
      </CardContent>
    </Card>
  );
}

function ProductCard({ visit }: { visit: TechnicianBooking }) {
  const { product } = visit;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.product}</CardTitle>
      </CardHeader>
      <CardContent>
        {product ? (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label={text.model}>{[product.brand, product.model].filter(Boolean).join(" ")}</Fact>
            <Fact label={text.type}>{product.type}</Fact>
            <Fact label={text.serialNumber}>{product.serialNumber ?? "–"}</Fact>
            <Fact label={text.installed}>{product.installDate ? formatLongDate(product.installDate) : "–"}</Fact>
          </dl>
        ) : (
          <div className="grid gap-3">
            {visit.booking.heatpumpModel && (
              <dl>
                <Fact label={text.bookedModel}>{visit.booking.heatpumpModel}</Fact>
              </dl>
            )}
            <p className="text-sm text-slate-700">{text.noProduct}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function InfoCard({ visit }: { visit: TechnicianBooking }) {
  const entries = [
    [text.description, visit.booking.description],
    [text.notes, visit.booking.notes],
    [text.customerNotes, visit.customer.notes],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.info}</CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-slate-700">{text.noInfo}</p>
        ) : (
          <dl className="grid gap-3">
            {entries.map(([label, value]) => (
              <Fact key={label} label={label}>
                <span className="whitespace-pre-line">{value}</span>
              </Fact>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function ImagesCard({ images }: { images: TechnicianBooking["images"] }) {
  if (images.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.images}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((image, index) => (
            <li key={image.id}>
              <a
                href={image.imageUrl}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <img src={image.imageUrl} alt={image.caption ?? `${text.images} ${index + 1}`} loading="lazy" className="aspect-square w-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

type Pending = "start" | "cancel" | null;

function VisitActions({ visit }: { visit: TechnicianBooking }) {
  const [asking, setAsking] = useState<Pending>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const setStatus = useSetVisitStatus(visit.booking.id);
  const status = visit.booking.status;
  const updated = () => toast({ title: text.statusUpdated, description: text.statusUpdatedText });
  const start = () => {
    setAsking(null);
    setStatus.mutate(
      { status: "in_progress" },
      {
        onSuccess: updated,
        onError: (error) => toast({ variant: "destructive", title: text.error, description: text.statusFailed(errorMessage(error, text.loadFailed)) }),
      },
    );
  };
  // The dialog stays open on a refusal, with the server's reason under the field.
  const cancel = (reason: string) => {
    setCancelError(null);
    setStatus.mutate(
      { status: "cancelled", reason },
      {
        onSuccess: () => {
          setAsking(null);
          updated();
        },
        onError: (error) => setCancelError(text.statusFailed(errorMessage(error, text.loadFailed))),
      },
    );
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      {technicianMay("start", status) && (
        <Button disabled={setStatus.isPending} onClick={() => setAsking("start")}>
          {text.startWork}
        </Button>
      )}
      {technicianMay("complete", status) && (
        <Link to={`/technician/service/${visit.booking.id}`} className={buttonVariants()}>
          {text.finishService}
        </Link>
      )}
      <Link to={`/technician/protocols/new?bookingId=${visit.booking.id}`} className={buttonVariants({ variant: "outline" })}>
        {text.createProtocol}
      </Link>
      {technicianMay("cancel", status) && (
        <Button variant="destructive" disabled={setStatus.isPending} onClick={() => setAsking("cancel")}>
          {text.cancel}
        </Button>
      )}
      <ConfirmDialog
        open={asking === "start"}
        title={text.confirmStartTitle}
        description={text.confirmStartText}
        confirmLabel={text.confirmStart}
        cancelLabel={text.keep}
        destructive={false}
        onConfirm={start}
        onCancel={() => setAsking(null)}
      />
      <CancelVisitDialog
        open={asking === "cancel"}
        pending={setStatus.isPending}
        serverError={cancelError}
        onConfirm={cancel}
        onOpenChange={(open) => {
          if (!open) {
            setAsking(null);
            setCancelError(null);
          }
        }}
      />
    </div>
  );
}

/** /technician/booking/{id} (rules §2): the visit with its customer, product and notes, and what to do next. */
export default function VisitPage() {
  const id = parseId(useParams().id);
  const query = useVisit(id);
  const visit = query.data;
  useDocumentTitle(visit ? `${visit.contact.name}, ${SERVICE_TYPE_LABELS[visit.booking.serviceType]}` : null);

  let body: ReactNode;
  if (id === null || isApiError(query.error, 404)) body = <p className="text-lg font-semibold text-slate-900">{text.notFound}</p>;
  else if (query.isError)
    body = (
      <p role="alert" className="text-red-800">
        {text.loadFailed}
      </p>
    );
  else if (!visit) body = <Spinner />;
  else
    body = (
      <div className="grid gap-6">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{visit.contact.name}</h1>
            <BookingStatusBadge status={visit.booking.status} />
          </div>
          <p className="text-slate-700">
            <span className="sr-only">{text.when}: </span>
            {SERVICE_TYPE_LABELS[visit.booking.serviceType]}, {formatLongDate(visit.booking.date)} {staffTimeText(visit.booking)}
          </p>
        </div>
        <VisitActions visit={visit} />
        <div className="grid gap-4 lg:grid-cols-2">
          <CustomerCard contact={visit.contact} />
          <ProductCard visit={visit} />
          <InfoCard visit={visit} />
          <ImagesCard images={visit.images} />
        </div>
      </div>
    );

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-6 sm:py-10">
      <BackLink to="/technician">{text.back}</BackLink>
      {body}
    </div>
  );
}
