import { Badge } from "@/client/components/ui/badge";
import { Spinner } from "@/client/components/ui/spinner";
import { formatBackupSize, type BackupRunView } from "@/common/schemas/backups";
import { formatListDateTime } from "@/common/format";
import { useBackups } from "../api/backups";
import { integrationsPageText } from "../text";
import { StatusCard } from "./status-card";

const text = integrationsPageText.backups;

function RunRow({ run }: { run: BackupRunView }) {
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="px-3 py-2 whitespace-nowrap">{formatListDateTime(run.finishedAt)}</td>
      <td className="px-3 py-2">{text.kinds[run.kind]}</td>
      <td className="px-3 py-2">
        <Badge tone={run.status === "ok" ? "success" : "danger"}>{text.statuses[run.status]}</Badge>
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{run.sizeBytes === null ? "–" : formatBackupSize(run.sizeBytes)}</td>
      <td className="px-3 py-2 text-xs break-all text-slate-700">{run.status === "ok" ? run.fileName : run.error}</td>
    </tr>
  );
}

/** Backups (docs/decisions/0010-backups.md): the nightly one, the latest run (a failure with its reason) and the recent runs. */
export function BackupsCard() {
  const query = useBackups();
  if (!query.data) {
    return (
      <section aria-labelledby="integration-backups" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="integration-backups" className="text-lg font-semibold text-slate-900">
          {text.title}
        </h2>
        {query.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {integrationsPageText.loadFailed}
          </p>
        ) : (
          <Spinner className="py-4" />
        )}
      </section>
    );
  }
  const backups = query.data;
  const latest = backups.runs[0];
  const lastOk = backups.runs.find((run) => run.status === "ok");
  const failing = latest?.status === "failed";
  const badge = failing ? text.failed : backups.nightly.configured ? integrationsPageText.configured : integrationsPageText.notConfigured;
  return (
    <StatusCard id="integration-backups" title={text.title} status={badge} ok={backups.nightly.configured && !failing}>
      <p className="text-sm text-slate-700">{backups.nightly.configured ? text.configuredText(backups.nightly.keep) : text.notConfiguredText}</p>
      {failing && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{text.failureTitle}</p>
          <p className="break-words">{text.failureText(formatListDateTime(latest.finishedAt), latest.error ?? "")}</p>
        </div>
      )}
      <dl className="rounded-md bg-slate-50 p-3">
        <dt className="text-sm text-slate-600">{text.latest}</dt>
        <dd className="font-semibold text-slate-900">
          {lastOk && lastOk.sizeBytes !== null ? text.latestOk(formatListDateTime(lastOk.finishedAt), formatBackupSize(lastOk.sizeBytes)) : text.none}
        </dd>
      </dl>
      {backups.runs.length > 0 && (
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={text.tableLabel}>
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{text.title}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {[text.when, text.kind, text.status, text.size, text.file].map((header) => (
                  <th key={header} scope="col" className="px-3 py-2 font-semibold">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {backups.runs.map((run) => (
                <RunRow key={run.id} run={run} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </StatusCard>
  );
}
