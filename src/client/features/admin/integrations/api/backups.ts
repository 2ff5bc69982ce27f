import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BackupsStatus, HeldEmailsResult } from "@/common/schemas/backups";

const key = ["admin", "integrations"] as const;

/** GET /api/admin/backups: the nightly backup, the latest runs and the e-mails held after a restore. */
export function useBackups() {
  return useQuery({ queryKey: [...key, "backups"], queryFn: ({ signal }) => apiFetch<BackupsStatus>("/api/admin/backups", { signal }) });
}

/**
 * POST /api/admin/outbox/held/release or /discard; the outbox and its counts change with it. `onDone`
 * runs before the screen is refreshed: the notice that asked goes away with the held e-mails.
 */
export function useHeldEmailsAction(action: "release" | "discard", onDone: (result: HeldEmailsResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<HeldEmailsResult>(`/api/admin/outbox/held/${action}`, { method: "POST" }),
    onSuccess: (result) => {
      onDone(result);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
