import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CustomerAgreement } from "@/common/schemas/agreements";

export const customerAgreementQueryKey = (token: string) => ["agreement-link", token] as const;

/** The API path of a link: /api/agreements/:token. */
export const agreementLinkPath = (token: string) => `/api/agreements/${encodeURIComponent(token)}`;

/** GET /api/agreements/:token: the terms the customer accepts, and whether they have; 404 for an unknown link, 400 for a malformed one. */
export function getCustomerAgreement(token: string, signal?: AbortSignal) {
  return apiFetch<CustomerAgreement>(agreementLinkPath(token), { signal });
}

export function useCustomerAgreement(token: string) {
  return useQuery({ queryKey: customerAgreementQueryKey(token), queryFn: ({ signal }) => getCustomerAgreement(token, signal) });
}
