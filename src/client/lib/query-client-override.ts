import { createContext } from "react";
import type { QueryClient } from "@tanstack/react-query";

/**
 * The QueryClient to use instead of the app's singleton (tests pass their own). Only a type import:
 * TanStack Query itself loads with the pages that use it (lib/query-scope.tsx), not with "/".
 */
export const QueryClientOverride = createContext<QueryClient | null>(null);
