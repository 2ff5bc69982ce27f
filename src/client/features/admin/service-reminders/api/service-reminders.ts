import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { ImportResult, PendingProduct, Reminder } from "@/common/schemas/service-reminders";

/** Query keys of the service-reminder screen; an import or a new reminder refreshes all of them. */
const remindersKeys = {
  all: ["admin", "service-reminders"] as const,
  pending: ["admin", "service-reminders", "pending"] as const,
  list: ["admin", "service-reminders", "list"] as const,
};

/** GET /api/admin/service-reminders/pending: the products due a reminder (rules §2, §9). */
export function usePendingProducts() {
  return useQuery({ queryKey: remindersKeys.pending, queryFn: ({ signal }) => apiFetch<PendingProduct[]>("/api/admin/service-reminders/pending", { signal }) });
}

/** POST /api/admin/service-reminders/create: reminders for the chosen products. */
export function useCreateReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productIds: number[]) => apiFetch<{ createdCount: number }>("/api/admin/service-reminders/create", { method: "POST", body: { productIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersKeys.all }),
  });
}

/** GET /api/admin/service-reminders: every reminder with its state and answers. */
export function useReminders() {
  return useQuery({ queryKey: remindersKeys.list, queryFn: ({ signal }) => apiFetch<Reminder[]>("/api/admin/service-reminders", { signal }) });
}

/** POST /api/admin/service-reminders/send: sends what is due. */
export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ sentCount: number }>("/api/admin/service-reminders/send", { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersKeys.all }),
  });
}

/** POST /api/admin/customers/import: customers and their products, whose reminders follow. */
export function useImportCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: unknown) => apiFetch<ImportResult>("/api/admin/customers/import", { method: "POST", body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersKeys.all }),
  });
}
