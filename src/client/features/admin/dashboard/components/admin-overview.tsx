import { AlertTriangle, CalendarCheck, CalendarClock, CheckCheck, DatabaseBackup, MailWarning, Receipt, Sparkles, UserX } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { AdminOverview as Overview } from "@/common/schemas/admin-bookings";
import type { OverviewAlert } from "@/common/schemas/operations";
import { joinPresent } from "../../lib/format";
import { formatListDate, formatListDateTime } from "@/common/format";
import { formatOre } from "@/common/invoicing/money";
import { useAdminOverview } from "../api/get-admin-overview";
import { useMarkBookingsSeen } from "../api/mark-bookings-seen";
import { adminDashboardText } from "../text";
import { staffTimeText } from "@/common/booking-rules";
import { weekStart } from "@/common/planning/week";

const text = adminDashboardText.overview;

type OverviewBooking = Overview["today"][number];

/** New bookings shown on the overview; the rest are in the booking list, newest first. */
const NEW_BOOKINGS_SHOWN = 6;
/** The server sends at most this many new bookings. */
const NEW_BOOKINGS_MAX = 50;
const countText = (n: number) => (n >= NEW_BOOKINGS_MAX ? `${NEW_BOOKINGS_MAX}+` : String(n));

/** One booking as a link to its page: time (and date unless it is today's list), customer, place, technician. */
function BookingRow({ booking, showDate }: { booking: OverviewBooking; showDate: boolean }) {
  return (
    <li>
      <Link
        to={`/admin/bookings/${booking.id}`}
        className="grid gap-0.5 rounded-lg border border-slate-200 bg-white p-3 text-sm transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-semibold tabular-nums text-slate-900">
            {showDate && `${formatListDate(booking.date)} `}
            {staffTimeText(booking)}
          </span>
          <span className="text-slate-700">{SERVICE_TYPE_LABELS[booking.serviceType]}</span>
        </span>
        <span className="font-medium text-brand-800">
          {booking.customerName}
          <span className="sr-only">, {text.bookingLink(booking.id)}</span>
        </span>
        <span className="text-slate-700">{joinPresent([booking.address, booking.city])}</span>
        <span className="text-slate-700">
          {text.technician}: {booking.technician?.name ?? text.noTechnician}
        </span>
      </Link>
    </li>
  );
}

