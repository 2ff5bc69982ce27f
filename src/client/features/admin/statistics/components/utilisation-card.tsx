import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import type { Statistics } from "@/common/schemas/statistics";
import { statisticsPageText } from "../text";

const text = statisticsPageText.utilisation;

type Utilisation = Statistics["utilisation"][number];

/**
 * rules D25: how much of each technician's bookable time the period's active visits use. A table a
 * screen reader can walk (caption, column headers, the name as each row's header); the bar is for
 * the eye only and stops at 100 % (more booked than bookable, e.g. visits during an absence, still
 * shows its real percent). Three narrow columns whose texts wrap: no sideways scroll on a 360 px phone.
 */
export function UtilisationCard({ utilisation }: { utilisation: Utilisation[] }) {
  return (
    <Card role="region" aria-labelledby="statistics-utilisation">
      <CardHeader>
        <CardTitle as="h2" id="statistics-utilisation">
          {text.heading}
        </CardTitle>
        <CardDescription>{text.intro}</CardDescription>
      </CardHeader>
      <CardContent>
        {utilisation.length === 0 ? (
          <p className="text-sm text-slate-700">{text.empty}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{text.heading}</caption>
            <thead>
              <tr className="text-slate-700">
                <th scope="col" className="py-2 pr-2 font-semibold">
                  {text.column.name}
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  {text.column.hours}
                </th>
                <th scope="col" className="w-24 py-2 pl-2 text-right font-semibold sm:w-48">
                  {text.column.percent}
                </th>
              </tr>
            </thead>
            <tbody>
              {utilisation.map((row) => (
                <UtilisationRow key={row.technicianId} row={row} />
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function UtilisationRow({ row }: { row: Utilisation }) {
  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="py-2 pr-2 font-medium [overflow-wrap:anywhere] text-slate-900">
        {row.name}
      </th>
      <td className="px-2 py-2 tabular-nums">{text.hours(row.bookedHours, row.availableHours)}</td>
      <td className="py-2 pl-2 text-right tabular-nums">
        {row.percent === null ? (
          <>
            <span aria-hidden="true">{text.noPercent}</span>
            <span className="sr-only">{text.noPercentLabel}</span>
          </>
        ) : (
          <div className="grid gap-1">
            <span>{text.percent(row.percent)}</span>
            <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
              <div className="h-full rounded-full bg-brand-700" style={{ width: `${Math.min(Math.max(row.percent, 0), 100)}%` }} />
            </div>
          </div>
        )}
      </td>
    </tr>
  );
}
