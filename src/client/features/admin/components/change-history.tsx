import type { RecordChange } from "@/common/schemas/customers";
import { formatListDateTime } from "@/common/format";

type ChangeHistoryProps = {
  changes: readonly RecordChange[];
  /** The Swedish name of a field ("Telefon"). */
  fieldLabel: (field: string) => string;
  /** A value as the screen shows it (a product type's label, a date); null is "–". */
  valueText?: (field: string, value: string) => string;
  empty: string;
  /** "Telefon ändrad", for an erased customer's history, which keeps no values. */
  changedWithoutValues: (label: string) => string;
};

const NONE = "–";

/**
 * Who changed what, when (issue 23 point 8): newest first, each edit with its time, the staff
 * member's name and every changed field from its old value to its new one.
 */
export function ChangeHistory({ changes, fieldLabel, valueText = (_field, value) => value, empty, changedWithoutValues }: ChangeHistoryProps) {
  if (changes.length === 0) return <p>{empty}</p>;
  const shown = (field: string, value: string | null) => (value === null ? NONE : valueText(field, value));
  return (
    <ol className="grid gap-2">
      {changes.map((change) => (
        <li key={change.id} className="rounded-md border border-slate-200 p-2">
          <p className="text-slate-600">
            <time dateTime={change.at}>{formatListDateTime(change.at)}</time> · {change.userName}
          </p>
          <ul className="grid gap-0.5">
            {change.changes.map((c) => (
              <li key={c.field} className="break-words">
                {c.from === null && c.to === null ? (
                  changedWithoutValues(fieldLabel(c.field))
                ) : (
                  <>
                    <span className="font-medium text-slate-900">{fieldLabel(c.field)}:</span> {shown(c.field, c.from)} → {shown(c.field, c.to)}
                  </>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
