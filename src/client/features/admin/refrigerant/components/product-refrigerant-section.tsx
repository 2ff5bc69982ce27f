import { useId, useState, type FormEvent } from "react";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { formatListDate } from "@/common/format";
import { REFRIGERANT_NAMES, type Refrigerant } from "@/common/refrigerant";
import { LEAK_CHECK_METHOD_LABELS, LEAK_CHECK_RESULT_LABELS, type RegisterEntry, type TimelineEvent } from "@/common/schemas/refrigerant";
import { useSaveRefrigerant, useTimeline } from "../api/product-refrigerant";
import { registerText } from "../text";

const text = registerText.product;
const events = registerText.events;
const kg = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 3 });
const tonnes = new Intl.NumberFormat("sv-SE", { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** A charge as typed ("3,2"): a number, null when empty, NaN when it is not one (the server says why). */
function parsedCharge(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  return /^\d{1,4}([.,]\d{1,3})?$/.test(trimmed) ? Number(trimmed.replace(",", ".")) : Number.NaN;
}

function Summary({ entry }: { entry: RegisterEntry }) {
  if (!entry.refrigerant || entry.chargeKg === null) return <p>{text.none}</p>;
  return (
    <div className="grid gap-1">
      <p className="text-slate-900">{registerText.charge(entry.refrigerant, kg.format(entry.chargeKg), tonnes.format(entry.co2eTonnes ?? 0))}</p>
      {entry.intervalMonths === null ? (
        <p>{text.noDuty}</p>
      ) : (
        <>
          <p>
            {registerText.interval(entry.intervalMonths)}
            {entry.leakDetection ? ` · ${registerText.leakDetection}` : ""}
          </p>
          {entry.nextDue && (
            <p>
              {registerText.nextDue}: <span className="font-medium text-slate-900">{formatListDate(entry.nextDue)}</span> ({registerText.status[entry.status]})
            </p>
          )}
          {entry.followUp && <p className="font-medium text-red-900">{registerText.followUp(formatListDate(entry.followUp.latest))}</p>}
        </>
      )}
      {entry.source === "protocol" && <p>{registerText.fromProtocol}</p>}
    </div>
  );
}

function eventText(event: TimelineEvent): { title: string; details: string[] } {
  switch (event.kind) {
    case "installed":
      return { title: events.installed, details: [] };
    case "protocol":
      return {
        title: events.protocol(event.refrigerant, event.chargeKg === null ? null : kg.format(event.chargeKg)),
        details: event.technicianName ? [event.technicianName] : [],
      };
    case "service":
      return { title: events.service(event.serviceType), details: [event.technician, event.actions].filter((d): d is string => !!d) };
    case "leak-check": {
      const check = event.check;
      const title = events.leakCheck(LEAK_CHECK_RESULT_LABELS[check.result], LEAK_CHECK_METHOD_LABELS[check.method]);
      return {
        title: check.followUp ? `${title}, ${events.leakCheckFollowUp}` : title,
        details: [events.amounts(kg.format(check.addedKg), kg.format(check.recoveredKg)), events.by(check.technicianName, check.certificate)],
      };
    }
  }
}

function EditForm({ productId, entry, onDone }: { productId: number; entry: RegisterEntry; onDone: () => void }) {
  const id = useId();
  const save = useSaveRefrigerant(productId);
  const [refrigerant, setRefrigerant] = useState<string>(entry.source === "product" ? (entry.refrigerant ?? "") : "");
  const [charge, setCharge] = useState(entry.source === "product" && entry.chargeKg !== null ? String(entry.chargeKg).replace(".", ",") : "");
  const [leakDetection, setLeakDetection] = useState(entry.leakDetection);
  const [sealed, setSealed] = useState(entry.hermeticallySealed);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { refrigerant: refrigerant === "" ? null : (refrigerant as Refrigerant), chargeKg: parsedCharge(charge), leakDetection, hermeticallySealed: sealed },
      {
        onSuccess: () => {
          toast({ title: text.saved });
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure, text.saveFailed)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border border-slate-200 p-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-refrigerant`}>{text.refrigerant}</Label>
          <Select id={`${id}-refrigerant`} value={refrigerant} onChange={(e) => setRefrigerant(e.target.value)}>
            <option value="">{text.noRefrigerant}</option>
            {REFRIGERANT_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        <TextField
          id={`${id}-charge`}
          label={text.chargeKg}
          hint={text.chargeHint}
          inputMode="decimal"
          autoComplete="off"
          value={charge}
          onChange={(e) => setCharge(e.target.value)}
        />
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" className="size-4 accent-brand-700" checked={leakDetection} onChange={(e) => setLeakDetection(e.target.checked)} />
        {text.leakDetection}
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" className="size-4 accent-brand-700" checked={sealed} onChange={(e) => setSealed(e.target.checked)} />
        {text.hermeticallySealed}
      </label>
      {error && (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.saving : text.save}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {text.cancel}
        </Button>
      </div>
    </form>
  );
}

/**
 * A product's refrigerant register entry (issue 26): what it holds and its check duty, editable by the
 * admin, and its history as one timeline (installation, protocols, services, leak checks), newest first.
 */
export function ProductRefrigerantSection({ productId }: { productId: number }) {
  const heading = useId();
  const timeline = useTimeline(productId);
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby={heading} className="grid gap-2">
      <h3 id={heading} className="font-semibold text-slate-900">
        {text.heading}
      </h3>
      {timeline.isPending ? (
        <Spinner label={text.loading} className="py-4" />
      ) : timeline.isError ? (
        <p role="alert">{text.loadFailed}</p>
      ) : (
        <>
          <Summary entry={timeline.data.entry} />
          {editing ? (
            <EditForm productId={productId} entry={timeline.data.entry} onDone={() => setEditing(false)} />
          ) : (
            <Button variant="outline" className="justify-self-start" onClick={() => setEditing(true)}>
              {text.edit}
            </Button>
          )}
          <h4 className="mt-2 font-medium text-slate-900">{text.timeline}</h4>
          {timeline.data.events.length === 0 ? (
            <p>{text.noEvents}</p>
          ) : (
            <ol className="grid gap-2 border-l border-slate-200 pl-3">
              {timeline.data.events.map((event, i) => {
                const { title, details } = eventText(event);
                return (
                  <li key={i}>
                    <p className="text-slate-900">
                      <span className="tabular-nums">{formatListDate(event.date)}</span> · {title}
                    </p>
                    {details.map((detail) => (
                      <p key={detail} className="break-words">
                        {detail}
                      </p>
                    ))}
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
