import type { QueryClient } from "@tanstack/react-query";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";

/**
 * The whole app below the router. The browser wraps it in a BrowserRouter (main.tsx), the build's
 * prerender in a StaticRouter (entry-server.tsx) and tests in a memory router, so the prerendered
 * HTML and the hydrated tree come from the same components.
 */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AppRoutes />
    </AppProviders>
  );
}
