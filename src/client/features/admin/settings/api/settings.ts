import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { SystemSettings } from "@/common/schemas/settings";

export const settingsQueryKey = ["admin", "settings"] as const;

/** GET /api/admin/settings: the stored settings over the rules §9 defaults. */
export function useSettings() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: ({ signal }) => apiFetch<SystemSettings>("/api/admin/settings", { signal }) });
}

/** PUT /api/admin/settings: all four sections at once; the answer is what is now stored. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SystemSettings) => apiFetch<SystemSettings>("/api/admin/settings", { method: "PUT", body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey, saved),
  });
}