/** At most `limit` rows; the rest are one click away in the booking list. */
function BookingRows({
  items,
  showDate,
  empty,
  limit,
  moreLink,
}: {
  items: OverviewBooking[];
  showDate: boolean;
  empty: string;
  limit?: number;
  moreLink?: { to: string; label: string };
}) {
  if (items.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  const shown = limit !== undefined ? items.slice(0, limit) : items;
  return (
    <>
      <ul className="grid gap-2">
        {shown.map((booking) => (
          <BookingRow key={booking.id} booking={booking} showDate={showDate} />
        ))}
      </ul>
      {moreLink && shown.length < items.length && (
        <Link to={moreLink.to} className="text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
          {moreLink.label}
        </Link>
      )}
    </>
  );
}

function OverviewCard({ title, icon, action, children }: { title: string; icon: ReactNode; action?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="flex flex-col">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <CardTitle as="h2" id={titleId} className="flex items-center gap-2 text-lg">
          {icon}
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent className="grid content-start gap-3">{children}</CardContent>
    </Card>
  );
}

function NewBookings({ newBookings }: { newBookings: Overview["newBookings"] }) {
  const markSeen = useMarkBookingsSeen();
  const action =
    newBookings.items.length > 0 ? (
      <Button
        variant="outline"
        size="sm"
        disabled={markSeen.isPending}
        onClick={() =>
          markSeen.mutate(undefined, {
            onSuccess: () => toast({ title: text.markSeenDone }),
            onError: () => toast({ variant: "destructive", title: text.markSeenFailedTitle, description: text.markSeenFailed }),
          })
        }
      >
        <CheckCheck aria-hidden="true" />
        {markSeen.isPending ? text.markingSeen : text.markSeen}
      </Button>
    ) : undefined;
  return (
    <OverviewCard
      title={`${text.newBookings} (${countText(newBookings.items.length)})`}
      icon={<Sparkles className="size-5 text-brand-700" aria-hidden="true" />}
      action={action}
    >
      <p className="text-sm text-slate-700">{newBookings.since ? text.newSince(formatListDateTime(newBookings.since)) : text.newDefault}</p>
      <BookingRows
        items={newBookings.items}
        showDate
        empty={text.newEmpty}
        limit={NEW_BOOKINGS_SHOWN}
        moreLink={{ to: "/admin/bookings?sort=created_desc", label: text.showAllNew }}
      />
    </OverviewCard>
  );
}

function Attention({ attention }: { attention: Overview["attention"] }) {
  const { unassignedNextWeek, failedEmails, busyDays, overdueInvoices } = attention;
  const count = unassignedNextWeek.length + failedEmails.length + busyDays.length + overdueInvoices.count;
  return (
    <OverviewCard title={`${text.attention} (${count})`} icon={<AlertTriangle className="size-5 text-amber-700" aria-hidden="true" />}>
      {count === 0 ? (
        <p className="text-sm text-slate-700">{text.attentionEmpty}</p>
      ) : (
        <>
          <section aria-labelledby="overview-unassigned" className="grid gap-2">
            <h3 id="overview-unassigned" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <UserX className="size-4" aria-hidden="true" />
              {text.unassigned}
            </h3>
            <BookingRows items={unassignedNextWeek} showDate empty={text.unassignedEmpty} />
          </section>
          {busyDays.length > 0 && (
            <section aria-labelledby="overview-busy-days" className="grid gap-2">
              <h3 id="overview-busy-days" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                <CalendarClock className="size-4" aria-hidden="true" />
                {text.busyDays}
              </h3>
              <ul className="grid gap-2">
                {busyDays.map((day) => (
                  <li key={day.date} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
                    <Link className="font-medium underline underline-offset-2" to={`/admin/technicians?vecka=${weekStart(day.date)}`}>
                      {formatListDate(day.date)}
                    </Link>
                    : {text.busyDay(day.bookedHours, day.availableHours, day.percent)}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {overdueInvoices.count > 0 && (
            <section aria-labelledby="overview-overdue-invoices" className="grid gap-2">
              <h3 id="overview-overdue-invoices" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                <Receipt className="size-4" aria-hidden="true" />
                {text.overdueInvoices}
              </h3>
              <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
                {text.overdueInvoicesLine(overdueInvoices.count, formatOre(overdueInvoices.leftOre))}{" "}
                <Link className="font-medium underline underline-offset-2" to="/admin/invoices?status=overdue">
                  {text.overdueInvoicesLink}
                </Link>
              </p>
            </section>
          )}
          <section aria-labelledby="overview-failed-emails" className="grid gap-2">
            <h3 id="overview-failed-emails" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <MailWarning className="size-4" aria-hidden="true" />
              {text.failedEmails}
            </h3>
            {failedEmails.length === 0 ? (
              <p className="text-sm text-slate-700">{text.failedEmailsEmpty}</p>
            ) : (
              <ul className="grid gap-2">
                {failedEmails.map((mail) => (
                  <li key={mail.id} className="grid gap-0.5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
                    <span className="font-medium text-slate-900">{mail.subject}</span>
                    <span className="text-slate-800">
                      {text.emailTo}: {mail.to} · {formatListDateTime(mail.createdAt)}
                    </span>
                    {mail.lastError && (
                      <span className="text-slate-800 [overflow-wrap:anywhere]">
                        {text.emailError}: {mail.lastError}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </OverviewCard>
  );
}

function AlertText({ alert }: { alert: OverviewAlert }) {
  if (alert.kind === "outbox-failing") {
    return (
      <>
        <p className="font-semibold">{text.alerts.outboxFailing(alert.count)}</p>
        <p>{text.alerts.outboxSince(formatListDateTime(alert.since))}</p>
        <Link to="/admin/integrations" className="font-medium text-red-900 underline underline-offset-4 hover:text-red-950">
          {text.alerts.outboxLink}
        </Link>
      </>
    );
  }
  return (
    <>
      <p className="font-semibold">{text.alerts.backupFailed(formatListDateTime(alert.since))}</p>
      {alert.message && (
        <p className="[overflow-wrap:anywhere]">
          {text.alerts.backupReason}: {alert.message}
        </p>
      )}
      <Link to="/admin/integrations" className="font-medium text-red-900 underline underline-offset-4 hover:text-red-950">
        {text.alerts.backupLink}
      </Link>
    </>
  );
}

/**
 * Issue 24: what operators must fix (e-mail failing for over an hour, a failed backup), in red above
 * the overview, read out by screen readers as the page opens.
 */
function OperationalAlerts({ alerts }: { alerts: OverviewAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    // The alert role on a wrapper: on the list itself it would take the place of the list's role.
    <div role="alert">
      <ul className="grid gap-2">
        {alerts.map((alert) => (
          <li key={alert.kind} className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900">
            {alert.kind === "outbox-failing" ? (
              <MailWarning className="size-5 shrink-0 text-red-700" aria-hidden="true" />
            ) : (
              <DatabaseBackup className="size-5 shrink-0 text-red-700" aria-hidden="true" />
            )}
            <div className="grid justify-items-start gap-1">
              <AlertText alert={alert} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /admin at a glance (issue 14), above the tabs of cards: one request for all three parts. */
export function AdminOverview() {
  const overview = useAdminOverview();
  return (
    <section aria-labelledby="admin-overview-heading" aria-busy={overview.isFetching || undefined} className="mt-6 grid gap-4">
      <h2 id="admin-overview-heading" className="sr-only">
        {text.heading}
      </h2>
      {overview.isPending ? (
        <Spinner label={text.loading} className="py-8" />
      ) : overview.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p role="alert" className="font-medium text-red-800">
            {text.loadFailed}
          </p>
          <Button variant="outline" size="sm" onClick={() => void overview.refetch()}>
            {text.retry}
          </Button>
        </div>
      ) : (
        <>
          <OperationalAlerts alerts={overview.data.alerts} />
          <div className="grid gap-4 lg:grid-cols-3">
            <OverviewCard title={`${text.today} (${overview.data.today.length})`} icon={<CalendarCheck className="size-5 text-brand-700" aria-hidden="true" />}>
              <BookingRows items={overview.data.today} showDate={false} empty={text.todayEmpty} />
            </OverviewCard>
            <NewBookings newBookings={overview.data.newBookings} />
            <Attention attention={overview.data.attention} />
          </div>
        </>
      )}
    </section>
  );
}
