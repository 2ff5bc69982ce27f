import { matchRoutes, useRoutes, type RouteObject } from "react-router";
import LandingPage from "@/client/features/landing/landing-page";
import { registerRoutePrefetcher } from "@/client/lib/route-prefetch";
import { withPublicStyles } from "@/client/lib/with-public-styles";
import { PublicLayout } from "./layouts/public-layout";
import { RootLayout } from "./layouts/root-layout";
import { lazyPage, type LazyPage } from "./lazy-page";

// Every path is written out in full so `grep '"/admin/dashboard"'` finds its route.
// Route groups load lazily: the landing page is the only page in the entry chunk, and public pages
// never download admin or technician code (DESIGN.md: lazy routes per portal). The other public
// pages load the public stylesheet with their chunk (the entry's CSS is only the landing page's). The routes are
// rendered with useRoutes (react-router's declarative mode): the data router (loaders, actions,
// fetchers) is not used by this app and would add ~17 KB gzip to every page (issue 7 budget).

/** What a route carries for `preloadRoute`. */
type RouteHandle = { preload?: () => Promise<void> };

function lazyRoute(path: string | undefined, Page: LazyPage, children?: RouteObject[]): RouteObject {
  return { path, element: <Page />, handle: { preload: Page.preload } satisfies RouteHandle, children };
}

const BookingPage = lazyPage(withPublicStyles(() => import("@/client/features/booking/booking-page")));
const LoginPage = lazyPage(withPublicStyles(() => import("@/client/features/auth/login-page")));
const AdminLoginPage = lazyPage(withPublicStyles(() => import("@/client/features/auth/admin-login-page")));
const TermsPage = lazyPage(withPublicStyles(() => import("@/client/features/policies/terms-page")));
const PrivacyPage = lazyPage(withPublicStyles(() => import("@/client/features/policies/privacy-page")));
const CookiesPage = lazyPage(withPublicStyles(() => import("@/client/features/policies/cookies-page")));
const BookingLinkPage = lazyPage(withPublicStyles(() => import("@/client/features/booking-link/booking-link-page")));
const CustomerProtocolPage = lazyPage(withPublicStyles(() => import("@/client/features/protocols/pages/customer-protocol-page")));
const InvoiceLinkPage = lazyPage(withPublicStyles(() => import("@/client/features/invoice-link/invoice-link-page")));
const AgreementLinkPage = lazyPage(withPublicStyles(() => import("@/client/features/agreement-link/agreement-link-page")));
const NotFoundPage = lazyPage(withPublicStyles(async () => ({ default: (await import("./not-found-page")).NotFoundPage })));

const publicRoutes: RouteObject[] = [
  { path: "/", element: <LandingPage /> },
  // The booking wizard is its own feature; this route only knows its default export.
  lazyRoute("/booking", BookingPage),
  // The customer's own booking behind their link (rules D9): public, a chunk of its own.
  lazyRoute("/booking/shared/:token", BookingLinkPage),
  lazyRoute("/login", LoginPage),
  lazyRoute("/admin/login", AdminLoginPage),
  lazyRoute("/policies/terms", TermsPage),
  lazyRoute("/policies/privacy", PrivacyPage),
  lazyRoute("/policies/cookies", CookiesPage),
  // The customer's installation protocol behind its unguessable id (rules D10).
  lazyRoute("/protocol/:id", CustomerProtocolPage),
  // The customer's invoice behind its unguessable token (issue 25): public, a chunk of its own.
  lazyRoute("/faktura/:token", InvoiceLinkPage),
  // The customer's service agreement to accept behind its unguessable token (issue 26): public, a chunk of its own.
  lazyRoute("/avtal/:token", AgreementLinkPage),
  lazyRoute("*", NotFoundPage),
];

const RequireAdmin = lazyPage(() => import("@/client/app/guards/require-admin"));
const AdminDashboardPage = lazyPage(() => import("@/client/features/admin/dashboard/admin-dashboard-page"));
const BlockedTimesPage = lazyPage(() => import("@/client/features/admin/blocked-times/blocked-times-page"));
const AdminBookingsListPage = lazyPage(() => import("@/client/features/admin/bookings/pages/bookings-list-page"));
const AdminBookingCreatePage = lazyPage(() => import("@/client/features/admin/bookings/pages/booking-create-page"));
const AdminProtocolsPage = lazyPage(() => import("@/client/features/protocols/pages/admin-protocols-page"));
const AdminBookingDetailPage = lazyPage(() => import("@/client/features/admin/bookings/pages/booking-detail-page"));
const AdminSettingsPage = lazyPage(() => import("@/client/features/admin/settings/settings-page"));
const AdminUsersPage = lazyPage(() => import("@/client/features/admin/users/users-page"));
const AdminIntegrationsPage = lazyPage(() => import("@/client/features/admin/integrations/integrations-page"));
// The customer and product registers with the agreements feature's section in their dialogs (app/admin-*-page).
const AdminCustomersPage = lazyPage(() => import("./admin-customers-page"));
const AdminProductsPage = lazyPage(() => import("./admin-products-page"));
const AdminServiceHistoryPage = lazyPage(() => import("@/client/features/admin/service-history/service-history-page"));
const AdminRouteOptimizationPage = lazyPage(() => import("@/client/features/admin/planning/route-optimization-page"));
const AdminTechnicianPlanningPage = lazyPage(() => import("@/client/features/admin/planning/technician-planning-page"));
const AdminStatisticsPage = lazyPage(() => import("@/client/features/admin/statistics/statistics-page"));
const AdminServiceRemindersPage = lazyPage(() => import("@/client/features/admin/service-reminders/service-reminders-page"));
const AdminInvoicesListPage = lazyPage(() => import("@/client/features/admin/invoices/pages/invoices-list-page"));
const AdminInvoiceEditorPage = lazyPage(() => import("@/client/features/admin/invoices/pages/invoice-editor-page"));
const AdminInvoiceViewPage = lazyPage(() => import("@/client/features/admin/invoices/pages/invoice-view-page"));
const AdminAgreementsListPage = lazyPage(() => import("@/client/features/admin/agreements/pages/agreements-list-page"));
const AdminAgreementCreatePage = lazyPage(() => import("@/client/features/admin/agreements/pages/agreement-create-page"));
const AdminAgreementDetailPage = lazyPage(() => import("@/client/features/admin/agreements/pages/agreement-detail-page"));
const AdminRefrigerantRegisterPage = lazyPage(() => import("@/client/features/admin/refrigerant/pages/refrigerant-register-page"));
const SecurityPage = lazyPage(() => import("@/client/features/security/security-page"));

