import { formatListDateTime } from "@/common/format";
import type { Agreement } from "@/common/schemas/agreements";
import { AGREEMENT_EVENT_LABELS, agreementsText } from "../text";

const text = agreementsText.detail;

/** What has happened to the agreement, in the order the server gives: when, what, by whom, and any note. */
export function AgreementHistory({ events }: { events: Agreement["events"] }) {
  if (events.length === 0) return <p className="text-slate-700">{text.noHistory}</p>;
  return (
    <ol className="grid gap-2">
      {events.map((event, index) => (
        <li key={`${event.at}-${event.kind}-${index}`} className="grid gap-0.5 rounded-md border border-slate-200 p-3 text-sm">
          <p className="text-slate-600">
            <time dateTime={event.at}>{formatListDateTime(event.at)}</time> · {text.by(event.by)}
          </p>
          <p className="font-medium text-slate-900">{AGREEMENT_EVENT_LABELS[event.kind] ?? event.kind}</p>
          {event.note && <p className="whitespace-pre-line break-words text-slate-800">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
