import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Invoice } from "@/common/schemas/invoices";
import { invoiceQueryKey } from "./get-invoice";
import { invoicesQueryKey } from "./get-invoices";

/**
 * A mutation whose answer is an invoice as it now is (or a new one: a draft, a credit note): it goes
 * into the cache for its page, and every other invoice answer (lists, the credited invoice) is marked stale.
 */
export function useInvoiceMutation<TInput>(mutationFn: (input: TInput) => Promise<Invoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (invoice) => {
      queryClient.setQueryData(invoiceQueryKey(invoice.id), invoice);
      // Not the answer just cached: asking again at once would only repeat it.
      const cached = invoiceQueryKey(invoice.id);
      await queryClient.invalidateQueries({
        queryKey: invoicesQueryKey,
        predicate: (query) => query.queryKey.length !== cached.length || query.queryKey.some((part, i) => part !== cached[i]),
      });
    },
  });
}
