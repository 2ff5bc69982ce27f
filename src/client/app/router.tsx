import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { Spinner } from "@/client/components/ui/spinner";
import LandingPage from "@/client/features/landing/landing-page";
import { PublicLayout } from "./layouts/public-layout";
import { RootLayout } from "./layouts/root-layout";
import { NotFoundPage } from "./not-found-page";
import { RouteError } from "./route-error";

// Every path is written out in full so `grep '"/admin/dashboard"'` finds its route.
// Route groups load lazily: the landing page is the only page in the entry chunk, and public pages
// never download admin or technician code (DESIGN.md: lazy routes per portal).

/** Turns `() => import("./page")` (default export) into a react-router `lazy` loader. */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

const publicRoutes: RouteObject[] = [
  { path: "/", element: <LandingPage /> },
  // The booking wizard is its own feature; this route only knows its default export.
  { path: "/booking", lazy: page(() => import("@/client/features/booking/booking-page")) },
  { path: "/login", lazy: page(() => import("@/client/features/auth/login-page")) },
  { path: "/admin/login", lazy: page(() => import("@/client/features/auth/admin-login-page")) },
  { path: "/policies/terms", lazy: page(() => import("@/client/features/policies/terms-page")) },
  { path: "/policies/privacy", lazy: page(() => import("@/client/features/policies/privacy-page")) },
  { path: "/policies/cookies", lazy: page(() => import("@/client/features/policies/cookies-page")) },
  { path: "*", element: <NotFoundPage /> },
];

const loadAdminDashboard = page(() => import("@/client/features/admin/dashboard/admin-dashboard-page"));

/** Admin pages: behind RequireAdmin (SPEC §6). Add new admin screens here with their full path. */
const adminRoutes: RouteObject[] = [
  { path: "/admin", lazy: loadAdminDashboard },
  { path: "/admin/dashboard", lazy: loadAdminDashboard },
];

/** Technician portal: behind RequireTechnician (SPEC §6). */
const technicianRoutes: RouteObject[] = [
  { path: "/technician", lazy: page(() => import("@/client/features/technician/technician-dashboard-page")) },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner className="min-h-dvh" />,
    children: [
      { element: <PublicLayout />, errorElement: <RouteError />, children: publicRoutes },
      {
        lazy: page(() => import("@/client/app/guards/require-admin")),
        errorElement: <RouteError />,
        children: adminRoutes,
      },
      {
        lazy: page(() => import("@/client/app/guards/require-technician")),
        errorElement: <RouteError />,
        children: technicianRoutes,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
