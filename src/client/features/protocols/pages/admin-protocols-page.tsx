import { useDeferredValue, useId } from "react";
import { useSearchParams } from "react-router";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { PROTOCOL_STATUSES } from "@/common/constants";
import { formatListDate } from "@/common/format";
import { useProtocols } from "../api/protocols";
import { installedUnitOf, ShowProtocolLink } from "../components/protocol-list-parts";
import { protocolUiText as text } from "../text";
import { BackLink } from "@/client/components/back-link";

/** /admin/protocols (rules §2 other admin screens): every protocol, searched and filtered; the filters live in the URL. */
export default function AdminProtocolsPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const status = (PROTOCOL_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as string) : "";
  const deferred = useDeferredValue(search);
  const query = useProtocols(deferred, "admin", status || undefined);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const rows = query.data ?? [];
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <BackLink to="/admin?tab=planning">{text.back}</BackLink>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{text.adminTitle}</h1>
        <p className="mt-1 text-slate-700">{text.adminIntro}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-search`}>{text.searchLabel}</Label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder={text.searchPlaceholder}
            value={search}
            onChange={(event) => set("search", event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-status`}>{text.statusFilter}</Label>
          <Select id={`${id}-status`} value={status} onChange={(event) => set("status", event.target.value)}>
            <option value="">{text.allStatuses}</option>
            {PROTOCOL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {text.listStatusLabels[s]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="text-red-800">
          {text.loadFailed}
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">
          {deferred.trim() || status ? text.noneFound : text.noneYet}
        </p>
      ) : (
        // relative: the sr-only header text is positioned absolutely; without a positioned scroll box it
        // escaped the box and made the whole page scroll sideways on a phone (issue 23).
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {[text.columns.customer, text.columns.model, text.columns.address, text.technician, text.columns.status, text.columns.created].map((h) => (
                  <th key={h} scope="col" className="px-4 py-3 font-medium">
                    {h}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">{text.show}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((p) => (
                <tr key={p.id}>
                  <td className="px-4 py-3 font-medium text-slate-900">{p.customerName}</td>
                  <td className="px-4 py-3">{installedUnitOf(p)}</td>
                  <td className="px-4 py-3">{p.installationAddress ?? "–"}</td>
                  <td className="px-4 py-3">{p.technicianName ?? "–"}</td>
                  <td className="px-4 py-3">{text.listStatusLabels[p.status]}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatListDate(p.createdAt)}</td>
                  <td className="px-4 py-3">
                    <ShowProtocolLink protocol={p} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
