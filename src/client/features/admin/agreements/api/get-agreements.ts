import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { AgreementStatus } from "@/common/agreements/terms";
import type { AgreementList } from "@/common/schemas/agreements";
import { adminQueryKey } from "../../lib/query-keys";

export type AgreementListFilter = AgreementStatus | "all";
/** The list's search and filter as the URL keeps them. */
export type AgreementListQuery = { q: string; status: AgreementListFilter };
/** The agreements of one customer, or of one product (the sections on their dialogs). */
export type AgreementsOf = { customerId?: number; productId?: number };
export type AgreementListItem = AgreementList["agreements"][number];

/** Every cached answer about agreements: a change to one refreshes the lists, the sections and its page at once. */
export const agreementsQueryKey = [...adminQueryKey, "agreements"] as const;
export const agreementListQueryKey = (query: AgreementListQuery & AgreementsOf) => [...agreementsQueryKey, "list", query] as const;

/**
 * GET /api/admin/agreements?status=&q=&customerId=&productId=: the agreements that match, and the
 * yearly value of the active ones among them. Only what narrows the list is sent ("all" is no status).
 */
export function getAgreements(query: Partial<AgreementListQuery> & AgreementsOf, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.customerId !== undefined) params.set("customerId", String(query.customerId));
  if (query.productId !== undefined) params.set("productId", String(query.productId));
  const search = params.toString();
  return apiFetch<AgreementList>(`/api/admin/agreements${search ? `?${search}` : ""}`, { signal });
}

/** The list for the search and filter in the URL; the previous answer stays on screen while the next loads. */
export function useAgreements(query: AgreementListQuery) {
  return useQuery({
    queryKey: agreementListQueryKey(query),
    queryFn: ({ signal }) => getAgreements(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every agreement of a customer or of a product, whatever its status. */
export function useAgreementsOf(of: AgreementsOf) {
  const query = { q: "", status: "all" as const, ...of };
  return useQuery({
    queryKey: agreementListQueryKey(query),
    queryFn: ({ signal }) => getAgreements(query, signal),
    staleTime: 0,
  });
}
