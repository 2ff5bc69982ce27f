import {
  BarChart3,
  CalendarDays,
  CalendarPlus,
  CalendarX,
  ClipboardList,
  History,
  KeyRound,
  Bell,
  Package,
  Plug,
  Route,
  Settings,
  Users,
  UserCog,
  Contact,
  Receipt,
  FileSignature,
  Snowflake,
  type LucideIcon,
} from "lucide-react";
import { useSearchParams } from "react-router";
import { Link } from "@/client/components/ui/link";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useCurrentUser } from "@/client/lib/auth";
import { AdminOverview } from "./components/admin-overview";
import { adminDashboardText as text } from "./text";

const TABS = ["bookings", "customers", "planning", "settings"] as const;
type DashboardTab = (typeof TABS)[number];

type DashboardCard = { to: string; icon: LucideIcon; title: string; description: string };

// rules §2 Admin dashboard: four tabs, each a grid of cards linking to the admin screens.
const CARDS: Record<DashboardTab, DashboardCard[]> = {
  bookings: [
    { to: "/admin/bookings", icon: CalendarDays, ...text.cards.bookings },
    { to: "/admin/bookings/new", icon: CalendarPlus, ...text.cards.newBooking },
    { to: "/admin/blocked-times", icon: CalendarX, ...text.cards.blockedTimes },
    { to: "/admin/invoices", icon: Receipt, ...text.cards.invoices },
  ],
  customers: [
    { to: "/admin/customers", icon: Contact, ...text.cards.customers },
    { to: "/admin/products", icon: Package, ...text.cards.products },
    { to: "/admin/agreements", icon: FileSignature, ...text.cards.agreements },
    { to: "/admin/refrigerant-register", icon: Snowflake, ...text.cards.refrigerantRegister },
    { to: "/admin/service-reminders", icon: Bell, ...text.cards.serviceReminders },
    { to: "/admin/service-history", icon: History, ...text.cards.serviceHistory },
  ],
  planning: [
    { to: "/admin/route-optimization", icon: Route, ...text.cards.routeOptimization },
    { to: "/admin/technicians", icon: UserCog, ...text.cards.technicians },
    { to: "/admin/protocols", icon: ClipboardList, ...text.cards.protocols },
    { to: "/admin/statistics", icon: BarChart3, ...text.cards.statistics },
  ],
  settings: [
    { to: "/admin/settings", icon: Settings, ...text.cards.settings },
    { to: "/admin/users", icon: Users, ...text.cards.users },
    { to: "/admin/integrations", icon: Plug, ...text.cards.integrations },
    { to: "/admin/security", icon: KeyRound, ...text.cards.security },
  ],
};

function isTab(value: string | null): value is DashboardTab {
  return value !== null && (TABS as readonly string[]).includes(value);
}

function CardGrid({ cards }: { cards: DashboardCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map(({ to, icon: Icon, title, description }) => (
        <li key={to}>
          <Link
            to={to}
            className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <span>
              <span className="block text-lg font-semibold text-slate-900">{title}</span>
              <span className="mt-1 block text-sm text-slate-700">{description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /admin and /admin/dashboard: the tab comes from ?tab= (default bookings) and is kept in the URL. */
export default function AdminDashboardPage() {
  const { data: user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: DashboardTab = isTab(requested) ? requested : "bookings";

  const onTabChange = (value: string) => {
    if (!isTab(value)) return;
    const next = new URLSearchParams(searchParams);
    next.set("tab", value);
    setSearchParams(next, { replace: true, preventScrollReset: true, state: { keepScroll: true } });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.title}</h1>
      <p className="mt-1 text-slate-700">{user ? text.signedInAs(user.name) : text.intro}</p>

      <AdminOverview />

      <Tabs value={tab} onValueChange={onTabChange} className="mt-6">
        <TabsList aria-label={text.tabsLabel} className="grid grid-cols-2 sm:inline-flex sm:w-auto">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {text.tabs[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((value) => (
          <TabsContent key={value} value={value} className="mt-6">
            <CardGrid cards={CARDS[value]} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
