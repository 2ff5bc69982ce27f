import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { deferredPart } from "@/client/lib/deferred-hydration";
import { currentTitle } from "../page-titles";
import { RouteErrorBoundary } from "../route-error-boundary";
import { appText } from "../text";
import { ScrollToTop } from "./scroll-to-top";
import { SiteHeader } from "./site-header";

// Below the fold on every page: hydrated on the first interaction (lib/deferred-hydration).
const SiteFooter = deferredPart(async () => (await import("./site-footer")).SiteFooter);

/** The frame of every page: skip link, top navigation, main landmark (with the page), footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = currentTitle(pathname);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:outline-2 focus:outline-brand-700"
      >
        {appText.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* A page that throws, or whose chunk cannot load, shows RouteError; the next page starts afresh. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense
            fallback={
              <p role="status" className="py-12 text-center text-slate-700">
                {appText.loading}
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
