import { Plus } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { buttonVariants } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { formatListDate } from "@/common/format";
import { useProtocols } from "../api/protocols";
import { installedUnitOf, ShowProtocolLink } from "./protocol-list-parts";
import { ProtocolNoticeBox, useArrivedNotice } from "./protocol-notice";
import { protocolUiText as text } from "../text";

/** rules §2 / §9: the technician dashboard shows the first 10 protocols. */
const SHOWN = 10;

/** The dashboard's protocols tab (rules §2): search, the first ten, 'Visa', and the empty states. */
export function ProtocolsTab() {
  const id = useId();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search);
  const query = useProtocols(deferred);
  const rows = (query.data ?? []).slice(0, SHOWN);
  const [notice] = useArrivedNotice();
  return (
    <div className="grid gap-4">
      <ProtocolNoticeBox notice={notice} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5 sm:w-96">
          <Label htmlFor={`${id}-search`}>{text.searchLabel}</Label>
          <Input id={`${id}-search`} type="search" placeholder={text.searchPlaceholder} value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <Link to="/technician/protocols/new" className={buttonVariants()}>
          <Plus aria-hidden="true" />
          {text.create}
        </Link>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="text-red-800">
          {text.loadFailed}
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">{deferred.trim() ? text.noneFound : text.noneYet}</p>
      ) : (
        <ul className="grid gap-3" aria-label={text.tab}>
          {rows.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
              <div className="grid gap-0.5">
                <p className="font-semibold text-slate-900">{p.customerName}</p>
                <p className="text-sm text-slate-700">{installedUnitOf(p)}</p>
                <p className="text-sm text-slate-700">{p.installationAddress}</p>
                <p className="text-sm text-slate-700">
                  {text.technicianListLabels[p.status]} · {formatListDate(p.createdAt)}
                </p>
              </div>
              <ShowProtocolLink protocol={p} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
