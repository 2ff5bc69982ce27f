import { Clock, MapPin, UserRound } from "lucide-react";
import { BookingStatusBadge } from "@/client/components/ui/booking-status-badge";
import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { staffTimeText, technicianMay } from "@/common/booking-rules";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { TechnicianVisit } from "@/common/schemas/technician";
import { formatListDate } from "@/common/format";
import { technicianText as text } from "../text";

/** 'Påbörja service' where the visit can still be started (rules §2; rules D7: planned or confirmed). */
function VisitActions({ visit }: { visit: TechnicianVisit }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`/technician/booking/${visit.id}`}
        className={buttonVariants({ variant: "outline", size: "sm" })}
        aria-label={`${text.showDetails}: ${visit.customerName}`}
      >
        {text.showDetails}
      </Link>
      {technicianMay("start", visit.status) && (
        <Link to={`/technician/service/${visit.id}`} className={buttonVariants({ size: "sm" })} aria-label={`${text.startService}: ${visit.customerName}`}>
          {text.startService}
        </Link>
      )}
    </div>
  );
}

/** The day's visits as cards: on a phone everything a technician needs at a glance. */
export function VisitCards({ visits, showDate = false }: { visits: TechnicianVisit[]; showDate?: boolean }) {
  return (
    <ul className="grid gap-3" aria-label={text.tabsLabel}>
      {visits.map((visit) => (
        <li key={visit.id} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <p className="flex items-center gap-1.5 font-semibold text-slate-900">
                <Clock className="size-4 text-slate-600" aria-hidden="true" />
                {showDate && `${formatListDate(visit.date)}, `}
                {staffTimeText(visit)}
              </p>
              <p className="text-sm text-slate-700">{SERVICE_TYPE_LABELS[visit.serviceType]}</p>
            </div>
            <BookingStatusBadge status={visit.status} />
          </div>
          <div className="grid gap-1 text-sm text-slate-800">
            <p className="flex items-center gap-1.5 font-medium">
              <UserRound className="size-4 text-slate-600" aria-hidden="true" />
              {visit.customerName}
            </p>
            <p className="flex items-center gap-1.5">
              <MapPin className="size-4 text-slate-600" aria-hidden="true" />
              {visit.address}, {visit.postalCode} {visit.city}
            </p>
            <p className="text-slate-700">{visit.technician ? text.assignedTo(visit.technician.name) : text.unassigned}</p>
          </div>
          <VisitActions visit={visit} />
        </li>
      ))}
    </ul>
  );
}

/** The coming visits as the table of rules §2 (date, time, type, customer, place, status); cards on a phone. */
export function VisitTable({ visits }: { visits: TechnicianVisit[] }) {
  return (
    <>
      <div className="sm:hidden">
        <VisitCards visits={visits} showDate />
      </div>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white sm:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              {[text.columns.date, text.columns.time, text.columns.type, text.columns.customer, text.columns.place, text.columns.status].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-3 font-medium">
                  {heading}
                </th>
              ))}
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">{text.showDetails}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {visits.map((visit) => (
              <tr key={visit.id}>
                <td className="px-4 py-3 whitespace-nowrap">{formatListDate(visit.date)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{staffTimeText(visit)}</td>
                <td className="px-4 py-3">{SERVICE_TYPE_LABELS[visit.serviceType]}</td>
                <td className="px-4 py-3 font-medium text-slate-900">{visit.customerName}</td>
                <td className="px-4 py-3">{visit.city}</td>
                <td className="px-4 py-3">
                  <BookingStatusBadge status={visit.status} />
                </td>
                <td className="px-4 py-3">
                  <VisitActions visit={visit} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
