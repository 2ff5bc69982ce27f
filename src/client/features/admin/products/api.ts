import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CustomerList } from "@/common/schemas/customers";
import type { Product, ProductDetail, ProductInput } from "@/common/schemas/products";

const key = ["admin", "products"] as const;

/** GET /api/products?q: the newest 200 matching model, brand, serial number, customer or city. */
export function useProducts(q: string) {
  return useQuery({
    queryKey: [...key, "list", q],
    queryFn: ({ signal }) => apiFetch<Product[]>(`/api/products?${new URLSearchParams({ q })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/products/{id}: the product and its change history (issue 23 point 8). */
export function useProduct(id: number | null) {
  return useQuery({
    queryKey: [...key, "detail", id],
    queryFn: ({ signal }) => apiFetch<ProductDetail>(`/api/products/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Customers to pick for a product: the register's search, from two letters. */
export function useCustomerChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "customers", "pick", q],
    queryFn: ({ signal }) => apiFetch<CustomerList>(`/api/customers?${new URLSearchParams({ q })}`, { signal }),
    enabled: enabled && q.length >= 2,
  });
}

/** POST /api/products; 409 for a serial number already registered, 422 for an unknown customer. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => apiFetch<Product>("/api/products", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** PUT /api/products/{id} (issue 23 point 8): what POST takes; the answer carries the history. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ProductInput }) => apiFetch<ProductDetail>(`/api/products/${id}`, { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
