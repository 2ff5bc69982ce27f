import { Download, FileCode2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { TextField } from "@/client/components/ui/text-field";
import { ROT_CLAIMS_XML_URL, SIE_EXPORT_URL } from "../api/downloads";
import { invoicesText } from "../text";

const text = invoicesText.exports;

/** The first and last day of the month before `today` ('YYYY-MM-DD'): the period most often exported. */
export function previousMonth(today: string): { from: string; to: string } {
  const [year, month] = today.split("-").map(Number);
  const start = new Date(Date.UTC(year, month - 2, 1));
  const end = new Date(Date.UTC(year, month - 1, 0));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

/**
 * The files for Skatteverket and the bookkeeping: the ROT claim file as a link, the SIE export as a
 * plain GET form (the browser saves what the server sends; the period is checked before it goes).
 */
export function ExportsPanel({ today }: { today: string }) {
  const id = useId();
  const [period, setPeriod] = useState(() => previousMonth(today));
  const [error, setError] = useState<{ field: "from" | "to"; message: string } | null>(null);

  const check = (event: FormEvent<HTMLFormElement>) => {
    const problem = !period.from
      ? { field: "from" as const, message: text.dateRequired }
      : !period.to
        ? { field: "to" as const, message: text.dateRequired }
        : period.to < period.from
          ? { field: "to" as const, message: text.periodOrder }
          : null;
    setError(problem);
    if (problem) event.preventDefault();
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {text.heading}
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="grid content-start gap-2">
          <h3 className="font-semibold text-slate-900">{text.rotClaimTitle}</h3>
          <p className="text-sm text-slate-700">{text.rotClaimText}</p>
          <a href={ROT_CLAIMS_XML_URL} download className={buttonVariants({ variant: "outline", className: "justify-self-start" })}>
            <FileCode2 aria-hidden="true" />
            {text.rotClaimLink}
          </a>
        </div>
        <form method="get" action={SIE_EXPORT_URL} onSubmit={check} noValidate aria-labelledby={`${id}-sie`} className="grid content-start gap-3">
          <h3 id={`${id}-sie`} className="font-semibold text-slate-900">
            {text.sieTitle}
          </h3>
          <p className="text-sm text-slate-700">{text.sieText}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              id={`${id}-from`}
              name="from"
              type="date"
              label={text.from}
              required
              value={period.from}
              error={error?.field === "from" ? error.message : undefined}
              onChange={(event) => setPeriod({ ...period, from: event.target.value })}
            />
            <TextField
              id={`${id}-to`}
              name="to"
              type="date"
              label={text.to}
              required
              value={period.to}
              error={error?.field === "to" ? error.message : undefined}
              onChange={(event) => setPeriod({ ...period, to: event.target.value })}
            />
          </div>
          <Button type="submit" variant="outline" className="justify-self-start">
            <Download aria-hidden="true" />
            {text.sieSubmit}
          </Button>
        </form>
      </div>
    </section>
  );
}
