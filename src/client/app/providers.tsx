import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "@/client/components/ui/toast";
import { ChatLauncherProvider } from "@/client/lib/chat-launcher";
import { queryClient as defaultQueryClient } from "@/client/lib/query-client";

/** Everything every page needs: server state, the shared chat dialog state and the toasts. */
export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ChatLauncherProvider>
        {children}
        <Toaster />
      </ChatLauncherProvider>
    </QueryClientProvider>
  );
}
