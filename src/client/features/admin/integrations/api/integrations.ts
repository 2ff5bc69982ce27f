import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CalendarFeed, IntegrationsStatus, OutboxList, OutboxMessageView, OutboxStatus } from "@/common/schemas/integrations";

const key = ["admin", "integrations"] as const;

/** GET /api/admin/integrations/status: e-mail and Google Calendar as they really are. */
export function useIntegrationsStatus() {
  return useQuery({ queryKey: [...key, "status"], queryFn: ({ signal }) => apiFetch<IntegrationsStatus>("/api/admin/integrations/status", { signal }) });
}

/** GET /api/admin/calendar-feeds: the company's feed and one per technician. */
export function useCalendarFeeds() {
  return useQuery({ queryKey: [...key, "feeds"], queryFn: ({ signal }) => apiFetch<CalendarFeed[]>("/api/admin/calendar-feeds", { signal }) });
}

export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<CalendarFeed>(`/api/admin/calendar-feeds/${id}/regenerate`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...key, "feeds"] }),
  });
}

/** GET /api/admin/outbox?status= */
export function useOutbox(status: OutboxStatus | "all") {
  return useQuery({
    queryKey: [...key, "outbox", status],
    queryFn: ({ signal }) => apiFetch<OutboxList>(`/api/admin/outbox${status === "all" ? "" : `?status=${status}`}`, { signal }),
  });
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<OutboxMessageView>(`/api/admin/outbox/${id}/retry`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** rules §7 GET /api/admin/google/auth: the consent URL for the popup. */
export const googleAuthUrl = () => apiFetch<{ authUrl: string }>("/api/admin/google/auth");

export function useDisconnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch("/api/admin/google/disconnect", { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...key, "status"] }),
  });
}

export const refreshIntegrations = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: key });
