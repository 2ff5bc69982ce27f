import { QueryClientProvider } from "@tanstack/react-query";
import { useContext, type ReactNode } from "react";
import { QueryClientOverride } from "./query-client-override";
import { queryClient } from "./query-client";

/**
 * Server state for the pages that use it (booking, login, staff portals, the logout button). Not at
 * the root: the landing and policy pages never load TanStack Query. Every scope shares one client.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const override = useContext(QueryClientOverride);
  return <QueryClientProvider client={override ?? queryClient}>{children}</QueryClientProvider>;
}
