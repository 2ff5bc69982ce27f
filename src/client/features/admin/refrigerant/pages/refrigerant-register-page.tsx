import { useSearchParams } from "react-router";
import { BackLink } from "@/client/components/back-link";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { formatListDate } from "@/common/format";
import { LEAK_CHECK_RESULT_LABELS, REGISTER_FILTERS, type RegisterEntry, type RegisterFilter } from "@/common/schemas/refrigerant";
import { cn } from "@/client/lib/cn";
import { LoadFailed } from "../../components/load-failed";
import { useRegister } from "../api/get-register";
import { registerText as text } from "../text";

const kg = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 3 });
const tonnes = new Intl.NumberFormat("sv-SE", { minimumFractionDigits: 3, maximumFractionDigits: 3 });

const STATUS_STYLE: Record<RegisterEntry["status"], string> = {
  overdue: "border-red-300 bg-red-50 text-red-900",
  "due-soon": "border-amber-300 bg-amber-50 text-amber-900",
  ok: "border-emerald-300 bg-emerald-50 text-emerald-900",
  none: "border-slate-300 bg-slate-50 text-slate-900",
};

const isFilter = (value: string | null): value is RegisterFilter => REGISTER_FILTERS.includes(value as RegisterFilter);

function EntryCard({ entry, year }: { entry: RegisterEntry; year: number }) {
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold text-slate-900">{entry.customerName}</p>
          <p className="break-words text-sm text-slate-700">
            {entry.product}
            {entry.serialNumber ? ` (SN ${entry.serialNumber})` : ""} · {entry.customerCity}
          </p>
        </div>
        <span className={cn("rounded-full border px-2.5 py-0.5 text-sm font-medium", STATUS_STYLE[entry.status])}>{text.status[entry.status]}</span>
      </div>
      {entry.refrigerant && entry.chargeKg !== null && entry.co2eTonnes !== null && (
        <p className="text-slate-900">{text.charge(entry.refrigerant, kg.format(entry.chargeKg), tonnes.format(entry.co2eTonnes))}</p>
      )}
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        {entry.intervalMonths !== null && (
          <div>
            <dt className="sr-only">Intervall</dt>
            <dd className="text-slate-700">
              {text.interval(entry.intervalMonths)}
              {entry.leakDetection ? ` · ${text.leakDetection}` : ""}
            </dd>
          </div>
        )}
        <div>
          <dt className="inline text-slate-700">{text.lastCheck}: </dt>
          <dd className="inline text-slate-900">
            {entry.lastCheck ? `${formatListDate(entry.lastCheck.date)}, ${LEAK_CHECK_RESULT_LABELS[entry.lastCheck.result].toLowerCase()}` : text.noCheck}
          </dd>
        </div>
        {entry.nextDue && (
          <div>
            <dt className="inline text-slate-700">{text.nextDue}: </dt>
            <dd className="inline font-medium text-slate-900">{formatListDate(entry.nextDue)}</dd>
          </div>
        )}
      </dl>
      {entry.followUp && <p className="text-sm font-medium text-red-900">{text.followUp(formatListDate(entry.followUp.latest))}</p>}
      {entry.source === "protocol" && <p className="text-sm text-slate-700">{text.fromProtocol}</p>}
      <a
        href={`/api/admin/customers/${entry.customerId}/refrigerant-report/${year}.pdf`}
        aria-label={text.reportLabel(year, entry.customerName)}
        className="justify-self-start text-sm text-brand-800 underline"
      >
        {text.report(year)}
      </a>
    </li>
  );
}

/**
 * /admin/refrigerant-register (issue 26): every unit with a leak-check duty, overdue first, with its
 * refrigerant, charge and CO₂e, interval, last check and next due date, and the customer's yearly
 * report. The status filter is kept in the URL.
 */
export default function RefrigerantRegisterPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status: RegisterFilter = isFilter(raw) ? raw : "all";
  const register = useRegister(status);
  const year = new Date().getFullYear();

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-3">
        <BackLink to="/admin?tab=customers">{text.backToAdmin}</BackLink>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.heading}</h1>
        <p className="text-slate-700">{text.intro}</p>
      </div>
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="register-status">{text.filterLabel}</Label>
        <Select
          id="register-status"
          value={status}
          onChange={(event) => setParams(event.target.value === "all" ? {} : { status: event.target.value }, { replace: true })}
        >
          {REGISTER_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {text.filters[filter]}
              {register.data && filter !== "all" ? ` (${register.data.counts[filter]})` : ""}
            </option>
          ))}
        </Select>
      </div>
      <section aria-labelledby="register-results-heading" className="grid gap-3">
        <h2 id="register-results-heading" className="text-lg font-semibold text-slate-900">
          {register.data ? text.count(register.data.entries.length) : text.heading}
        </h2>
        {register.isPending ? (
          <Spinner label={text.loading} />
        ) : register.isError ? (
          <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={() => void register.refetch()} />
        ) : register.data.entries.length === 0 ? (
          <p className="text-slate-700">{text.empty}</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {register.data.entries.map((entry) => (
              <EntryCard key={entry.productId} entry={entry} year={year} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
