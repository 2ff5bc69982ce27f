import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { ProductRefrigerantInput, ProductTimeline, RegisterEntry } from "@/common/schemas/refrigerant";
import { adminQueryKey } from "../../lib/query-keys";

export const timelineQueryKey = (productId: number) => [...adminQueryKey, "product-timeline", productId] as const;

/** GET /api/admin/products/:id/timeline: the unit's register entry and its history, newest first. */
export function getTimeline(productId: number, signal?: AbortSignal) {
  return apiFetch<ProductTimeline>(`/api/admin/products/${productId}/timeline`, { signal });
}

export function useTimeline(productId: number) {
  return useQuery({ queryKey: timelineQueryKey(productId), queryFn: ({ signal }) => getTimeline(productId, signal) });
}

/** PUT /api/admin/products/:id/refrigerant: what the register knows of the unit; answers its entry. */
export function saveRefrigerant(productId: number, input: ProductRefrigerantInput) {
  return apiFetch<RegisterEntry>(`/api/admin/products/${productId}/refrigerant`, { method: "PUT", body: input });
}

/** Saves the unit's refrigerant; the timeline, the register and the product's history are read again. */
export function useSaveRefrigerant(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductRefrigerantInput) => saveRefrigerant(productId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
