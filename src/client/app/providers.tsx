import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToasterHost } from "@/client/components/ui/toaster-host";
import { QueryClientOverride } from "@/client/lib/query-client-override";

/**
 * Everything every page needs: the toasts (the chat's shared state is a store, lib/chat-launcher). Server state
 * (TanStack Query) is provided by the pages that use it (lib/query-scope), so the landing and policy
 * pages do not load it; `queryClient` replaces the app's client there (tests).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientOverride.Provider value={queryClient ?? null}>
      {children}
      <ToasterHost />
    </QueryClientOverride.Provider>
  );
}
