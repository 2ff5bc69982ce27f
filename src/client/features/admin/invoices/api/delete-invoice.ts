import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import { invoiceQueryKey } from "./get-invoice";
import { invoicesQueryKey } from "./get-invoices";

/** DELETE /api/admin/invoices/{id}: removes a draft; 409 'Bara utkast kan tas bort…' for a sent invoice. */
export function deleteInvoice(id: number) {
  return apiFetch<{ ok: true }>(`/api/admin/invoices/${id}`, { method: "DELETE" });
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: invoiceQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
    },
  });
}
