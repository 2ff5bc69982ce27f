import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Agreement } from "@/common/schemas/agreements";
import { agreementQueryKey } from "./get-agreement";
import { agreementsQueryKey } from "./get-agreements";

/**
 * A mutation whose answer is an agreement as it now is (or a new one): it goes into the cache for its
 * page, and every other agreement answer (the lists, the customer's and product's sections) is marked stale.
 */
export function useAgreementMutation<TInput>(mutationFn: (input: TInput) => Promise<Agreement>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (agreement) => {
      const cached = agreementQueryKey(agreement.id);
      queryClient.setQueryData(cached, agreement);
      // Not the answer just cached: asking again at once would only repeat it.
      await queryClient.invalidateQueries({
        queryKey: agreementsQueryKey,
        predicate: (query) => query.queryKey.length !== cached.length || query.queryKey.some((part, i) => part !== cached[i]),
      });
    },
  });
}
