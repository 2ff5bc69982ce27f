import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import { invoicesQueryKey } from "./get-invoices";

/** POST /api/admin/rot/claims: marks paid ROT invoices as claimed at Skatteverket, once the claim file has been sent in; 409 when none could be. */
export function markRotClaimed(invoiceIds: number[]) {
  return apiFetch<{ marked: number }>("/api/admin/rot/claims", { method: "POST", body: { invoiceIds } });
}

export function useMarkRotClaimed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markRotClaimed, onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }) });
}
