import { useDeferredValue, useState } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import type { ServiceHistoryEntry } from "@/common/schemas/products";
import { AdminPage } from "../components/admin-page";
import { LoadFailed } from "../components/load-failed";
import { useServiceHistory } from "./api/service-history";
import { formatListDateTime } from "@/common/format";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { serviceHistoryText as text } from "./text";

const kronor = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", maximumFractionDigits: 0 });
const typeOf = (entry: ServiceHistoryEntry) => text.types[entry.serviceType] ?? entry.serviceType;

function Detail({ entry, onClose }: { entry: ServiceHistoryEntry | null; onClose: () => void }) {
  const rows: [string, string | null][] = entry
    ? [
        [text.fields.customer, entry.customerName],
        [text.fields.place, entry.place],
        [text.fields.product, entry.product],
        [text.fields.technician, entry.technician],
        [text.fields.issues, entry.issues],
        [text.fields.actions, entry.actions],
        [text.fields.parts, entry.parts],
        [text.fields.cost, entry.cost === null ? null : kronor.format(entry.cost)],
        [text.fields.followUp, entry.followUpNeeded ? text.yes : text.no],
        [text.fields.notes, entry.notes],
      ]
    : [];
  return (
    <Dialog open={!!entry} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{entry ? `${typeOf(entry)} – ${entry.customerName}` : ""}</DialogTitle>
          <DialogDescription>{entry ? formatListDateTime(entry.serviceDate) : ""}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="whitespace-pre-line">{value ?? "–"}</dd>
            </div>
          ))}
          {entry?.bookingId && (
            <>
              <dt className="text-slate-600">{text.fields.booking}</dt>
              <dd>
                <Link to={`/admin/bookings/${entry.bookingId}`} className="text-brand-700 underline">
                  #{entry.bookingId}
                </Link>
              </dd>
            </>
          )}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

/** /admin/service-history (rules §2 Service history; issue 12): search, card list, detail dialog. */
export default function ServiceHistoryPage() {
  useDocumentTitle(text.title);
  const [q, setQ] = useState("");
  const deferred = useDeferredValue(q.trim());
  const [open, setOpen] = useState<ServiceHistoryEntry | null>(null);
  const list = useServiceHistory(deferred);
  return (
    <AdminPage back={{ to: "/admin?tab=customers", label: text.back }} title={text.title} intro={text.intro} width="max-w-4xl">
      <div role="search" className="grid max-w-md gap-1.5">
        <Label htmlFor="history-search">{text.searchLabel}</Label>
        <Input id="history-search" type="search" placeholder={text.searchPlaceholder} value={q} onChange={(event) => setQ(event.target.value)} />
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-slate-700">{text.empty}</p>
      ) : (
        <ul className="grid gap-3">
          {list.data.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                onClick={() => setOpen(entry)}
                aria-label={text.open(`${typeOf(entry)}, ${entry.customerName}, ${formatListDateTime(entry.serviceDate)}`)}
                className="grid w-full gap-1 rounded-lg border border-slate-200 bg-white p-4 text-left text-sm text-slate-700 hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{entry.customerName}</span>
                  <Badge tone="neutral">{typeOf(entry)}</Badge>
                  {entry.followUpNeeded && <Badge tone="warning">{text.followUp}</Badge>}
                </span>
                {entry.place && <span>{entry.place}</span>}
                <span>
                  {formatListDateTime(entry.serviceDate)}
                  {entry.technician && ` · ${entry.technician}`}
                  {entry.cost !== null && ` · ${kronor.format(entry.cost)}`}
                </span>
                {entry.actions && <span className="line-clamp-2">{entry.actions}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Detail entry={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}
