import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CustomerDeleted, CustomerDetail, CustomerInput, CustomerList, CustomerSort, CustomerSummary } from "@/common/schemas/customers";

const key = ["admin", "customers"] as const;
export type CustomerListParams = { q: string; sort: CustomerSort; dir: "asc" | "desc"; page: number };

/** GET /api/customers?q&sort&dir&page (rules §7): the previous page stays on screen while the next loads. */
export function useCustomers(params: CustomerListParams) {
  const search = new URLSearchParams({ q: params.q, sort: params.sort, dir: params.dir, page: String(params.page) });
  return useQuery({
    queryKey: [...key, "list", params],
    queryFn: ({ signal }) => apiFetch<CustomerList>(`/api/customers?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: [...key, "detail", id],
    queryFn: ({ signal }) => apiFetch<CustomerDetail>(`/api/customers/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerInput) => apiFetch<CustomerSummary>("/api/customers", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** PUT /api/customers/{id} (issue 23 point 8): 409 with a Swedish message for an e-mail another customer has, or an erased customer. */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CustomerInput }) => apiFetch<CustomerSummary>(`/api/customers/${id}`, { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<CustomerDeleted>(`/api/customers/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The GDPR export's address (a download; the browser sends the session cookie). */
export const customerExportUrl = (id: number) => `/api/customers/${id}/export`;
