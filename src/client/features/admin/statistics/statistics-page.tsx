import { BarChart3, Bell, CheckCircle2, Coins, FileSignature, Users } from "lucide-react";
import { useSearchParams } from "react-router";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { STATISTICS_PERIOD_LABELS, STATISTICS_PERIODS, type Statistics, type StatisticsPeriod } from "@/common/schemas/statistics";
import { AdminPage } from "../components/admin-page";
import { FigureCard } from "../components/figure-card";
import { useStatistics } from "./api/statistics";
import { UtilisationCard } from "./components/utilisation-card";
import { LoadFailed } from "../components/load-failed";
import { formatListDate } from "@/common/format";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { statisticsPageText as text } from "./text";

type Count = Statistics["byStatus"][number];
const kronor = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 1 });

/**
 * A chart of counts with its table: the chart is for the eye (hidden from screen readers), the
 * table under 'Visa som tabell' carries the same figures for everyone.
 */
function CountChart({ id, title, counts }: { id: string; title: string; counts: Count[] }) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle as="h2" id={id}>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div aria-hidden="true" className="h-56">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={counts} margin={{ top: 8, right: 8, bottom: 8, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="label"
                tick={{ fontSize: 11 }}
                interval={0}
                angle={counts.length > 4 ? -30 : 0}
                textAnchor={counts.length > 4 ? "end" : "middle"}
                height={counts.length > 4 ? 56 : 30}
              />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
              <Tooltip />
              <Bar dataKey="count" name={text.column.count} fill="#1d4ed8" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-brand-800">{text.table}</summary>
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 font-semibold">
                  {title}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {text.column.count}
                </th>
              </tr>
            </thead>
            <tbody>
              {counts.map((c) => (
                <tr key={c.key} className="border-t border-slate-200">
                  <td className="py-1">{c.label}</td>
                  <td className="py-1 text-right tabular-nums">{c.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </CardContent>
    </Card>
  );
}

/** /admin/statistics (rules §2, §9, rules D13; issue 13): the period's real figures, charts and tables. */
export default function StatisticsPage() {
  useDocumentTitle(text.title);
  const [params, setParams] = useSearchParams();
  const period = (STATISTICS_PERIODS as readonly string[]).includes(params.get("period") ?? "") ? (params.get("period") as StatisticsPeriod) : "month";
  const figures = useStatistics(period);
  return (
    <AdminPage back={{ to: "/admin?tab=planning", label: text.back }} title={text.title} intro={text.intro} width="max-w-6xl">
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="statistics-period">{text.period}</Label>
        <Select id="statistics-period" value={period} onChange={(event) => setParams({ period: event.target.value }, { replace: true })}>
          {STATISTICS_PERIODS.map((p) => (
            <option key={p} value={p}>
              {STATISTICS_PERIOD_LABELS[p]}
            </option>
          ))}
        </Select>
      </div>
      {figures.isPending ? (
        <Spinner />
      ) : figures.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={() => void figures.refetch()} />
      ) : (
        <>
          <p className="text-sm text-slate-700">{text.range(formatListDate(figures.data.from), formatListDate(figures.data.to))}</p>
          {/* Cards that wrap by their content: in two fixed columns '30 000 kr' (unbreakable spaces) ran out
              of its card on a 360 px phone (issue 23); a card too wide for half a row takes a row. */}
          <section aria-label={text.title} className="flex flex-wrap gap-3 *:flex-[1_1_9rem]">
            <FigureCard icon={BarChart3} label={text.cards.total} value={figures.data.total} />
            <FigureCard
              icon={CheckCircle2}
              label={text.cards.completionRate}
              value={`${figures.data.completionRate} %`}
              hint={text.cards.completionHint(figures.data.completed, figures.data.total)}
            />
            <FigureCard
              icon={Users}
              label={text.cards.visitsPerCustomer}
              value={decimal.format(figures.data.visitsPerCustomer)}
              hint={text.cards.visitsHint(figures.data.customers)}
            />
            <FigureCard icon={Coins} label={text.cards.revenue} value={kronor.format(figures.data.revenue)} hint={text.cards.revenueHint} />
            <FigureCard
              icon={Bell}
              label={text.cards.reminders}
              value={figures.data.remindersSent}
              hint={text.cards.remindersHint(figures.data.remindersBooked)}
            />
            <FigureCard
              icon={FileSignature}
              label={text.cards.agreements}
              value={figures.data.agreements.active}
              hint={text.cards.agreementsHint(figures.data.agreements.new, figures.data.agreements.ended)}
            />
            <FigureCard
              icon={Coins}
              label={text.cards.agreementsValue}
              value={kronor.format(figures.data.agreements.yearlyValueOre / 100)}
              hint={text.cards.agreementsValueHint}
            />
          </section>
          {figures.data.total === 0 && <p className="text-slate-700">{text.none}</p>}
          <UtilisationCard utilisation={figures.data.utilisation} />
          <div className="grid gap-4 lg:grid-cols-2">
            <CountChart id="chart-status" title={text.charts.byStatus} counts={figures.data.byStatus} />
            <CountChart id="chart-service" title={text.charts.byServiceType} counts={figures.data.byServiceType} />
            <CountChart id="chart-weekday" title={text.charts.byWeekday} counts={figures.data.byWeekday} />
            <CountChart id="chart-slots" title={text.charts.busiestTimeSlots} counts={figures.data.busiestTimeSlots} />
          </div>
        </>
      )}
    </AdminPage>
  );
}
