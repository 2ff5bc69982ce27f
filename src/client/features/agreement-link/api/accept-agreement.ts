import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CustomerAgreement } from "@/common/schemas/agreements";
import { agreementLinkPath, customerAgreementQueryKey } from "./get-agreement";

/** POST /api/agreements/:token/accept: the agreement as accepted; refused with a Swedish message when it no longer waits for acceptance. */
export function acceptAgreement(token: string) {
  return apiFetch<CustomerAgreement>(`${agreementLinkPath(token)}/accept`, { method: "POST" });
}

/** Accepts the agreement; the answer is the page's new state. */
export function useAcceptAgreement(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptAgreement(token),
    onSuccess: (agreement) => queryClient.setQueryData(customerAgreementQueryKey(token), agreement),
    // Refused (accepted in another tab, ended meanwhile): the page shows the current state and the reason.
    onError: () => queryClient.invalidateQueries({ queryKey: customerAgreementQueryKey(token) }),
  });
}
