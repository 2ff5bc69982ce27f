import { QueryClient } from "@tanstack/react-query";

/**
 * rules §7: data never becomes stale, no refetch on window focus, no polling, no retries.
 * Features refresh data explicitly by invalidating or setting queries after mutations.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
