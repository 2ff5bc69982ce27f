import { KeyRound, LogOut, UserRound } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useCurrentUser, useLogout } from "@/client/lib/auth";
import { isIsoDate, todayIn } from "@/common/booking-rules";
import { ROLE_LABELS, type Role } from "@/common/constants";
import type { TechnicianVisit } from "@/common/schemas/technician";
import { useDayVisits, useUpcomingVisits } from "./api/visits";
import { CalendarFeedPanel } from "./components/calendar-feed-panel";
import { OwnAbsences } from "./components/own-absences";
import { VisitCards, VisitTable } from "./components/visit-list";
import { technicianText as text } from "./text";

const TABS = ["today", "upcoming", "protocols"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => value !== null && (TABS as readonly string[]).includes(value);

/** Loading, failure with a retry, the empty state, or the visits. */
function VisitsState({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: TechnicianVisit[]; refetch: () => unknown };
  empty: string;
  children: (visits: TechnicianVisit[]) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
        <p>{text.loadVisitsFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {text.retry}
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">{empty}</p>;
  return children(query.data);
}

function TodayTab({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  const visits = useDayVisits(date);
  return (
    <div className="grid gap-4">
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="technician-date">{text.dateLabel}</Label>
        <Input id="technician-date" type="date" value={date} onChange={(event) => isIsoDate(event.target.value) && onDateChange(event.target.value)} />
      </div>
      <VisitsState query={visits} empty={text.noVisitsOnDate}>
        {(list) => <VisitCards visits={list} />}
      </VisitsState>
    </div>
  );
}

function UpcomingTab() {
  const visits = useUpcomingVisits();
  return (
    <VisitsState query={visits} empty={text.noUpcoming}>
      {(list) => <VisitTable visits={list} />}
    </VisitsState>
  );
}

/**
 * /technician (rules §2 Technician portal): the header, today's visits with a date picker and the
 * coming ones, and the technician's own coming absences (rules D25). A technician sees their own and the unassigned visits, an admin all (the server decides).
 * Tab and date live in the URL, so Back and a reload keep them. The protocols tab is the protocols
 * feature's, put in by the app (app/technician-dashboard-page): features do not import each other.
 */
export function TechnicianDashboardPage({ protocolsTab }: { protocolsTab: ReactNode }) {
  const { data: user } = useCurrentUser();
  const { logout, isPending } = useLogout();
  const [searchParams, setSearchParams] = useSearchParams();
  const [today] = useState(() => todayIn(new Date()));
  const requestedTab = searchParams.get("tab");
  const tab: Tab = isTab(requestedTab) ? requestedTab : "today";
  const requestedDate = searchParams.get("date");
  const date = requestedDate && isIsoDate(requestedDate) ? requestedDate : today;
  const roleLabel = user ? (ROLE_LABELS[user.role as Role] ?? user.role) : "";

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(searchParams);
    next.set(key, value);
    setSearchParams(next, { replace: true, preventScrollReset: true, state: { keepScroll: true } });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 border-b border-slate-200 pb-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.title}</h1>
          {user && (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
              <UserRound className="size-4" aria-hidden="true" />
              <span className="sr-only">{text.userLabel} </span>
              <span className="font-medium text-slate-900">{user.name}</span>
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
                <span className="sr-only">{text.roleLabel}: </span>
                {roleLabel}
              </span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 self-start sm:self-auto">
          <Link to="/technician/security" className={buttonVariants({ variant: "outline" })}>
            <KeyRound aria-hidden="true" />
            {text.changePassword}
          </Link>
          <Button variant="outline" disabled={isPending} onClick={() => void logout("/login")}>
            <LogOut aria-hidden="true" />
            {isPending ? text.loggingOut : text.logout}
          </Button>
        </div>
      </div>

      <Tabs value={tab} onValueChange={(value) => isTab(value) && setParam("tab", value)} className="mt-6">
        {/* A row that wraps: three equal columns were narrower than 'Kommande uppdrag' on a phone, and
            the labels ran into each other (issue 23). Each tab is as wide as its label, or wider. */}
        <TabsList aria-label={text.tabsLabel} className="flex w-full sm:inline-flex sm:w-auto">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {text.tabs[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="today" className="mt-6">
          <TodayTab date={date} onDateChange={(value) => setParam("date", value)} />
        </TabsContent>
        <TabsContent value="upcoming" className="mt-6">
          <UpcomingTab />
        </TabsContent>
        <TabsContent value="protocols" className="mt-6">
          {protocolsTab}
        </TabsContent>
      </Tabs>
      <OwnAbsences />
      <CalendarFeedPanel />
    </div>
  );
}