/** Admin pages: behind RequireAdmin (rules §6). Add new admin screens here with their full path. */
const adminRoutes: RouteObject[] = [
  lazyRoute("/admin", AdminDashboardPage),
  lazyRoute("/admin/dashboard", AdminDashboardPage),
  lazyRoute("/admin/blocked-times", BlockedTimesPage),
  lazyRoute("/admin/bookings", AdminBookingsListPage),
  lazyRoute("/admin/bookings/new", AdminBookingCreatePage),
  lazyRoute("/admin/bookings/:id", AdminBookingDetailPage),
  lazyRoute("/admin/protocols", AdminProtocolsPage),
  lazyRoute("/admin/settings", AdminSettingsPage),
  lazyRoute("/admin/users", AdminUsersPage),
  lazyRoute("/admin/integrations", AdminIntegrationsPage),
  lazyRoute("/admin/customers", AdminCustomersPage),
  lazyRoute("/admin/products", AdminProductsPage),
  lazyRoute("/admin/service-history", AdminServiceHistoryPage),
  lazyRoute("/admin/service-reminders", AdminServiceRemindersPage),
  lazyRoute("/admin/route-optimization", AdminRouteOptimizationPage),
  lazyRoute("/admin/technicians", AdminTechnicianPlanningPage),
  lazyRoute("/admin/statistics", AdminStatisticsPage),
  lazyRoute("/admin/invoices", AdminInvoicesListPage),
  lazyRoute("/admin/invoices/new", AdminInvoiceEditorPage),
  lazyRoute("/admin/invoices/:id", AdminInvoiceViewPage),
  lazyRoute("/admin/invoices/:id/edit", AdminInvoiceEditorPage),
  lazyRoute("/admin/agreements", AdminAgreementsListPage),
  lazyRoute("/admin/agreements/new", AdminAgreementCreatePage),
  lazyRoute("/admin/agreements/:id", AdminAgreementDetailPage),
  lazyRoute("/admin/refrigerant-register", AdminRefrigerantRegisterPage),
  lazyRoute("/admin/security", SecurityPage),
];

const RequireTechnician = lazyPage(() => import("@/client/app/guards/require-technician"));
const TechnicianDashboardPage = lazyPage(() => import("./technician-dashboard-page"));
const TechnicianVisitPage = lazyPage(() => import("@/client/features/technician/pages/visit-page"));
const ServiceReportPage = lazyPage(() => import("@/client/features/technician/pages/service-report-page"));
const ProtocolFormPage = lazyPage(() => import("@/client/features/protocols/pages/protocol-form-page"));
const ProtocolViewPage = lazyPage(() => import("@/client/features/protocols/pages/protocol-view-page"));

/** Technician portal: behind RequireTechnician (rules §6). */
const technicianRoutes: RouteObject[] = [
  lazyRoute("/technician", TechnicianDashboardPage),
  lazyRoute("/technician/booking/:id", TechnicianVisitPage),
  lazyRoute("/technician/service/:id", ServiceReportPage),
  lazyRoute("/technician/protocols/new", ProtocolFormPage),
  lazyRoute("/technician/protocols/:id/edit", ProtocolFormPage),
  lazyRoute("/technician/protocols/edit/:id", ProtocolFormPage),
  lazyRoute("/technician/protocols/:id", ProtocolViewPage),
  lazyRoute("/technician/security", SecurityPage),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      lazyRoute(undefined, RequireAdmin, adminRoutes),
      lazyRoute(undefined, RequireTechnician, technicianRoutes),
    ],
  },
];

/** The page for the current location (inside a BrowserRouter, StaticRouter or a test's memory router). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the chunks of every lazy route matching `pathname` (a guard and its page), so the first
 * render (the prerender on the server, hydration in the browser) does not suspend.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.()));
}

// Links prefetch the page they point to on intent (components/ui/link).
registerRoutePrefetcher(preloadRoute);
