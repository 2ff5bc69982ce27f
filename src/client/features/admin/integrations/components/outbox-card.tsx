import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { OUTBOX_STATUSES, type OutboxMessageView, type OutboxStatus } from "@/common/schemas/integrations";
import { formatListDateTime } from "@/common/format";
import { useOutbox, useRetryMessage } from "../api/integrations";
import { integrationsPageText } from "../text";

const text = integrationsPageText.outbox;
type Filter = OutboxStatus | "all";
const FILTERS: Filter[] = ["all", ...OUTBOX_STATUSES];
const TONES = { queued: "warning", sent: "success", failed: "danger", held: "warning", discarded: "neutral" } as const;

function MessageRow({ message }: { message: OutboxMessageView }) {
  const retry = useRetryMessage();
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="px-3 py-2 break-all">{message.to}</td>
      <td className="px-3 py-2">{message.subject}</td>
      <td className="px-3 py-2">
        <Badge tone={TONES[message.status]}>{text.statusLabels[message.status]}</Badge>
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{message.attempts}</td>
      <td className="px-3 py-2 text-xs break-all text-slate-700">{message.lastError ?? "–"}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatListDateTime(message.createdAt)}</td>
      <td className="px-3 py-2">
        {message.status === "failed" && (
          <Button
            size="sm"
            variant="outline"
            aria-label={text.retryLabel(message.to)}
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(message.id, {
                onSuccess: () => toast({ title: text.retried }),
                onError: (error) => toast({ variant: "destructive", title: text.failureTitle, description: errorMessage(error, text.retryFailed) }),
              })
            }
          >
            <RotateCcw aria-hidden="true" />
            {text.retry}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The e-mail outbox (rules D14): queued, sent and failed messages, and 'retry now' for failed ones. */
export function OutboxCard() {
  const [filter, setFilter] = useState<Filter>("all");
  const outbox = useOutbox(filter);
  return (
    <section aria-labelledby="integration-outbox" className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id="integration-outbox" className="text-lg font-semibold text-slate-900">
          {text.title}
        </h2>
        <p className="text-sm text-slate-700">{text.description}</p>
      </div>
      <div role="group" aria-label={text.filterLabel} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {FILTERS.map((value) => (
          <Button key={value} size="sm" variant={filter === value ? "default" : "ghost"} aria-pressed={filter === value} onClick={() => setFilter(value)}>
            {text.filters[value]}
            {value !== "all" && outbox.data ? ` (${outbox.data.counts[value]})` : ""}
          </Button>
        ))}
      </div>
      {outbox.isPending ? (
        <Spinner className="py-4" />
      ) : outbox.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {integrationsPageText.loadFailed}
        </p>
      ) : outbox.data.messages.length === 0 ? (
        <p className="text-sm text-slate-700">{text.empty}</p>
      ) : (
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={text.tableLabel}>
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">{text.title}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {[text.to, text.subject, text.status, text.attempts, text.lastError, text.created].map((header) => (
                  <th key={header} scope="col" className="px-3 py-2 font-semibold">
                    {header}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{text.retry}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {outbox.data.messages.map((message) => (
                <MessageRow key={message.id} message={message} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
